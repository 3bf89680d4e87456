// Before each integration test file: a fresh, migrated database of the engine the project runs on,
// installed as the app's database handle (app/db.server.ts), and removed afterwards. With TEST_PGLITE_WORKER=true,
// PGlite runs in a worker thread on a data folder, as the server runs it (docs/decisions/040-pglite-worker.md).
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import postgres from "postgres";
import { afterAll, inject } from "vitest";
import { openDatabase, type DatabaseConnection } from "~/db/connection.server";
import { builtPgliteWorker } from "./pglite-worker";
import { databaseUrl } from "./postgres-server";

async function freshDatabase(): Promise<{ connection: DatabaseConnection; dispose: () => Promise<void> }> {
  if (process.env.TEST_DB_ENGINE === "postgres") return freshPostgresDatabase();
  const template = pgliteTemplate();
  if (process.env.TEST_PGLITE_WORKER === "true") return pgliteInWorker(template);
  const client = new PGlite({ loadDataDir: template, startParams: TEST_START_PARAMS });
  const connection = openDatabase({ engine: "pglite", client });
  return { connection, dispose: () => connection.close() };
}

/**
 * A copy of the migrated template (tests/support/postgres-global-setup.ts), named after it. Copying one and dropping
 * one take PostgreSQL about 0.2 s each, a third of a small file's time: a worker that runs file after file (a shared
 * module graph) copies the next file's database while this file runs, and drops a file's database while the next one
 * runs. The run's end drops what is left (postgres-global-setup.ts).
 */
async function freshPostgresDatabase() {
  const adminUrl = inject("postgresAdminUrl");
  const template = inject("postgresTemplate");
  const state = globalThis as { __gavelPostgresCopies?: PostgresCopies };
  // Each project has a template of its own: a copy made ahead from another's is not this file's.
  if (state.__gavelPostgresCopies?.template !== template)
    state.__gavelPostgresCopies = { template, admin: postgres(adminUrl, { max: 2, onnotice: () => {} }) };
  const worker = state.__gavelPostgresCopies;
  const copy = async () => {
    const name = `${template}_${randomBytes(6).toString("hex")}`;
    await worker.admin.unsafe(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    return name;
  };
  const name = await (worker.next ?? copy());
  worker.next = process.env.TEST_SHARED_GRAPH === "true" ? copy() : undefined;
  // Awaited by the next file, which reports a failure; until then it must not count as unhandled.
  worker.next?.catch(() => {});
  const connection = openDatabase({ engine: "postgres", url: databaseUrl(adminUrl, name), maxConnections: 20 });
  return {
    connection,
    async dispose() {
      await connection.close();
      const dropped = worker.admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      if (process.env.TEST_SHARED_GRAPH === "true") dropped.catch(() => {});
      else {
        // A process of this file's own ends with it.
        await dropped;
        await worker.admin.end();
      }
    },
  };
}

interface PostgresCopies {
  template: string;
  admin: postgres.Sql;
  /** The next file's database, being copied. */
  next?: Promise<string>;
}

/**
 * PGlite's own start parameters, with 16 MB of shared buffers instead of 128 MB: PGlite clears them at every start,
 * half a second of each file's setup, for a test database of a few megabytes (docs/testing.md, "Opening PGlite").
 */
const TEST_START_PARAMS = [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"];

/**
 * The migrated template (tests/support/pglite-global-setup.ts) as PGlite loads it, read from disk once per worker.
 * PGlite reads the Blob it is given with arrayBuffer(), which Node answers by streaming the Blob's 45 MB in chunks and
 * joining them: 0.4 s alone, over a second in a busy worker. This Blob hands over the bytes already read.
 */
function pgliteTemplate(): Blob {
  const file = inject("pgliteTemplateFile");
  const cache = globalThis as { __gavelPgliteTemplate?: { file: string; bytes: ArrayBuffer } };
  if (cache.__gavelPgliteTemplate?.file !== file) {
    const read = readFileSync(file);
    cache.__gavelPgliteTemplate = {
      file,
      bytes: read.buffer.slice(read.byteOffset, read.byteOffset + read.byteLength),
    };
  }
  return new ReadTemplate(cache.__gavelPgliteTemplate.bytes);
}

/**
 * The template for PGlite's loadDataDir, which reads it with arrayBuffer() only: that is the one method answered here
 * (the Blob itself is empty). PGlite copies the bytes into its own file system and never writes to them, so one copy
 * serves every file of a worker.
 */
class ReadTemplate extends Blob {
  readonly #tarball: ArrayBuffer;

  constructor(tarball: ArrayBuffer) {
    super([], { type: "application/x-tar" });
    this.#tarball = tarball;
  }

  override arrayBuffer() {
    return Promise.resolve(this.#tarball);
  }
}

/** The template in a data folder of its own, opened through PGlite's worker thread. */
async function pgliteInWorker(template: Blob) {
  const folder = mkdtempSync(path.join(tmpdir(), "gavel-test-pglite-"));
  const dataDir = path.join(folder, "pglite");
  const unpacked = new PGlite(dataDir, { loadDataDir: template, startParams: TEST_START_PARAMS });
  await unpacked.close();
  const worker = await builtPgliteWorker();
  const connection = openDatabase({
    engine: "pglite",
    dataDir,
    worker: { workerFile: worker.file, onCrash: (error) => console.error("PGlite's worker thread died:", error) },
  });
  return {
    connection,
    async dispose() {
      await connection.close();
      worker.remove();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

const { connection, dispose } = await freshDatabase();
globalThis.__gavelDatabase = connection;
// Files sharing a module graph (vitest.config.ts) find the app loaded by an earlier file, bound to that file's
// database: hand it this one. A file in a process of its own loads the app after this and picks it up from
// globalThis; importing it here would read the configuration before the file's own settings.
if (process.env.TEST_SHARED_GRAPH === "true") (await import("~/db.server")).installDatabase(connection);

afterAll(async () => {
  globalThis.__gavelDatabase = undefined;
  await dispose();
});
