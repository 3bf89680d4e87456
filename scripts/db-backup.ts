/**
 * `npm run db:backup -- <file>` and `npm run db:restore -- <file>`: the whole database the app would use
 * (DATABASE_URL, else the embedded one in DATA_DIR) to a file and back (app/db/backup.server.ts). Stop the server
 * first on the embedded database: only one process may open it. Bundled to build/cli/db-backup.js.
 */
import path from "node:path";
import { config } from "~/config.server";
import { backupDatabase, restoreDatabase, type BackupTarget } from "~/db/backup.server";

const usage = "Usage: node build/cli/db-backup.js backup <file> | restore <file>";

const target: BackupTarget = config.DATABASE_URL
  ? { engine: "postgres", url: config.DATABASE_URL }
  : { engine: "pglite", dataDir: path.join(config.dataDir, "pglite") };

async function run(command: string | undefined, file: string | undefined) {
  if (!file) throw new Error(usage);
  const where = path.resolve(file);
  if (command === "backup") {
    await backupDatabase(target, where);
    console.log(`Backed up the ${target.engine === "postgres" ? "PostgreSQL" : "embedded"} database to ${where}.`);
  } else if (command === "restore") {
    const kept = await restoreDatabase(target, where);
    console.log(`Restored the database from ${where}.${kept ? ` The folder it replaced is kept at ${kept}.` : ""}`);
  } else throw new Error(usage);
}

try {
  await run(process.argv[2], process.argv[3]);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
