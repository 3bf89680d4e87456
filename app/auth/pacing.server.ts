/**
 * Pacing instead of lockout (decision 035). A limit lets `free` attempts through in its window; each attempt beyond
 * waits for the one before it, twice as long each time, up to a ceiling: an attacker is slowed to about a dozen tries
 * an hour, and nothing is ever shut for longer than the ceiling. What is counted, and by what subject (an account, a
 * browser's device key, a client address), is for the caller: no limit here counts everyone together, so no one
 * person can fill it for the others.
 */
import { and, desc, eq, gt, inArray, lt, sql } from "drizzle-orm";
import { paced_attempt } from "~drizzle/schema";
import type { Database } from "~/db/connection.server";

/** How long an attempt counts: long enough that the doubling waits reach their ceiling within it. */
export const PACING_WINDOW_MS = 60 * 60 * 1000;

export type Pace = {
  /** Attempts in the window that go through at once. */
  free: number;
  /** The wait after the first attempt beyond `free`; it doubles with each further one, up to `maxDelayMs`. */
  firstDelayMs: number;
  maxDelayMs: number;
};

/** One paced attempt: the limit (`kind`) and what it counts by (`subject`). */
export type PacedSubject = { kind: string; subject: string };

/** The recent attempts that can still change the wait: the free ones and one per doubling up to the ceiling. */
const attemptsThatCount = (pace: Pace) => pace.free + Math.ceil(Math.log2(pace.maxDelayMs / pace.firstDelayMs)) + 1;

/**
 * When the next attempt may come, given the subject's recent attempts (newest first), or undefined when it may come
 * now. After `free` attempts in the window, the next waits `firstDelayMs` after the newest, the one after that twice
 * as long, and so on up to `maxDelayMs`.
 */
export function nextAttemptAt(recent: readonly Date[], pace: Pace, now: Date): Date | undefined {
  const counted = recent.filter((at) => at.getTime() > now.getTime() - PACING_WINDOW_MS);
  if (counted.length < pace.free) return undefined;
  const wait = Math.min(pace.firstDelayMs * 2 ** (counted.length - pace.free), pace.maxDelayMs);
  const at = new Date(counted[0].getTime() + wait);
  return at > now ? at : undefined;
}

/** Until when the subject must wait before its next attempt under `pace`, or undefined when it may go now. */
export async function pacedUntil(db: Database, { kind, subject }: PacedSubject, pace: Pace, now: Date) {
  const rows = await db
    .select({ created_at: paced_attempt.created_at })
    .from(paced_attempt)
    .where(
      and(
        eq(paced_attempt.kind, kind),
        eq(paced_attempt.subject, subject),
        gt(paced_attempt.created_at, new Date(now.getTime() - PACING_WINDOW_MS)),
      ),
    )
    .orderBy(desc(paced_attempt.created_at))
    .limit(attemptsThatCount(pace));
  return nextAttemptAt(
    rows.map((row) => row.created_at),
    pace,
    now,
  );
}

/** The first of several limits that holds the attempt back, and until when. */
export async function firstWait<Scope extends string>(
  db: Database,
  limits: ReadonlyArray<{ scope: Scope; counted: PacedSubject | undefined; pace: Pace }>,
  now: Date,
): Promise<{ scope: Scope; retryAt: Date } | undefined> {
  for (const { scope, counted, pace } of limits) {
    if (!counted) continue;
    const retryAt = await pacedUntil(db, counted, pace, now);
    if (retryAt) return { scope, retryAt };
  }
  return undefined;
}

/** A client as the per-browser limits see it: the key of its device cookie (when it sent one) and its address. */
export type PacedClient = { device: string | undefined; ip: string | undefined };

/** Where a wait held the client back: "this browser", or "your network" for a client without a device cookie. */
export type ClientScope = "device" | "address";

/**
 * Paces one kind of attempt per browser, and for a client that sends no device cookie (a script dropping cookies)
 * per network address: a room of guests, each holding their own cookie, never shares a limit. Counts the attempt
 * when it may go; otherwise answers which limit held it back and until when.
 */
export async function pacePerBrowser(
  db: Database,
  kind: string,
  client: PacedClient,
  paces: { device: Pace; cookielessAddress: Pace },
  now: Date,
): Promise<{ scope: ClientScope; retryAt: Date } | undefined> {
  const limits = [
    {
      scope: "device",
      counted: client.device ? { kind: `${kind}:device`, subject: client.device } : undefined,
      pace: paces.device,
    },
    {
      scope: "address",
      counted: !client.device && client.ip ? { kind: `${kind}:cookieless`, subject: client.ip } : undefined,
      pace: paces.cookielessAddress,
    },
  ] as const;
  const wait = await firstWait(db, limits, now);
  if (!wait)
    await recordAttempts(
      db,
      limits.map((limit) => limit.counted),
      now,
    );
  return wait;
}

/** "this browser" or "your network": who a refusal says made the attempts. */
export const clientWords = (scope: ClientScope) => (scope === "device" ? "this browser" : "your network");

/** Counts an attempt against each subject given. */
export async function recordAttempts(db: Database, counted: ReadonlyArray<PacedSubject | undefined>, now: Date) {
  const rows = counted.filter((entry): entry is PacedSubject => entry !== undefined);
  if (rows.length > 0) await db.insert(paced_attempt).values(rows.map((row) => ({ ...row, created_at: now })));
}

/** Wipes the slate of the subjects given (an account once its owner got in). */
export async function forgetAttempts(db: Database, kinds: readonly string[], subject: string) {
  await db.delete(paced_attempt).where(and(inArray(paced_attempt.kind, kinds), eq(paced_attempt.subject, subject)));
}

/** Wipes the slate of every subject of `kind` that starts with `prefix` (an account's attempts on each browser). */
export async function forgetAttemptsStartingWith(db: Database, kind: string, prefix: string) {
  await db
    .delete(paced_attempt)
    .where(and(eq(paced_attempt.kind, kind), sql`left(${paced_attempt.subject}, ${prefix.length}) = ${prefix}`));
}

/** Attempts past the window count for nothing: the periodic clean-up removes them. */
export async function deleteSpentAttempts(db: Database, now: Date) {
  await db.delete(paced_attempt).where(lt(paced_attempt.created_at, new Date(now.getTime() - PACING_WINDOW_MS)));
}

/** "30 seconds", "2 minutes": the wait a refusal tells the person. */
export function waitText(retryAt: Date, now: Date): string {
  const seconds = Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 1000));
  if (seconds < 60) return `${seconds} ${seconds === 1 ? "second" : "seconds"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} ${minutes === 1 ? "minute" : "minutes"}`;
}

/** The Retry-After header's seconds for a refusal that lasts until `retryAt`. */
export const retryAfterSeconds = (retryAt: Date, now: Date) =>
  String(Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 1000)));
