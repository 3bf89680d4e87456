/**
 * Backing up and restoring the whole database (`npm run db:backup` / `db:restore`, docs/reliability.md):
 * - PostgreSQL: `pg_dump --format=custom` to a file, and `pg_restore --clean --if-exists` from it, into the database
 *   of the URL (the client tools of the server's major version or newer must be installed);
 * - PGlite: the data folder as PGlite's own tarball (dumpDataDir), taken by the process that holds the database, so
 *   nothing writes under it meanwhile; restoring moves the folder aside (kept, named with the time) and opens a new
 *   one from the tarball. The server must be stopped for both: only one process may open a PGlite folder.
 */
import { spawn } from "node:child_process";
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";

export type BackupTarget = { engine: "postgres"; url: string } | { engine: "pglite"; dataDir: string };

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "inherit", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", (error) => reject(new Error(`${command} could not start (is it installed?): ${error.message}`)));
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} failed (exit ${code}): ${stderr.trim()}`)),
    );
  });
}

/** Writes a backup of the whole database to `file`. */
export async function backupDatabase(target: BackupTarget, file: string, client?: PGlite): Promise<void> {
  if (target.engine === "postgres") {
    await run("pg_dump", ["--format=custom", "--no-owner", `--file=${file}`, `--dbname=${target.url}`]);
    return;
  }
  const own = client ?? new PGlite(target.dataDir);
  try {
    await own.waitReady;
    const tarball = await own.dumpDataDir("gzip");
    writeFileSync(file, new Uint8Array(await tarball.arrayBuffer()));
  } finally {
    if (!client) await own.close();
  }
}

/** Replaces the database with the backup in `file`; returns where the PGlite folder it replaced was kept. */
export async function restoreDatabase(target: BackupTarget, file: string): Promise<string | null> {
  if (!existsSync(file)) throw new Error(`There is no backup at ${file}.`);
  if (target.engine === "postgres") {
    await run("pg_restore", [
      "--clean",
      "--if-exists",
      "--no-owner",
      "--single-transaction",
      `--dbname=${target.url}`,
      file,
    ]);
    return null;
  }
  const kept = existsSync(target.dataDir) ? `${target.dataDir}.before-restore-${Date.now()}` : null;
  if (kept) renameSync(target.dataDir, kept);
  const restored = new PGlite(target.dataDir, { loadDataDir: new Blob([readFileSync(file)]) });
  await restored.waitReady;
  await restored.close();
  return kept;
}
