/**
 * The stage the rehearsal plays on: the Stripe sandbox (app/demo/sandbox/stripe, the one the tests use) in this
 * process, a fresh database (a throwaway one on DATABASE_URL's PostgreSQL server, or an embedded PGlite folder), the
 * gala written into it, and the built app (`node server.js`) started on it with its payment calls sent to the sandbox.
 * Afterwards `database()` opens the same database for the checks (PGlite: once the app has stopped, as it has one owner).
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import postgresClient from "postgres";
import { startStripeSandbox, type StripeSandbox } from "../../app/demo/sandbox/stripe/server";
import { freePort } from "../../tests/support/free-port";
import { appProcesses, sessionCookie, startApp, throwawayDatabase, type App } from "../support/app";
import { pgliteDatabase, type BenchSql } from "../support/data";
import { demoGala } from "./demo-gala";
import { writeGala, type Gala } from "./gala";
// Types only (erased): the app's modules are imported once the configuration is in the environment.
import type { DatabaseConnection } from "~/db/connection.server";

export type Engine = "postgres" | "pglite";

export interface StageOptions {
  engine: Engine;
  /** A PostgreSQL server's address whose user may create databases (engine postgres). */
  adminUrl?: string;
  guests: number;
  items: number;
  /** Seconds from the evening's start to the silent auction's close. */
  silentSeconds: number;
  /** The demo gala (with its catalogue and history) instead of a gala of the rehearsal's own. */
  demo: boolean;
}

export interface Stage {
  engine: Engine;
  describe: string;
  /** The app now (a new one after `restartApp`, at the same address). */
  readonly app: App;
  gala: Gala;
  /** When the evening starts (epoch ms): the silent auction closes `silentSeconds` after it. */
  startsAt: number;
  stripe: StripeSandbox;
  /** The session cookie the sign-in flow would give the user (signed with this app's secret). */
  cookieOf(usrId: number): Promise<string>;
  /** Kills every process of the app (SIGKILL) and starts it again on the same port and data: answers when it is up. */
  restartApp(): Promise<void>;
  /** The stage's database for the checks (the app stopped first on PGlite). */
  database(): Promise<DatabaseConnection>;
  /** A plain SQL client on the stage's database, for the reference (after `database()`); `close` ends it. */
  plainSql(): PlainSql;
  /** Stops the app and the sandbox and removes the database (kept with BENCH_KEEP_DB). */
  end(): Promise<void>;
}

export interface PlainSql {
  sql: BenchSql;
  begin(work: (tx: BenchSql) => Promise<void>): Promise<unknown>;
  close(): Promise<void>;
}

/** How long the app may take to start (PGlite's first open of a folder takes seconds) before the evening's clock. */
const STARTUP_ALLOWANCE_MS = 8_000;

export async function setStage(options: StageOptions): Promise<Stage> {
  const stripe = await startStripeSandbox();
  const port = await freePort();
  const appUrl = `http://127.0.0.1:${port}`;
  const sessionSecret = randomBytes(32).toString("hex");
  const workDir = mkdtempSync(path.join(tmpdir(), "gavel-rehearsal-"));
  // One log across the app's restarts (--chaos).
  const logFile = path.join(workDir, "server.log");
  const postgres = options.engine === "postgres" ? await throwawayDatabase(options.adminUrl!) : null;
  const appEnv = {
    SECRETS_KEY: randomBytes(32).toString("hex"),
    STRIPE_API_URL: stripe.url,
    APP_HOST: `127.0.0.1:${port}`,
  };
  // The app's configuration is read when its modules are first imported: they are imported below, after this.
  Object.assign(process.env, appEnv, {
    SESSION_SECRET: sessionSecret,
    DATA_DIR: workDir,
    DATABASE_URL: postgres?.url ?? "",
    SEED_DEMO: "false",
  });
  const { openDatabase } = await import("~/db/connection.server");
  let connection: DatabaseConnection;
  if (postgres) {
    connection = openDatabase({ engine: "postgres", url: postgres.url, maxConnections: 4 });
    await connection.migrate();
  } else {
    connection = (await pgliteDatabase(path.join(workDir, "pglite"))).connection;
  }
  globalThis.__gavelDatabase = connection;
  const { installDatabase } = await import("~/db.server");
  installDatabase(connection);

  let app: App | null = null;
  try {
    const startsAt = Date.now() + STARTUP_ALLOWANCE_MS;
    const plan = {
      guests: options.guests,
      items: options.items,
      silentClosesAt: new Date(startsAt + options.silentSeconds * 1000),
      appUrl,
    };
    const gala = await (options.demo ? demoGala(connection.db, plan) : writeGala(connection.db, plan));
    // PGlite's folder has one owner: the app opens it once this process has let go.
    if (!postgres) await connection.close();
    const start = () => startApp(postgres?.url ?? "", sessionSecret, appEnv, { port, dataDir: workDir, logFile });
    app = await start();
    let started = app;
    let embedded: Awaited<ReturnType<typeof pgliteDatabase>> | null = null;
    let ended = false;
    return {
      engine: options.engine,
      describe: postgres ? postgres.describe : `PGlite (embedded) in ${workDir}`,
      get app() {
        return started;
      },
      gala,
      startsAt,
      stripe,
      cookieOf: (usrId) => sessionCookie(sessionSecret, usrId),
      async restartApp() {
        for (const pid of appProcesses(started.child.pid!)) {
          try {
            process.kill(pid, "SIGKILL");
          } catch {
            // gone already
          }
        }
        started.stop();
        started = await start();
      },
      async database() {
        if (postgres) return connection;
        started.stop();
        embedded = await pgliteDatabase(path.join(workDir, "pglite"));
        connection = embedded.connection;
        installDatabase(connection);
        return connection;
      },
      plainSql() {
        if (embedded) return { sql: embedded.sql, begin: embedded.sql.begin, close: async () => {} };
        const client = postgresClient(postgres!.url, { max: 16, onnotice: () => {} });
        return {
          sql: client as unknown as BenchSql,
          begin: (work) => client.begin((tx) => work(tx as unknown as BenchSql)),
          close: () => client.end({ timeout: 5 }),
        };
      },
      async end() {
        if (ended) return;
        ended = true;
        started.stop();
        await connection.close().catch(() => {});
        await stripe.close();
        if (postgres) await (process.env.BENCH_KEEP_DB ? postgres.keep() : postgres.drop());
        rmSync(workDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    app?.stop();
    await connection.close().catch(() => {});
    await stripe.close();
    await postgres?.drop();
    rmSync(workDir, { recursive: true, force: true });
    throw error;
  }
}
