/**
 * The embedded PGlite's worker script for tests, built from the source as `npm run build` builds it, into a folder
 * under node_modules (from where the script finds its packages) named for this process.
 */
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import path from "node:path";
import { buildPgliteWorker } from "../../scripts/pglite-worker-build.mjs";

export async function builtPgliteWorker(): Promise<{ file: string; remove(): void }> {
  const file = path.resolve("node_modules/.cache/gavel-pglite-worker", `${randomBytes(6).toString("hex")}.js`);
  await buildPgliteWorker(file);
  return { file, remove: () => rmSync(file, { force: true }) };
}
