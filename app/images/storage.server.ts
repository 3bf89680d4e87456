/**
 * Where uploaded files live: a small interface keyed by slash-separated names, so that object storage (S3 and
 * the like) can be added beside the local disk later without touching the uploader or the route that serves files.
 * The local disk, under UPLOAD_DIR, is the only implementation for now. See docs/decisions/008-images.md.
 */
import { randomBytes } from "node:crypto";
import { mkdir, open, rename, stat, unlink } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { config } from "~/config.server";

export type StoredFile = {
  /** The file's bytes, streamed. */
  body: ReadableStream<Uint8Array>;
  /** Its length in bytes. */
  size: number;
};

export interface FileStorage {
  /** Writes the file whole or not at all: a reader never sees part of it, and a failed write leaves nothing. */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The file, or null when there is none under that key. */
  get(key: string): Promise<StoredFile | null>;
  has(key: string): Promise<boolean>;
  /** Removes the file; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
}

// Lowercase segments that start with a letter or digit: no "..", no hidden names (the local disk's temporary files
// start with a dot), no backslashes, no absolute paths. Every implementation refuses other keys.
const KEY = /^[a-z0-9][a-z0-9_.-]*(?:\/[a-z0-9][a-z0-9_.-]*)*$/;

export function isStorageKey(key: string): boolean {
  return key.length <= 512 && KEY.test(key);
}

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`Not a storage key: ${JSON.stringify(key.slice(0, 100))}`);
    this.name = "InvalidStorageKeyError";
  }
}

/** Files in a folder of the local disk, one file per key (`images/<hash>/w640.webp` under the root). */
export class LocalDiskStorage implements FileStorage {
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  /** The file's path; throws for a key that is not valid or would leave the root (which the rule already rules out). */
  private pathOf(key: string): string {
    if (!isStorageKey(key)) throw new InvalidStorageKeyError(key);
    const file = path.resolve(this.root, ...key.split("/"));
    if (!file.startsWith(this.root + path.sep)) throw new InvalidStorageKeyError(key);
    return file;
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    // Written beside its final place under a hidden name, flushed, then renamed over it: a rename within a folder
    // is atomic, so the key holds either nothing or the whole file, even if the process dies half-way.
    const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString("hex")}.tmp`);
    try {
      const handle = await open(temporary, "wx", 0o644);
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temporary, file);
    } catch (error) {
      await unlink(temporary).catch(() => {});
      throw error;
    }
  }

  async get(key: string): Promise<StoredFile | null> {
    if (!isStorageKey(key)) return null;
    let handle;
    try {
      handle = await open(this.pathOf(key), "r");
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    try {
      const stat = await handle.stat();
      if (!stat.isFile()) {
        await handle.close();
        return null;
      }
      // The stream closes the handle when it ends or is cancelled.
      const stream = handle.createReadStream();
      return { body: Readable.toWeb(stream) as ReadableStream<Uint8Array>, size: stat.size };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async has(key: string): Promise<boolean> {
    if (!isStorageKey(key)) return false;
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await unlink(this.pathOf(key));
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === "ENOENT" || code === "ENOTDIR" || code === "EISDIR";
}

let storage: FileStorage | undefined;

/** The app's storage, made on first use from UPLOAD_DIR (read from the configuration, not at import time). */
export function fileStorage(): FileStorage {
  storage ??= new LocalDiskStorage(config.UPLOAD_DIR);
  return storage;
}
