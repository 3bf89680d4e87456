// Drill 2 of issue 19: every route that has an action gets generated bad submissions (tests/support/bad-submissions.ts)
// from each persona (tests/support/personas.ts). None may answer 5xx or throw; and none may write unless the action
// accepted it, checked on a checksum of every table (tests/support/table-checksums.ts) taken around each batch.
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { ticket } from "~drizzle/schema";
import { makeAuctionItem, openAuctions } from "./auction";
import {
  badSubmissionArbitrary,
  bodyLeftHalfRead,
  describeSubmission,
  toRequest,
  type BadSubmission,
  type KnownIds,
} from "./bad-submissions";
import { formVocabulary } from "./form-vocabulary";
import { cookieFor, PERSONAS, type Persona, type PersonaWorld } from "./personas";
import { call, type Outcome, type RouteFunction } from "./route-calls";
import { routePath, type AppRoute } from "./route-manifest";
import { changedTables, longTexts, tableChecksums, type TableChecksums } from "./table-checksums";
import type { AccessRule } from "~/auth/route-access";
import type { Database } from "~/db/connection.server";

/**
 * Tables a refused request may write by design: paced_attempt records each failed password sign-in, which is how
 * the guessing pace counts them (app/auth/sign-in-limits.server.ts).
 */
export const TABLES_WRITTEN_ON_REFUSAL = new Set(["paced_attempt"]);

// The seed is fixed (never random) so that CI answers the same for the same code: a finding shows up on the commit
// that makes it, not on a later run by chance. A route's seed is derived from its id, not its place in the
// manifest, so a new route changes no other route's submissions.
export const DRILL_SEED = Number(process.env.DRILL_SEED ?? 20261124);

/** The route's own seed: DRILL_SEED plus a hash (FNV-1a, 31 bits) of its id. */
export function routeSeed(id: string): number {
  let hash = 0x811c9dc5;
  for (const char of id) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193);
  return (DRILL_SEED + (hash >>> 1)) % 0x7fffffff;
}

/** How long one submission may take before it counts as hung. */
const CALL_TIMEOUT_MS = 20_000;
const BATCH_SIZE = 25;

export interface DrillRoute {
  route: AppRoute;
  action: RouteFunction;
  /** Who may use the action: an admin route's rule (app/auth/route-access.ts); undefined for a public route. */
  rule: AccessRule | undefined;
}

export interface Finding {
  routeId: string;
  persona: Persona;
  problem: string;
  submission: string;
}

export interface DrillReport {
  sent: number;
  accepted: number;
  findings: Finding[];
}

/** Rows an event's forms name: auction items of each kind and a ticket. */
async function furnish(db: Database, eventId: number) {
  await openAuctions(db, eventId);
  await makeAuctionItem(db, eventId);
  await makeAuctionItem(db, eventId, { type: "live", title: "Safari" });
  await db.insert(ticket).values({ event_id: eventId, title: "Individual", price: 10_000 });
}

/** The ids of the event's rows in every table that has an event_id and a <table>_id key. */
async function rowIds(db: Database, eventId: number): Promise<number[]> {
  const result = await db.execute(sql`
    select c.table_name from information_schema.columns c
    join information_schema.columns k on k.table_name = c.table_name and k.column_name = c.table_name || '_id'
    where c.table_schema = 'public' and c.column_name = 'event_id' and c.table_name <> 'event'`);
  const tables = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{
    table_name: string;
  }>;
  const ids: number[] = [];
  for (const { table_name: table } of tables) {
    const rows = await db.execute(sql.raw(`select "${table}_id" as id from "${table}" where event_id = ${eventId}`));
    for (const row of (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as Array<{ id: number }>)
      ids.push(Number(row.id));
  }
  return ids;
}

/** Gives both events of the world their auctions, items and a ticket; returns the ids of their rows. */
export async function furnishWorld(db: Database, world: PersonaWorld): Promise<KnownIds> {
  await furnish(db, world.eventId);
  await furnish(db, world.otherEventId);
  return {
    eventId: world.eventId,
    otherEventId: world.otherEventId,
    own: await rowIds(db, world.eventId),
    other: await rowIds(db, world.otherEventId),
  };
}

export function paramNames(routes: readonly AppRoute[], id: string): string[] {
  const names: string[] = [];
  for (let route = routes.find((r) => r.id === id); route; route = routes.find((r) => r.id === route!.parentId)) {
    for (const segment of (route.path ?? "").split("/")) {
      if (segment.startsWith(":")) names.push(segment.slice(1).replace(/\?$/, ""));
      else if (segment === "*") names.push("*");
    }
  }
  return names;
}

/** An error the action reported in its answer, in the shapes the app's actions use. */
export function reportsAnError(data: unknown): boolean {
  if (typeof data !== "object" || data === null) return false;
  const answer = data as Record<string, unknown>;
  const nonEmpty = (value: unknown) =>
    Boolean(value) && !(typeof value === "object" && Object.keys(value as object).length === 0);
  return (
    nonEmpty(answer.error) ||
    nonEmpty(answer.errors) ||
    nonEmpty(answer.fieldErrors) ||
    nonEmpty(answer.formError) ||
    answer.status === "error" ||
    answer.ok === false
  );
}

/**
 * Whether the persona may use the action for the event the submission names: anyone on a public route; on an admin
 * route the member holding its permission, and the other event's team member unless the submission names event A.
 */
function mayUse(drill: DrillRoute, persona: Persona, submission: BadSubmission, ids: KnownIds): boolean {
  if (drill.rule === undefined) return true;
  const namesEventA = submission.eventQuery === String(ids.eventId);
  if (persona === "a team member with it") return submission.eventQuery !== String(ids.otherEventId);
  // Without a valid ?id the current event is the person's selected one: the other event's member works on it.
  return persona === "a team member of another event" && !namesEventA;
}

/** Whether the action took the submission: the persona may use it, and it answered a redirect or a 2xx without error. */
function accepted(allowed: boolean, outcome: Outcome): boolean {
  if (!allowed) return false;
  if (outcome.status >= 300 && outcome.status < 400) return true;
  return outcome.status >= 200 && outcome.status < 300 && !reportsAnError(outcome.data);
}

/** An error with its causes (a failed query's cause is the database's message). */
function explain(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause === undefined ? "" : `\ncaused by: ${explain(error.cause)}`;
  return `${error.stack ?? error.message}${cause}`;
}

export type Sent = { outcome: Outcome } | { problem: string };

/** Calls a loader or an action as Remix would: a problem is a 5xx, anything thrown but a Response, or no answer. */
export async function send(fn: RouteFunction, request: Request, params: Record<string, string>): Promise<Sent> {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<Sent>((resolve) => {
    timer = setTimeout(() => resolve({ problem: `no answer within ${CALL_TIMEOUT_MS} ms` }), CALL_TIMEOUT_MS);
  });
  const answered = call(fn, request, params).then(
    (outcome): Sent => (outcome.status >= 500 ? { problem: `answered ${outcome.status}` } : { outcome }),
    (error: unknown): Sent => ({ problem: `threw (a 500): ${explain(error)}` }),
  );
  try {
    return await Promise.race([answered, hung]);
  } finally {
    clearTimeout(timer);
  }
}

/** Sends `runs` generated bad submissions to the route's action, the personas taking turns. */
export async function drillRoute(
  db: Database,
  routes: readonly AppRoute[],
  drill: DrillRoute,
  world: PersonaWorld,
  ids: KnownIds,
  { runs, seed }: { runs: number; seed: number },
): Promise<DrillReport> {
  const names = paramNames(routes, drill.route.id);
  const arbitrary = badSubmissionArbitrary(ids, formVocabulary(drill.route.file), names);
  const submissions = fc.sample(arbitrary, { numRuns: runs, seed });
  const report: DrillReport = { sent: 0, accepted: 0, findings: [] };
  const rule = drill.rule ?? "team";

  const sendOne = async (submission: BadSubmission, persona: Persona): Promise<Sent> => {
    const path = routePath(routes, drill.route.id, encodeURIComponent(Object.values(submission.params)[0] ?? "1"));
    const request = toRequest(submission, path, cookieFor(world, persona, rule));
    const sent = await send(drill.action, request, submission.params);
    // An action that began reading the body and stopped leaves the rest unread: a connection reset.
    if (!("problem" in sent) && bodyLeftHalfRead(request))
      return {
        problem: `stopped reading the body before its end (a connection reset), then answered ${sent.outcome.status}`,
      };
    return sent;
  };
  const find = (persona: Persona, problem: string, submission: BadSubmission) =>
    report.findings.push({ routeId: drill.route.id, persona, problem, submission: describeSubmission(submission) });

  // Text columns that already held a long value (another route's world): only new ones count.
  const longBefore = new Set(await longTexts(db));
  for (let start = 0; start < submissions.length; start += BATCH_SIZE) {
    const batch = submissions.slice(start, start + BATCH_SIZE).map((submission, index) => ({
      submission,
      persona: PERSONAS[(start + index) % PERSONAS.length],
    }));
    const before = await tableChecksums(db, TABLES_WRITTEN_ON_REFUSAL);
    const refused: typeof batch = [];
    for (const entry of batch) {
      const sent = await sendOne(entry.submission, entry.persona);
      report.sent++;
      if ("problem" in sent) find(entry.persona, sent.problem, entry.submission);
      else if (accepted(mayUse(drill, entry.persona, entry.submission, ids), sent.outcome)) report.accepted++;
      else refused.push(entry);
    }
    const after = await tableChecksums(db, TABLES_WRITTEN_ON_REFUSAL);
    if (changedTables(before, after).length === 0) continue;
    // Accepted or not, no submission may store a text of 10,000 characters where a person reads it.
    for (const column of await longTexts(db)) {
      if (longBefore.has(column)) continue;
      longBefore.add(column);
      find(batch[0].persona, `stored a text of 10,000 characters or more in ${column}`, batch[0].submission);
    }
    if (refused.length === 0) continue;
    // Something wrote: replay the refused submissions one by one to learn which (an accepted one may explain it).
    const explained = refused.length < batch.length;
    let culprits = 0;
    for (const entry of refused) {
      const ahead: TableChecksums = await tableChecksums(db, TABLES_WRITTEN_ON_REFUSAL);
      const sent = await sendOne(entry.submission, entry.persona);
      const changed = changedTables(ahead, await tableChecksums(db, TABLES_WRITTEN_ON_REFUSAL));
      const allowed = mayUse(drill, entry.persona, entry.submission, ids);
      if (changed.length > 0 && !("outcome" in sent && accepted(allowed, sent.outcome))) {
        culprits++;
        const status = "outcome" in sent ? sent.outcome.status : sent.problem;
        find(entry.persona, `refused (${status}) but wrote to ${changed.join(", ")}`, entry.submission);
      }
    }
    if (culprits === 0 && !explained) {
      find(
        batch[0].persona,
        `a batch of refused submissions wrote to ${changedTables(before, after).join(", ")}`,
        batch[0].submission,
      );
    }
  }
  // Besides the generated ones, the largest upload a team page takes in pieces, from the person who may send it:
  // a CSV of 6 MB whose quotes never close, to the field an import reads. It must be read to its end (a reset
  // otherwise) and answered below 500.
  const upload: BadSubmission = {
    method: "POST",
    eventQuery: String(ids.eventId),
    params: Object.fromEntries(names.map((name) => [name, String(ids.eventId)])),
    body: { kind: "oversized multipart", field: "file", bytes: 6 * 1024 * 1024 },
  };
  const sent = await sendOne(upload, "a team member with it");
  if ("problem" in sent) find("a team member with it", sent.problem, upload);
  return report;
}
