/**
 * The built app as the benchmarks run it: `node server.js` on a throwaway database of the PostgreSQL server
 * DATABASE_URL names, and signed session cookies for its users (the sign-in flow's cookie, app/auth/session.server.ts).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createHmac, randomBytes } from "node:crypto";
import { closeSync, copyFileSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createCookieSessionStorage } from "@remix-run/node";
import postgres from "postgres";
import { freePort } from "../../tests/support/free-port";
import { sleep } from "./stats";

export interface App {
  url: string;
  child: ChildProcess;
  logFile: string;
  stop(): void;
}

/**
 * DATABASE_URL (unless `database` is false) and a built app (unless `build` is false), or a message saying how to run
 * `command`, and exit.
 */
export function requireBenchSetup(command: string, { database = true, build = true } = {}) {
  const adminUrl = process.env.DATABASE_URL ?? "";
  if (database && !/^postgres(ql)?:\/\//.test(adminUrl)) {
    console.error(
      `${command} needs a PostgreSQL server: set DATABASE_URL to one whose user may create databases, e.g.\n` +
        `  DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run ${command}`,
    );
    process.exit(2);
  }
  if (build && !existsSync("build/index.js")) {
    console.error(`${command} runs the built app: run \`npm run build\` first.`);
    process.exit(2);
  }
  return adminUrl;
}

/** A new database on the server of `adminUrl`; `drop` removes it. */
export async function throwawayDatabase(adminUrl: string) {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  const name = `gavel_bench_${randomBytes(4).toString("hex")}`;
  await admin.unsafe(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const [server] =
    await admin`select version() as version, current_setting('synchronous_commit') as sync, current_setting('fsync') as fsync`;
  return {
    name,
    url: url.toString(),
    describe: `PostgreSQL: ${server.version.split(",")[0]} (fsync ${server.fsync}, synchronous_commit ${server.sync}); database ${name}`,
    async drop() {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
    async keep() {
      await admin.end();
    },
  };
}

/**
 * Starts `node server.js` and waits for /health. `databaseUrl` "" runs it on the embedded PGlite in its data folder.
 * A drill that restarts the app passes the same `port`, `dataDir` and `logFile` again (kept at stop).
 */
export async function startApp(
  databaseUrl: string,
  sessionSecret: string,
  extraEnv: Record<string, string> = {},
  options: { port?: number; dataDir?: string; logFile?: string; memoryProbe?: boolean; startTimeoutMs?: number } = {},
): Promise<App> {
  const workDir = mkdtempSync(path.join(tmpdir(), "gavel-bench-"));
  const dataDir = options.dataDir ?? workDir;
  const logFile = options.logFile ?? path.join(workDir, "server.log");
  const log = openSync(logFile, "a");
  const port = options.port ?? (await freePort());
  // For profiling the app, e.g. BENCH_APP_NODE_ARGS="--prof --logfile=/tmp/gavel.v8.log --no-logfile-per-isolate".
  const nodeArgs = (process.env.BENCH_APP_NODE_ARGS ?? "").split(" ").filter(Boolean);
  // Every process (the cluster's workers inherit the options) answers SIGUSR2 with its memory (`appMemory`).
  if (options.memoryProbe)
    nodeArgs.push("--expose-gc", "--import", pathToFileURL(path.resolve("bench/support/memory-probe.mjs")).href);
  const child = spawn(process.execPath, [...nodeArgs, "server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: sessionSecret,
      SEED_DEMO: "false",
      ...extraEnv,
    },
    stdio: ["ignore", log, log],
  });
  closeSync(log);
  const url = `http://127.0.0.1:${port}`;
  const startTimeoutMs = options.startTimeoutMs ?? 60_000;
  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`The app exited with ${child.exitCode}:\n${readFileSync(logFile, "utf8").slice(-3000)}`);
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(
        `The app did not answer /health within ${startTimeoutMs / 1000} s:\n${readFileSync(logFile, "utf8").slice(-3000)}`,
      );
    }
    await sleep(250);
  }
  return {
    url,
    child,
    logFile,
    stop() {
      if (child.exitCode === null) child.kill("SIGKILL");
      // The app's output (one access-log line per request) is kept for a look afterwards.
      try {
        copyFileSync(logFile, path.join(tmpdir(), "gavel-bench-server.log"));
      } catch {
        // nothing written
      }
      rmSync(workDir, { recursive: true, force: true });
    },
  };
}

/** The app's processes: the one started, and the server processes it forked (WEB_CONCURRENCY). Linux (/proc). */
export function appProcesses(appPid: number): number[] {
  const pids = [appPid];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === appPid) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

export interface ProcessMemory {
  rss: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}

/**
 * The memory of the app's processes together after each has collected its garbage, in bytes: an app started with
 * `memoryProbe` prints it on SIGUSR2 in its log (bench/support/memory-probe.mjs).
 */
export async function appMemory(app: App): Promise<ProcessMemory> {
  const pids = appProcesses(app.child.pid!);
  const sentAt = readFileSync(app.logFile, "utf8").length;
  for (const pid of pids) process.kill(pid, "SIGUSR2");
  const total = { rss: 0, heapUsed: 0, external: 0, arrayBuffers: 0 };
  for (let waited = 0; waited < 30_000; waited += 250) {
    await sleep(250);
    const lines =
      readFileSync(app.logFile, "utf8")
        .slice(sentAt)
        .match(/^\[memory\] .*$/gm) ?? [];
    if (lines.length < pids.length) continue;
    for (const line of lines) {
      const memory = JSON.parse(line.slice("[memory] ".length)) as ProcessMemory;
      for (const key of Object.keys(total) as (keyof ProcessMemory)[]) total[key] += memory[key];
    }
    return total;
  }
  throw new Error("The app's processes did not print their memory within 30 s: was it started with memoryProbe?");
}

/**
 * The cookie the sign-in flow leaves for `usrId`: signed with the session cookie's own key, derived from the secret as
 * app/config.server.ts `secretFor` does, and carrying the session version of a new user (1) and a session id of its own.
 */
export async function sessionCookie(sessionSecret: string, usrId: number) {
  const key = createHmac("sha256", sessionSecret).update("gavel:session-cookie").digest("hex");
  const storage = createCookieSessionStorage({
    cookie: { name: "gavel_session", path: "/", sameSite: "lax", httpOnly: true, secrets: [key] },
  });
  const session = await storage.getSession();
  session.set("user", { usrId, version: 1, sessionId: randomBytes(16).toString("base64url") });
  session.set("expiresAt", Date.now() + 6 * 3_600_000);
  return (await storage.commitSession(session)).split(";")[0];
}
