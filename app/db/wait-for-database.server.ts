/**
 * Start-up's first query, tried again while the database cannot be reached: a process started (or restarted by
 * server.js after a crash) during a database restart waits for it instead of exiting, and the app comes back by itself
 * (the crash drill stopped PostgreSQL for 10 s and found every process gone); the outbox worker waits the same way to
 * record a send. Any other error fails at once.
 */

/** Errors that say the server is not there yet, or is starting or stopping; not a wrong password or a bad query. */
const UNREACHABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "CONNECTION_CLOSED",
  "CONNECT_TIMEOUT",
]);
const STARTING_OR_STOPPING = new Set(["57P01", "57P02", "57P03"]); // admin_shutdown, crash_shutdown, cannot_connect_now

export function isDatabaseUnreachable(error: unknown): boolean {
  for (let current = error; current && typeof current === "object"; current = (current as { cause?: unknown }).cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && (UNREACHABLE_CODES.has(code) || STARTING_OR_STOPPING.has(code))) return true;
    // The embedded database has no code for it: it is closed when its process is stopping.
    if (current instanceof Error && current.message === "PGlite is closed") return true;
  }
  return false;
}

export async function untilDatabaseAnswers<T>(
  attempt: () => Promise<T>,
  { waitMs = 60_000, everyMs = 1_000, log = console.log } = {},
): Promise<T> {
  const deadline = Date.now() + waitMs;
  for (let tries = 1; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      if (!isDatabaseUnreachable(error) || Date.now() + everyMs > deadline) throw error;
      if (tries === 1)
        log(`The database cannot be reached; trying again every ${everyMs / 1000} s for ${waitMs / 1000} s.`);
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  }
}
