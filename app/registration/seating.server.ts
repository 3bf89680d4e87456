/**
 * The seating plan: loading it, and moving guests between tables (./seating.ts for the shapes and messages).
 * A table never takes more guests than its capacity, even when several staff seat guests at once: a move locks
 * the destination table's row (FOR UPDATE) before counting who sits there, so moves to one table run one after
 * the other and each counts the guests the previous one seated. registrant.assigned_table (the name printed on
 * badges) is written with tbl_id in the same statement, so the two never disagree.
 */
import { and, asc, count, eq, inArray, notInArray } from "drizzle-orm";
import { fullName } from "~/ui/format";
import { meal, pass, registrant, tbl } from "~drizzle/schema";
import {
  capacityRefusal,
  movedLabel,
  movedMessage,
  partyLabel,
  type SeatingGuestRow,
  type SeatingMove,
  type SeatingTableRow,
} from "./seating";
import type { Database } from "~/db/connection.server";

export type SeatingData = { tables: SeatingTableRow[]; guests: SeatingGuestRow[] };

/** The event's tables and guests, flat; arrangeSeating groups them. */
export async function loadSeating(db: Database, eventId: number): Promise<SeatingData> {
  const [tables, rows] = await Promise.all([
    db
      .select({ tblId: tbl.tbl_id, name: tbl.name, capacity: tbl.capacity })
      .from(tbl)
      .where(eq(tbl.event_id, eventId))
      .orderBy(asc(tbl.display_order), asc(tbl.tbl_id)),
    db
      .select({
        registrantId: registrant.registrant_id,
        name: registrant.name,
        firstName: registrant.first_name,
        lastName: registrant.last_name,
        paddle: registrant.paddle,
        meal: meal.title,
        passId: registrant.pass_id,
        passTitle: pass.title,
        tblId: registrant.tbl_id,
      })
      .from(registrant)
      .leftJoin(pass, eq(pass.pass_id, registrant.pass_id))
      .leftJoin(meal, eq(meal.meal_id, registrant.meal_id))
      .where(eq(registrant.event_id, eventId))
      .orderBy(asc(registrant.registrant_id)),
  ]);

  const guests = rows.map((row) => {
    const name = guestName(row);
    return {
      registrantId: row.registrantId,
      name,
      sortName: row.lastName?.trim()
        ? `${row.lastName.trim()}, ${row.firstName?.trim() ?? ""}`.replace(/, $/, "")
        : name,
      paddle: row.paddle,
      meal: row.meal,
      partyKey: row.passId === null ? `guest-${row.registrantId}` : `pass-${row.passId}`,
      tblId: row.tblId,
      passTitle: row.passTitle,
    };
  });
  const members = new Map<string, string[]>();
  for (const guest of guests) {
    const names = members.get(guest.partyKey);
    if (names) names.push(guest.name);
    else members.set(guest.partyKey, [guest.name]);
  }
  return {
    tables,
    guests: guests.map(({ passTitle, ...guest }) => {
      return { ...guest, partyLabel: partyLabel(passTitle, members.get(guest.partyKey)!) };
    }),
  };
}

function guestName(row: {
  name: string | null;
  firstName: string | null;
  lastName: string | null;
  registrantId: number;
}): string {
  const full = fullName(row.firstName, row.lastName);
  // A guest slot the buyer has not named yet still needs a seat.
  return row.name?.trim() || full || `Guest #${row.registrantId} (name to come)`;
}

export type MoveResult = { ok: true; message: string } | { ok: false; message: string };

/**
 * Seats the guests at a table (or unseats them, `to: null`), all or none. Refuses, changing nothing, when the
 * table lacks room for those of them not already at it, or when a guest or the table is not the event's.
 */
export async function moveGuests(db: Database, eventId: number, move: SeatingMove): Promise<MoveResult> {
  const ids = [...new Set(move.guestIds)];
  if (ids.length === 0) return { ok: false, message: "Choose the guests to move first." };
  return db.transaction(async (tx) => {
    const guests = await tx
      .select({
        registrantId: registrant.registrant_id,
        name: registrant.name,
        firstName: registrant.first_name,
        lastName: registrant.last_name,
        passId: registrant.pass_id,
        passTitle: pass.title,
      })
      .from(registrant)
      .leftJoin(pass, eq(pass.pass_id, registrant.pass_id))
      .where(and(eq(registrant.event_id, eventId), inArray(registrant.registrant_id, ids)));
    if (guests.length !== ids.length) {
      return {
        ok: false as const,
        message:
          "Some of these guests are no longer registered. Nobody was moved; the page now shows the guests as they are.",
      };
    }
    const named = guests.map((guest) => ({ name: guestName(guest) }));
    const onePass = new Set(guests.map((guest) => guest.passId)).size === 1 && guests[0].passId !== null;
    const who = movedLabel(
      onePass
        ? partyLabel(
            guests[0].passTitle,
            named.map((guest) => guest.name),
          )
        : "These guests",
      named,
    );

    if (move.to === null) {
      await tx
        .update(registrant)
        .set({ tbl_id: null, assigned_table: null })
        .where(and(eq(registrant.event_id, eventId), inArray(registrant.registrant_id, ids)));
      return { ok: true as const, message: movedMessage(who, ids.length, null) };
    }

    // Held until commit: another move to this table waits here, then counts the guests this one seated.
    const [table] = await tx
      .select({ tblId: tbl.tbl_id, name: tbl.name, capacity: tbl.capacity })
      .from(tbl)
      .where(and(eq(tbl.tbl_id, move.to), eq(tbl.event_id, eventId)))
      .for("update");
    if (!table)
      return {
        ok: false as const,
        message: "This table no longer exists. Nobody was moved; the page now shows the tables as they are.",
      };
    const [{ others }] = await tx
      .select({ others: count() })
      .from(registrant)
      .where(
        and(
          eq(registrant.event_id, eventId),
          eq(registrant.tbl_id, table.tblId),
          notInArray(registrant.registrant_id, ids),
        ),
      );
    const refusal = capacityRefusal(
      { name: table.name, free: Math.max(0, table.capacity - Number(others)) },
      ids.length,
      who,
    );
    if (refusal) return { ok: false as const, message: refusal };
    await tx
      .update(registrant)
      .set({ tbl_id: table.tblId, assigned_table: table.name })
      .where(and(eq(registrant.event_id, eventId), inArray(registrant.registrant_id, ids)));
    return { ok: true as const, message: movedMessage(who, ids.length, table.name) };
  });
}
