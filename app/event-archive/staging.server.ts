/**
 * An uploaded event archive waits on disk between its check and the organiser's "Import" (decision 039): the check
 * page carries only its token, so the file is not sent twice and the form works without JavaScript. A staged file
 * is named by the organisation, the person and a random token, so nobody else's token finds it; it is removed once
 * imported, and any left for a day is removed when the next one is staged.
 */
import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { config } from "~/config.server";

/** The largest archive taken: below the ceiling server.js sets on an admin page's body (security/body-limit.ts). */
export const MAX_ARCHIVE_BYTES = 60 * 1024 * 1024;
const KEPT_FOR_MS = 24 * 60 * 60 * 1000;
const TOKEN = /^[0-9a-f]{32}$/;

export type StagedArchive = { token: string; file: string };

function folder(): string {
  return path.join(config.dataDir, "archive-imports");
}

function fileOf(clientId: number, usrId: number, token: string): string {
  return path.join(folder(), `${clientId}-${usrId}-${token}.tar.gz`);
}

async function removeStale(now: number) {
  for (const name of await readdir(folder())) {
    const file = path.join(folder(), name);
    const info = await stat(file).catch(() => null);
    if (info && now - info.mtimeMs > KEPT_FOR_MS) await rm(file, { force: true });
  }
}

/** Writes the uploaded bytes to a staged file as they arrive; null (and nothing kept) past MAX_ARCHIVE_BYTES. */
export async function stageArchive(
  clientId: number,
  usrId: number,
  data: AsyncIterable<Uint8Array>,
): Promise<StagedArchive | null> {
  await mkdir(folder(), { recursive: true });
  await removeStale(Date.now());
  const token = randomBytes(16).toString("hex");
  const file = fileOf(clientId, usrId, token);
  let size = 0;
  const out = createWriteStream(file, { flags: "wx", mode: 0o600 });
  const counted = async function* () {
    for await (const chunk of data) {
      size += chunk.byteLength;
      // Past the limit the rest is read and dropped, so the browser sees the answer rather than a reset connection.
      if (size <= MAX_ARCHIVE_BYTES) yield chunk;
    }
  };
  await pipeline(counted, out as Writable);
  if (size > MAX_ARCHIVE_BYTES) {
    await rm(file, { force: true });
    return null;
  }
  return { token, file };
}

/**
 * Takes the staged file of this token, for this organisation and person, for one import: it is renamed away first, so
 * the same form posted twice (a double click without JavaScript) imports once and the second finds nothing. Null
 * when there is none (imported already, or too old).
 */
export async function claimStagedArchive(clientId: number, usrId: number, token: string): Promise<string | null> {
  if (!TOKEN.test(token)) return null;
  const file = fileOf(clientId, usrId, token);
  const claimed = `${file}.importing`;
  try {
    await rename(file, claimed);
  } catch {
    return null;
  }
  return claimed;
}

export async function removeStagedArchive(file: string) {
  await rm(file, { force: true });
}
