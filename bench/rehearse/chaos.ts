/**
 * `--chaos`: faults played into the evening at set minutes, while the silent auction, the live auction and the room are
 * busy. Phones lose their network (their streams cut, their requests cut mid-way) and come back; an app process is
 * killed with SIGKILL (on PostgreSQL one of the cluster's workers, which server.js replaces; on PGlite the one process,
 * started again on the same folder as an operator's supervisor would); PostgreSQL is restarted (pg_ctl, as its
 * operator would). People try again what failed with the same idempotency key (browser.ts, `Retrying`), and the
 * invariants afterwards say whether anything acknowledged was lost or doubled. For each fault the report says when it
 * came, how long until the app answered again, and the unexpected answers while it lasted.
 */
import { execFileSync, spawn } from "node:child_process";
import { statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import postgres from "postgres";
import { appProcesses } from "../support/app";
import { sleep } from "../support/stats";
import type { Night } from "./night";

export interface Fault {
  name: string;
  /** When it came: seconds since the rehearsal's tally began, and the evening's minute. */
  at: number;
  minute: number;
  /** From the fault to the app's first healthy answer after it, ms (for phones: their streams open again). */
  recoveredMs: number;
  /** Unexpected answers from the fault until a second after it was over, by kind. */
  errors: Record<string, number>;
  detail: string;
}

/** The minutes of the evening at which each fault comes. */
export const CHAOS_MINUTES = { phonesDrop: 20, appKilled: 30, postgresRestarted: 40, phonesDropAgain: 50 };

/** Plays the faults into the evening; answers them once the last is over. */
export async function playChaos(night: Night, adminUrl: string): Promise<Fault[]> {
  const faults: Fault[] = [];
  await night.at(CHAOS_MINUTES.phonesDrop);
  faults.push(await dropPhones(night));
  await night.at(CHAOS_MINUTES.appKilled);
  faults.push(await killAppProcess(night));
  if (night.stage.engine === "postgres") {
    await night.at(CHAOS_MINUTES.postgresRestarted);
    faults.push(await restartPostgres(night, adminUrl));
  }
  await night.at(CHAOS_MINUTES.phonesDropAgain);
  faults.push(await dropPhones(night));
  for (const fault of faults) night.log(`  fault: ${fault.name}: ${fault.detail}`);
  return faults;
}

/**
 * A fault's record once it is over at `over` (tally seconds): the errors are counted until a second later, when the
 * retries of what it cut have been answered or have failed for good.
 */
async function faultOver(night: Night, name: string, at: number, over: number, detail: string): Promise<Fault> {
  await sleep(1_000);
  return {
    name,
    at,
    minute: Math.round((night.minute() - (night.tally.now() - at) / (60 / night.speed)) * 10) / 10,
    recoveredMs: Math.round((over - at) * 1000),
    errors: night.tally.errorsBetween(at, over + 1),
    detail,
  };
}

/** Polls /health until it answers 200; answers when (tally seconds), or null after `seconds`. */
async function healthyAgain(night: Night, seconds = 90): Promise<number | null> {
  const deadline = performance.now() + seconds * 1000;
  while (performance.now() < deadline) {
    try {
      const response = await fetch(`${night.stage.app.url}/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return night.tally.now();
    } catch {
      // not answering yet
    }
    await sleep(100);
  }
  return null;
}

/**
 * A quarter of the streaming phones lose their network for a minute of the evening (a second at least): their
 * streams are cut at once and their requests meanwhile cut mid-way; they come back as the app's client does.
 */
async function dropPhones(night: Night): Promise<Fault> {
  const at = night.tally.now();
  const offlineMs = Math.max(1_000, 60_000 / night.speed);
  const phones = night.random.shuffle([...night.streams]).slice(0, Math.max(1, Math.round(night.streams.length / 4)));
  const dropped = new Set(phones.map((stream) => stream.owner));
  for (const guest of night.guests)
    if (dropped.has(guest.usrId)) guest.phone.offlineUntil = performance.now() + offlineMs;
  for (const stream of phones) stream.drop(offlineMs);
  // Back once each dropped phone's stream has a snapshot again (opened within a second of the network's return).
  const deadline = performance.now() + offlineMs + 30_000;
  await sleep(offlineMs);
  while (performance.now() < deadline && phones.some((stream) => stream.lost())) await sleep(100);
  const still = phones.filter((stream) => stream.lost()).length;
  return faultOver(
    night,
    "phones lose their network",
    at,
    night.tally.now(),
    `${phones.length} of ${night.streams.length} streaming phones offline ${(offlineMs / 1000).toFixed(1)} s` +
      (still > 0 ? `; ${still} not streaming again 30 s later` : "; every stream open again"),
  );
}

/** SIGKILL to one app process: a worker of the cluster on PostgreSQL (server.js starts another), else the app. */
async function killAppProcess(night: Night): Promise<Fault> {
  const { stage } = night;
  const primary = stage.app.child.pid!;
  const workers = appProcesses(primary).filter((pid) => pid !== primary);
  const at = night.tally.now();
  if (stage.engine === "postgres" && workers.length > 1) {
    const victim = night.random.pick(workers);
    process.kill(victim, "SIGKILL");
    const healthy = await healthyAgain(night);
    // The cluster's primary replaces the worker: back to full strength once the count is back.
    const deadline = performance.now() + 60_000;
    const replaced = () => {
      const now = appProcesses(primary);
      return !now.includes(victim) && now.length > workers.length;
    };
    while (performance.now() < deadline && !replaced()) await sleep(100);
    const replacedAfter = night.tally.now() - at;
    return faultOver(
      night,
      "an app process killed (SIGKILL)",
      at,
      healthy ?? night.tally.now(),
      `worker ${victim} of ${workers.length} killed; the app answered ${healthy === null ? "not within 90 s" : `after ${((healthy - at) * 1000).toFixed(0)} ms`}, a new worker after ${replacedAfter.toFixed(1)} s`,
    );
  }
  await stage.restartApp();
  const healthy = (await healthyAgain(night)) ?? night.tally.now();
  return faultOver(
    night,
    "the app killed (SIGKILL) and started again",
    at,
    healthy,
    `its one process killed and started again on the same data; it answered after ${(healthy - at).toFixed(1)} s`,
  );
}

/**
 * PostgreSQL restarted (pg_ctl restart --mode fast, run as the data folder's owner): every connection of the app is
 * cut, and it answers again once its pools have new ones. The server must be on this machine. The restarted server
 * writes its log to `<tmp>/gavel-rehearsal-postgres.log` (pg_ctl's -l; without it, its output would hold ours).
 */
async function restartPostgres(night: Night, adminUrl: string): Promise<Fault> {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  const [setting] = await admin`select current_setting('data_directory') as folder,
    current_setting('server_version_num')::int / 10000 as major`;
  await admin.end();
  const folder = String(setting.folder);
  const pgCtl = `/usr/lib/postgresql/${setting.major}/bin/pg_ctl`;
  const owner = execFileSync("id", ["-nu", String(statSync(folder).uid)], { encoding: "utf8" }).trim();
  const logFile = path.join(tmpdir(), "gavel-rehearsal-postgres.log");
  const command = ["-D", folder, "-l", logFile, "--mode", "fast", "--wait", "restart"];
  const at = night.tally.now();
  // Not a synchronous call: the evening's phones and desks carry on meanwhile.
  const [program, args] = asOwner(owner, pgCtl, command);
  const exitCode = await new Promise<number | null>((resolve) =>
    spawn(program, args, { stdio: "ignore" }).once("exit", resolve),
  );
  if (exitCode !== 0) throw new Error(`pg_ctl restart exited with ${exitCode}: see ${logFile}`);
  const serverBack = night.tally.now();
  const healthy = (await healthyAgain(night)) ?? night.tally.now();
  return faultOver(
    night,
    "PostgreSQL restarted",
    at,
    healthy,
    `pg_ctl restart took ${(serverBack - at).toFixed(1)} s; the app answered ${(healthy - at).toFixed(1)} s after it began`,
  );
}

/** `program` with `args`, run as `owner` (through runuser when this process is root and someone else). */
function asOwner(owner: string, program: string, args: string[]): [string, string[]] {
  const me = execFileSync("id", ["-nu"], { encoding: "utf8" }).trim();
  return me === owner ? [program, args] : ["runuser", ["-u", owner, "--", program, ...args]];
}
