/**
 * The tar layout of an event archive (decision 039), written and read a file at a time: POSIX ustar, regular files
 * only, names under 100 characters. Gavel writes and reads its own archives, so this is the small part of tar they
 * need rather than a dependency: a writer that turns (name, bytes) into blocks, and a reader that yields each file of
 * a byte stream as it arrives, holding one file in memory at a time, passing over folders, and refusing anything else
 * tar can hold (links, devices, names that climb out with "..").
 */

const BLOCK = 512;
const END_OF_ARCHIVE = Buffer.alloc(BLOCK * 2);

export type TarEntry = { name: string; bytes: Uint8Array };

/** Refused while reading: the file is not an archive Gavel wrote, or it was cut short. */
export class TarFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "TarFormatError";
  }
}

function writeText(header: Buffer, text: string, offset: number, length: number) {
  header.write(text, offset, Math.min(Buffer.byteLength(text), length), "utf8");
}

function writeOctal(header: Buffer, value: number, offset: number, length: number) {
  writeText(header, `${value.toString(8).padStart(length - 1, "0")}\0`, offset, length);
}

/** The header block, the bytes, and the padding to a whole block. */
export function tarEntry({ name, bytes }: TarEntry): Buffer[] {
  if (Buffer.byteLength(name) >= 100) throw new Error(`Tar name too long: ${name}`);
  const header = Buffer.alloc(BLOCK);
  writeText(header, name, 0, 100);
  writeOctal(header, 0o644, 100, 8);
  writeOctal(header, 0, 108, 8);
  writeOctal(header, 0, 116, 8);
  writeOctal(header, bytes.byteLength, 124, 12);
  writeOctal(header, 0, 136, 12);
  header.fill(" ", 148, 156);
  header.write("0", 156, "latin1");
  header.write("ustar\u000000", 257, "latin1");
  let sum = 0;
  for (const byte of header) sum += byte;
  writeText(header, `${sum.toString(8).padStart(6, "0")}\0 `, 148, 8);
  const padding = (BLOCK - (bytes.byteLength % BLOCK)) % BLOCK;
  return [header, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), Buffer.alloc(padding)];
}

/** The two empty blocks that end an archive. */
export function tarEnd(): Buffer {
  return END_OF_ARCHIVE;
}

function readText(block: Buffer, offset: number, length: number): string {
  const field = block.subarray(offset, offset + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString("utf8");
}

function readOctal(block: Buffer, offset: number, length: number): number {
  const text = readText(block, offset, length).trim();
  if (!/^[0-7]+$/.test(text)) throw new TarFormatError("A file header of the archive is damaged.");
  return parseInt(text, 8);
}

function checksumHolds(block: Buffer): boolean {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : block[i]!;
  return readOctal(block, 148, 8) === sum;
}

/** Reads exactly the bytes asked for from a stream of chunks, keeping only what is not yet taken. */
class ChunkReader {
  private chunks: Buffer[] = [];
  private held = 0;
  private done = false;
  constructor(private readonly source: AsyncIterator<Uint8Array>) {}

  /** `length` bytes, or null at a clean end of the stream (nothing held); a stream cut inside them is refused. */
  async take(length: number): Promise<Buffer | null> {
    while (this.held < length && !this.done) {
      const next = await this.source.next();
      if (next.done) this.done = true;
      else {
        const chunk = Buffer.from(next.value.buffer, next.value.byteOffset, next.value.byteLength);
        this.chunks.push(chunk);
        this.held += chunk.byteLength;
      }
    }
    if (this.held === 0 && this.done) return null;
    if (this.held < length) throw new TarFormatError("The archive ends in the middle of a file: it was cut short.");
    const all = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.held);
    const taken = all.subarray(0, length);
    const rest = all.subarray(length);
    this.chunks = rest.byteLength > 0 ? [rest] : [];
    this.held = rest.byteLength;
    return taken;
  }
}

const SAFE_NAME = /^[A-Za-z0-9_.-]+(?:\/[A-Za-z0-9_.-]+)*$/;

/**
 * Each regular file of a tar byte stream, in order, its bytes whole (at most `maxEntryBytes`, and `maxTotalBytes` for
 * all of them). Ends at the archive's end blocks, or at the end of the stream.
 */
export async function* readTar(
  source: AsyncIterable<Uint8Array>,
  maxEntryBytes: number,
  maxTotalBytes = Number.MAX_SAFE_INTEGER,
): AsyncGenerator<TarEntry> {
  const reader = new ChunkReader(source[Symbol.asyncIterator]());
  let total = 0;
  for (;;) {
    const header = await reader.take(BLOCK);
    if (header === null || header.every((byte) => byte === 0)) return;
    if (!checksumHolds(header)) throw new TarFormatError("A file header of the archive is damaged.");
    const prefix = readText(header, 345, 155);
    const name = prefix ? `${prefix}/${readText(header, 0, 100)}` : readText(header, 0, 100);
    const type = String.fromCharCode(header[156]!);
    const size = readOctal(header, 124, 12);
    // A folder (an archive unpacked and packed again by hand with tar) holds nothing to read.
    if (type === "5" && size === 0) continue;
    if ((type !== "0" && type !== "\0") || !SAFE_NAME.test(name) || name.split("/").includes(".."))
      throw new TarFormatError(`The archive holds “${name.slice(0, 100)}”, which is not a file Gavel writes.`);
    if (size > maxEntryBytes)
      throw new TarFormatError(`“${name}” in the archive is larger than ${Math.round(maxEntryBytes / 1048576)} MB.`);
    total += size;
    // A small file that unpacks to more than this is refused before it is read (a compression bomb).
    if (total > maxTotalBytes)
      throw new TarFormatError(`The archive unpacks to more than ${Math.round(maxTotalBytes / 1048576)} MB.`);
    const bytes = size === 0 ? Buffer.alloc(0) : await reader.take(size);
    if (bytes === null) throw new TarFormatError("The archive ends in the middle of a file: it was cut short.");
    const padding = (BLOCK - (size % BLOCK)) % BLOCK;
    if (padding > 0 && (await reader.take(padding)) === null)
      throw new TarFormatError("The archive ends in the middle of a file: it was cut short.");
    yield { name, bytes: new Uint8Array(bytes) };
  }
}
