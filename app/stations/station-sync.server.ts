/**
 * A staff station's queue, server side (docs/decisions/041-offline-stations.md). Every action a station with
 * JavaScript takes goes into its queue and is posted here, one entry at a time, with a key made when it was taken and
 * the time it really happened. Each entry is recorded in station_entry in the same transaction as its effect, so an
 * entry sent twice (a retry after a lost answer, a second tab, a replay after the Wi-Fi came back) is acted on once
 * and answered as the first time. The server's rule decides: an entry the rule turns down (a guest already in, an
 * order already paid) is a conflict; one taken offline is listed on the station until someone deals with it.
 */
import { redirect } from "@remix-run/node";
import { and, asc, eq, isNull, ne, sql } from "drizzle-orm";
import { db } from "~/db.server";
import { parseForm, type FormReply } from "~/forms/form-contract";
import { shownWhere, type DeclareIntent, type IntentAnswer } from "~/forms/intent-action.server";
import { readPostedForm } from "~/forms/posted-form.server";
import { publish } from "~/realtime/bus.server";
import { station_entry, usr } from "~drizzle/schema";
import {
  ENTRY_FIELDS,
  ENTRY_KEY_PATTERN,
  RESOLVE_FIELD,
  type EntryOutcome,
  type StationConflict,
  type SyncAnswer,
} from "./station-entry";
import type { z, ZodTypeAny } from "zod";
import type { Database, Transaction } from "~/db/connection.server";

/** Who acts, on which handle (the entry's transaction), when the entry was taken, and its key. */
export interface StationCall {
  db: Database;
  eventId: number;
  usrId: number;
  at: Date;
  entryKey?: string;
}

/** One of a station's actions: the form's schema and the domain call, shared by the page's action and the queue. */
export interface StationAction<Answer, Schema extends ZodTypeAny = ZodTypeAny> {
  schema: Schema;
  /** The form a refusal belongs to, on the page without JavaScript (the intent's name when not given). */
  formId?: string;
  /** For a form of buttons only: the one message a post that does not parse gets. */
  unparsed?: string;
  /**
   * The action runs in transactions of its own (a payment closes the provider's open pages first, outside any
   * transaction) and makes its effect once by the entry's key itself: the entry is recorded after it.
   */
  ownTransactions?: boolean;
  /** The fields the form shows; a message about another (a hidden field) goes above the form. */
  shownFields?: readonly string[];
  run: (call: StationCall, input: z.output<Schema>) => Promise<Answer>;
}

/**
 * The page's own form posts (without JavaScript) for the same actions, as intentAction's intents: the form a refusal
 * belongs to, the schema, and the action's answer as the page answers it.
 */
export function stationIntents<Access extends StationCall, Answer>(
  declare: DeclareIntent<Access>,
  actions: Record<string, StationAction<Answer>>,
  respond: (answer: Answer) => IntentAnswer,
) {
  return Object.fromEntries(
    Object.entries(actions).map(([name, action]) => [
      name,
      declare({
        formId: action.formId ?? name,
        schema: action.schema,
        shownFields: action.shownFields,
        unparsed: action.unparsed,
        run: async (call, input) => respond(await action.run(call, input)),
      }),
    ]),
  );
}

/** Declares an action, typing its call's input by its schema. */
export const stationAction = <Answer, Schema extends ZodTypeAny>(action: StationAction<Answer, Schema>) =>
  action as unknown as StationAction<Answer>;

export interface StationSpec<Answer> {
  /** The kind of station (door, clerk, pledges, desk): entries and conflicts are listed by it. */
  station: string;
  /** Throws the 403 or the sign-in redirect; the event is the one the station's address names (?id=). */
  access: (request: Request) => Promise<{ eventId: number; usrId: number }>;
  actions: Record<string, StationAction<Answer>>;
  outcomeOf: (answer: Answer) => EntryOutcome;
  messageOf: (answer: Answer) => string;
  /** A post whose fields do not parse, in the station's own answer shape. */
  refusal: (reply: FormReply) => Answer;
  /** The live topic the station's screens follow: told of each conflict, so every station lists it. */
  topic: (eventId: number) => string;
}

// An entry is replayed within the night; a clock more than a day off is wrong, not slow.
const OLDEST_ENTRY_MS = 24 * 60 * 60 * 1000;

/** The sync route's loader: its address opened in a browser is the station itself (after the same access check). */
export async function stationSyncPage(
  request: Request,
  access: StationSpec<unknown>["access"],
  stationPage: (eventId: number) => string,
) {
  const { eventId } = await access(request);
  return redirect(stationPage(eventId));
}

/** The sync route's action: one entry, or a conflict marked as dealt with. */
export async function stationSync<Answer>(request: Request, spec: StationSpec<Answer>) {
  const { eventId, usrId } = await spec.access(request);
  const form = await readPostedForm(request);
  const resolved = form.get(RESOLVE_FIELD);
  if (resolved !== null) return resolveConflict(request, spec, eventId, usrId, String(resolved));

  const key = String(form.get(ENTRY_FIELDS.key) ?? "");
  const intent = String(form.get("intent") ?? "");
  const occurredAt = new Date(String(form.get(ENTRY_FIELDS.occurredAt) ?? ""));
  const sentAt = new Date(String(form.get(ENTRY_FIELDS.sentAt) ?? ""));
  const action = Object.hasOwn(spec.actions, intent) ? spec.actions[intent] : undefined;
  if (!ENTRY_KEY_PATTERN.test(key) || !action || Number.isNaN(occurredAt.getTime()) || Number.isNaN(sentAt.getTime()))
    throw new Response("This entry does not say what to do.", { status: 400 });
  const takenOffline = form.get(ENTRY_FIELDS.takenOffline) === "yes";
  const at = serverTimeOf(occurredAt, sentAt, new Date());
  const fields = Object.fromEntries(
    [...form.entries()].flatMap(([name, value]) =>
      typeof value === "string" && !Object.values<string>(ENTRY_FIELDS).includes(name) ? [[name, value]] : [],
    ),
  );

  const entry = {
    event_id: eventId,
    entry_key: key,
    station: spec.station,
    intent,
    fields,
    usr_id: usrId,
    occurred_at: at,
    taken_offline: takenOffline,
  };
  const submission = parseForm(form, action.schema);
  const outcomeOf = (result: Answer, parsed: boolean) => ({
    outcome: parsed ? spec.outcomeOf(result) : ("refused" as const),
    message: spec.messageOf(result),
    answer: result,
  });
  const act = async (handle: Database) =>
    submission.status === "success"
      ? outcomeOf(await action.run({ db: handle, eventId, usrId, at, entryKey: key }, submission.value), true)
      : outcomeOf(spec.refusal(shownWhere(action.shownFields, { ...submission.reply(), formId: intent })), false);
  /** Tells every station of the kind of a conflict with an entry taken offline. */
  const tell = async (tx: Transaction, outcome: EntryOutcome) => {
    if (takenOffline && outcome !== "done")
      await publish(tx, { topic: spec.topic(eventId), type: "station-conflict", data: {} });
  };

  const answer = action.ownTransactions
    ? await afterItsOwnTransactions()
    : await db.transaction(async (tx): Promise<SyncAnswer<Answer>> => {
        const [claimed] = await tx
          .insert(station_entry)
          .values({ ...entry, outcome: "pending", message: "", answer: {} })
          .onConflictDoNothing()
          .returning({ id: station_entry.station_entry_id });
        if (!claimed) return earlierAnswer<Answer>(tx, eventId, key);
        const result = await act(tx);
        await tx
          .update(station_entry)
          .set({ ...result, answer: result.answer as Record<string, unknown> })
          .where(eq(station_entry.station_entry_id, claimed.id));
        await tell(tx, result.outcome);
        return { key, ...result, replayed: false };
      });

  /** An entry whose action makes itself once by the entry's key: acted on unless recorded, then recorded. */
  async function afterItsOwnTransactions(): Promise<SyncAnswer<Answer>> {
    const [recorded] = await db
      .select({ id: station_entry.station_entry_id })
      .from(station_entry)
      .where(and(eq(station_entry.event_id, eventId), eq(station_entry.entry_key, key)));
    if (recorded) return earlierAnswer<Answer>(db, eventId, key);
    const result = await act(db);
    return db.transaction(async (tx) => {
      const [claimed] = await tx
        .insert(station_entry)
        .values({ ...entry, ...result, answer: result.answer as Record<string, unknown> })
        .onConflictDoNothing()
        .returning({ id: station_entry.station_entry_id });
      // Sent twice at once: the action made its effect once; the other send recorded the entry first.
      if (!claimed) return earlierAnswer<Answer>(tx, eventId, key);
      await tell(tx, result.outcome);
      return { key, ...result, replayed: false };
    });
  }
  return Response.json(answer);
}

/**
 * The entry's time on the server's clock: the station's clock may be off, so the time between taking and sending is
 * what counts (the network's delay is small beside an outage). Never in the future, never older than a night.
 */
export function serverTimeOf(occurredAt: Date, sentAt: Date, now: Date): Date {
  const waited = Math.max(0, sentAt.getTime() - occurredAt.getTime());
  return new Date(now.getTime() - Math.min(waited, OLDEST_ENTRY_MS));
}

async function earlierAnswer<Answer>(tx: Database, eventId: number, key: string): Promise<SyncAnswer<Answer>> {
  const [earlier] = await tx
    .select({ outcome: station_entry.outcome, message: station_entry.message, answer: station_entry.answer })
    .from(station_entry)
    .where(and(eq(station_entry.event_id, eventId), eq(station_entry.entry_key, key)));
  return {
    key,
    outcome: earlier.outcome as EntryOutcome,
    message: earlier.message,
    answer: earlier.answer as Answer,
    replayed: true,
  };
}

/** The conflicts and refusals of entries taken offline at this kind of station that no one has dealt with yet. */
export async function stationConflicts(db: Database, eventId: number, station: string): Promise<StationConflict[]> {
  const rows = await db
    .select({
      id: station_entry.station_entry_id,
      intent: station_entry.intent,
      outcome: station_entry.outcome,
      message: station_entry.message,
      occurredAt: station_entry.occurred_at,
      receivedAt: station_entry.received_at,
      by: sql<
        string | null
      >`coalesce(nullif(trim(concat_ws(' ', ${usr.first_name}, ${usr.last_name})), ''), ${usr.email_address})`,
    })
    .from(station_entry)
    .leftJoin(usr, eq(usr.usr_id, station_entry.usr_id))
    .where(
      and(
        eq(station_entry.event_id, eventId),
        eq(station_entry.station, station),
        eq(station_entry.taken_offline, true),
        ne(station_entry.outcome, "done"),
        isNull(station_entry.resolved_at),
      ),
    )
    .orderBy(asc(station_entry.occurred_at), asc(station_entry.station_entry_id));
  return rows.map((row) => ({
    ...row,
    outcome: row.outcome as EntryOutcome,
    occurredAt: row.occurredAt.toISOString(),
    receivedAt: row.receivedAt.toISOString(),
  }));
}

async function resolveConflict(
  request: Request,
  spec: Pick<StationSpec<unknown>, "station" | "topic">,
  eventId: number,
  usrId: number,
  id: string,
) {
  if (!/^\d{1,9}$/.test(id)) throw new Response("Choose a conflict.", { status: 400 });
  await db.transaction(async (tx) => {
    const [resolved] = await tx
      .update(station_entry)
      .set({ resolved_at: new Date(), resolved_by_usr_id: usrId })
      .where(
        and(
          eq(station_entry.station_entry_id, Number(id)),
          eq(station_entry.event_id, eventId),
          eq(station_entry.station, spec.station),
          isNull(station_entry.resolved_at),
        ),
      )
      .returning({ id: station_entry.station_entry_id });
    // Every station of the kind stops listing it.
    if (resolved) await publish(tx, { topic: spec.topic(eventId), type: "station-conflict", data: {} });
  });
  // Back to the station that sent it (a form without JavaScript), which lists what is left.
  const back = new URL(request.headers.get("Referer") ?? "/", request.url);
  return redirect(back.origin === new URL(request.url).origin ? back.pathname + back.search : "/");
}
