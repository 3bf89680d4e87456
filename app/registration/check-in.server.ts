/**
 * The door (docs/registration-rules.md, "The door"): who is registered, who is here, and checking guests in and out
 * (or taking back a check-in made by mistake).
 * A guest is here when checked in and not checked out since. Each change is one conditional UPDATE, so when two
 * stations check the same guest in at the same moment only one changes the row and logs a check_in; the other is
 * told the guest was already checked in, and when. A station that was offline sends the time the change was really
 * made (docs/decisions/041-offline-stations.md): a change older than the guest's last change the other way is stale
 * and changes nothing (a check-in taken offline at 19:10 does not undo a check-out made online at 19:30).
 */
import { and, asc, count, eq, inArray, isNotNull, max, or, sql, type SQL } from "drizzle-orm";
import { publish } from "~/realtime/bus.server";
import { check_in, pass, payment, registrant, ticket } from "~drizzle/schema";
import { registrationTopic } from "./registration-topic";
import type { Database } from "~/db/connection.server";

export type Direction = "in" | "out";
/** In, out, or a check-in made by mistake taken back ("undo"): the guest is as before it, not here. */
export type DoorChange = Direction | "undo";

const isHere = sql<boolean>`(${registrant.checked_in_at} is not null and (${registrant.checked_out_at} is null or ${registrant.checked_out_at} < ${registrant.checked_in_at}))`;

/**
 * The check-in a guest had before the one undone: none if they never left (so they have not arrived), else the last
 * one before they left, or the time they left when the log has none (a row made before the log, or by the demo).
 */
const checkInBeforeLastOne = sql`case when ${registrant.checked_out_at} is null then null else coalesce(
  (select max(earlier.created_at) from ${check_in} earlier
    where earlier.registrant_id = ${registrant.registrant_id} and earlier.direction = 'in'
      and earlier.created_at <= ${registrant.checked_out_at}),
  ${registrant.checked_out_at}) end`;

/** What each change writes, made at `at`. */
const CHANGES = {
  in: (at: Date) => ({ attended: true, checked_in_at: at }),
  out: (at: Date) => ({ checked_out_at: at }),
  undo: () => ({ checked_in_at: checkInBeforeLastOne, attended: sql`${registrant.checked_out_at} is not null` }),
} satisfies Record<DoorChange, (at: Date) => object>;

/**
 * Whom each change applies to, made at `when`: a change the other way since then wins, so an entry taken offline
 * before it changes nothing.
 */
const CAN_CHANGE = {
  in: (when: SQL) =>
    sql`not ${isHere} and (${registrant.checked_out_at} is null or ${registrant.checked_out_at} <= ${when})`,
  out: (when: SQL) => sql`${isHere} and ${registrant.checked_in_at} <= ${when}`,
  undo: (when: SQL) => sql`${isHere} and ${registrant.checked_in_at} <= ${when}`,
} satisfies Record<DoorChange, (when: SQL) => SQL>;

export interface DoorGuest {
  id: number;
  name: string;
  named: boolean;
  email: string | null;
  paddle: number | null;
  table: string | null;
  partyId: number | null;
  party: string | null;
  ticket: string | null;
  here: boolean;
  checkedInAt: string | null;
  /** When the guest last left: a guest who has, has arrived even if today's check-in is undone. */
  checkedOutAt: string | null;
  /** The order the guest came with: one payment for the whole party. */
  paymentId: number | null;
  /** What that order still owes (registered to pay at the event): the door collects it, once for the party. */
  toPay: number | null;
  /** The ticket's fingerprint (ticket-scan.ts): how a station offline finds the guest of a scanned code. */
  scanPrint: string | null;
}

/** Every guest of the event for the door's list, by name. */
export async function doorGuests(db: Database, eventId: number): Promise<DoorGuest[]> {
  const rows = await db
    .select({
      id: registrant.registrant_id,
      name: registrant.name,
      email: registrant.email,
      paddle: registrant.paddle,
      table: registrant.assigned_table,
      partyId: registrant.pass_id,
      party: pass.title,
      buyerEmail: pass.email,
      ticket: ticket.title,
      here: isHere,
      checkedInAt: registrant.checked_in_at,
      checkedOutAt: registrant.checked_out_at,
      paymentId: payment.payment_id,
      paymentStatus: payment.status,
      paymentMethod: payment.method,
      paymentAmount: payment.amount,
      // The ticket's fingerprint (ticket-scan.ts's ticketFingerprint, the same digits), read with the row: a door's list
      // is loaded again at every change of any station, for every guest of the event.
      scanPrint: sql<
        string | null
      >`left(encode(sha256(convert_to(lower(${registrant.checkin_token}), 'UTF8')), 'hex'), 16)`,
    })
    .from(registrant)
    .leftJoin(pass, eq(pass.pass_id, registrant.pass_id))
    .leftJoin(ticket, eq(ticket.ticket_id, registrant.ticket_id))
    .leftJoin(payment, eq(payment.payment_id, registrant.payment_id))
    .where(eq(registrant.event_id, eventId))
    .orderBy(asc(registrant.last_name), asc(registrant.first_name), asc(registrant.registrant_id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name ?? `Guest of ${row.party ?? "an unnamed party"}`,
    named: row.name !== null,
    email: row.email ?? (row.name === null ? row.buyerEmail : null),
    paddle: row.paddle,
    table: row.table,
    partyId: row.partyId,
    party: row.party,
    ticket: row.ticket,
    here: Boolean(row.here),
    checkedInAt: row.checkedInAt?.toISOString() ?? null,
    checkedOutAt: row.checkedOutAt?.toISOString() ?? null,
    paymentId: row.paymentId,
    toPay:
      row.paymentStatus === "pending" && row.paymentMethod === "pay_at_event" && (row.paymentAmount ?? 0) > 0
        ? row.paymentAmount
        : null,
    scanPrint: row.scanPrint,
  }));
}

export async function doorCounts(db: Database, eventId: number) {
  const [row] = await db
    .select({
      registered: count(),
      arrived: count(registrant.checked_in_at),
      here: sql<number>`count(*) filter (where ${isHere})`.mapWith(Number),
    })
    .from(registrant)
    .where(eq(registrant.event_id, eventId));
  return { registered: row?.registered ?? 0, arrived: row?.arrived ?? 0, here: row?.here ?? 0 };
}

/** Changes whenever a guest registers or a check-in is made: what the door's live stream compares. */
export async function doorMarker(db: Database, eventId: number) {
  const [[checks], [guests]] = await Promise.all([
    db
      .select({ last: max(check_in.check_in_id) })
      .from(check_in)
      .where(eq(check_in.event_id, eventId)),
    db
      .select({ last: max(registrant.registrant_id) })
      .from(registrant)
      .where(eq(registrant.event_id, eventId)),
  ]);
  // Both only grow, so their sum grows whenever either does.
  return { marker: (checks?.last ?? 0) + (guests?.last ?? 0) };
}

export async function guestOfToken(db: Database, eventId: number, token: string): Promise<number | null> {
  const [row] = await db
    .select({ id: registrant.registrant_id })
    .from(registrant)
    .where(and(eq(registrant.event_id, eventId), eq(registrant.checkin_token, token)));
  return row?.id ?? null;
}

export interface CheckResult {
  changed: { id: number; name: string | null }[];
  /**
   * Guests already in (or already out) when asked: another station was first, or a second tap; or changed the other
   * way after the time the change was made (a station's offline entry, stale by the time it was sent).
   */
  unchanged: { id: number; name: string | null; checkedInAt: Date | null; checkedOutAt: Date | null }[];
}

export async function checkGuests(
  db: Database,
  eventId: number,
  ids: number[],
  change: DoorChange,
  byUsrId: number,
  at: Date = new Date(),
): Promise<CheckResult> {
  if (ids.length === 0) return { changed: [], unchanged: [] };
  const when = sql`${at.toISOString()}::timestamptz`;
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(registrant)
      .set(CHANGES[change](at))
      .where(and(eq(registrant.event_id, eventId), inArray(registrant.registrant_id, ids), CAN_CHANGE[change](when)))
      .returning({ id: registrant.registrant_id, name: registrant.name });
    if (changed.length > 0) {
      await tx.insert(check_in).values(
        changed.map((guest) => ({
          event_id: eventId,
          registrant_id: guest.id,
          direction: change,
          usr_id: byUsrId,
          created_at: at,
        })),
      );
      await publish(tx, {
        topic: registrationTopic(eventId),
        type: "checked",
        data: { ids: changed.map((guest) => guest.id), direction: change },
      });
    }
    const done = new Set(changed.map((guest) => guest.id));
    const notDone = ids.filter((id) => !done.has(id));
    const unchanged =
      notDone.length > 0
        ? await tx
            .select({
              id: registrant.registrant_id,
              name: registrant.name,
              checkedInAt: registrant.checked_in_at,
              checkedOutAt: registrant.checked_out_at,
            })
            .from(registrant)
            .where(and(eq(registrant.event_id, eventId), inArray(registrant.registrant_id, notDone)))
        : [];
    return { changed, unchanged };
  });
}

/** The guests of a party who are not yet in: "check in the whole party" from one guest. */
export async function partyOf(db: Database, eventId: number, registrantId: number): Promise<number[]> {
  const rows = await db
    .select({ id: registrant.registrant_id })
    .from(registrant)
    .where(
      and(
        eq(registrant.event_id, eventId),
        or(
          eq(registrant.registrant_id, registrantId),
          and(
            isNotNull(registrant.pass_id),
            sql`${registrant.pass_id} = (select ${registrant.pass_id} from ${registrant} where ${registrant.registrant_id} = ${registrantId})`,
          ),
        ),
      ),
    );
  return rows.map((row) => row.id);
}
