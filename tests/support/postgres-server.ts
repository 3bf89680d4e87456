/**
 * A PostgreSQL server for the test suite: the one DATABASE_URL names, or else a throwaway cluster made
 * with the installed server binaries (initdb + pg_ctl into a temporary folder, on a free port), removed
 * afterwards.
 */
import { execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "./free-port";

export interface PostgresServer {
  /** A URL with rights to create databases. */
  adminUrl: string;
  stop(): void;
}

export async function startPostgresServer(): Promise<PostgresServer> {
  if (process.env.DATABASE_URL) return { adminUrl: process.env.DATABASE_URL, stop() {} };

  const bin = findServerBinaries();
  const dir = mkdtempSync(path.join(tmpdir(), "gavel-pg-"));
  const dataDir = path.join(dir, "data");
  const port = await freePort();
  // The server refuses to run as root; run it as the postgres system user when we are root.
  const asUser = process.getuid?.() === 0 ? systemUser("postgres") : undefined;
  if (asUser) chownSync(dir, asUser.uid, asUser.gid);
  const run = (command: string, args: string[]) =>
    execFileSync(
      asUser ? "runuser" : path.join(bin, command),
      asUser ? ["-u", "postgres", "--", path.join(bin, command), ...args] : args,
      {
        stdio: "pipe",
        cwd: dir,
      },
    );

  run("initdb", ["-D", dataDir, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-locale"]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  run("pg_ctl", ["-D", dataDir, "-o", options, "-l", path.join(dir, "server.log"), "-w", "start"]);

  return {
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run("pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "stop"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

function findServerBinaries(): string {
  const candidates = [
    ...(process.env.PATH ?? "").split(path.delimiter),
    ...listDirs("/usr/lib/postgresql").map((version) => `/usr/lib/postgresql/${version}/bin`),
  ];
  const found = candidates.find((dir) => existsSync(path.join(dir, "initdb")) && existsSync(path.join(dir, "pg_ctl")));
  if (!found) {
    throw new Error(
      "The integration tests need a PostgreSQL server: set DATABASE_URL to one (a user that may create databases), " +
        "or install the PostgreSQL server binaries (Debian/Ubuntu: apt-get install -y postgresql) so that the suite can start its own.",
    );
  }
  return found;
}

function listDirs(dir: string): string[] {
  return existsSync(dir) ? readdirSync(dir).sort().reverse() : [];
}

function systemUser(name: string) {
  const id = (flag: string) => Number(execFileSync("id", [flag, name]).toString().trim());
  return { uid: id("-u"), gid: id("-g") };
}

/** The URL of another database on the same server. */
export function databaseUrl(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}
