/**
 * The door (docs/registration-rules.md, "Check-in"): who is registered, who is here, and checking guests in and out.
 * A guest is here when checked in and not checked out since. Each change is one conditional UPDATE, so when two
 * stations check the same guest in at the same moment only one changes the row and logs a check_in; the other is
 * told the guest was already checked in, and when.
 */
import { and, asc, count, eq, inArray, isNotNull, max, or, sql } from "drizzle-orm";
import { publish } from "~/realtime/bus.server";
import { check_in, pass, payment, registrant, ticket } from "~drizzle/schema";
import { registrationTopic } from "./registration-topic";
import type { Database } from "~/db/connection.server";

export type Direction = "in" | "out";

const isHere = sql<boolean>`(${registrant.checked_in_at} is not null and (${registrant.checked_out_at} is null or ${registrant.checked_out_at} < ${registrant.checked_in_at}))`;

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
  /** The order the guest came with: one payment for the whole party. */
  paymentId: number | null;
  /** What that order still owes (registered to pay at the event): the door collects it, once for the party. */
  toPay: number | null;
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
      paymentId: payment.payment_id,
      paymentStatus: payment.status,
      paymentMethod: payment.method,
      paymentAmount: payment.amount,
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
    paymentId: row.paymentId,
    toPay:
      row.paymentStatus === "pending" && row.paymentMethod === "pay_at_event" && (row.paymentAmount ?? 0) > 0
        ? row.paymentAmount
        : null,
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

/** The check-in token in what a scanner read: the QR code's address, or the bare token. */
export function tokenInScan(scanned: string): string | null {
  const match = /(?:[?&]token=)?\b([0-9a-f]{32})\b/i.exec(scanned.trim());
  return match ? match[1].toLowerCase() : null;
}

export interface CheckResult {
  changed: { id: number; name: string | null }[];
  /** Guests already in (or already out) when asked: another station was first, or a second tap. */
  unchanged: { id: number; name: string | null; checkedInAt: Date | null }[];
}

export async function checkGuests(
  db: Database,
  eventId: number,
  ids: number[],
  direction: Direction,
  byUsrId: number,
): Promise<CheckResult> {
  if (ids.length === 0) return { changed: [], unchanged: [] };
  return db.transaction(async (tx) => {
    const now = new Date();
    const changed = await tx
      .update(registrant)
      .set(direction === "in" ? { attended: true, checked_in_at: now } : { checked_out_at: now })
      .where(
        and(
          eq(registrant.event_id, eventId),
          inArray(registrant.registrant_id, ids),
          direction === "in" ? sql`not ${isHere}` : isHere,
        ),
      )
      .returning({ id: registrant.registrant_id, name: registrant.name });
    if (changed.length > 0) {
      await tx
        .insert(check_in)
        .values(changed.map((guest) => ({ event_id: eventId, registrant_id: guest.id, direction, usr_id: byUsrId })));
      await publish(tx, {
        topic: registrationTopic(eventId),
        type: "checked",
        data: { ids: changed.map((guest) => guest.id), direction },
      });
    }
    const done = new Set(changed.map((guest) => guest.id));
    const notDone = ids.filter((id) => !done.has(id));
    const unchanged =
      notDone.length > 0
        ? await tx
            .select({ id: registrant.registrant_id, name: registrant.name, checkedInAt: registrant.checked_in_at })
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
