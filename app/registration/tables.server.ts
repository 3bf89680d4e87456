/**
 * The event's tables (tbl): add, rename, change capacity, delete. A table's row is locked (FOR UPDATE) while its
 * capacity is checked against the guests seated at it, the same lock a move takes (./seating.server.ts), so a
 * capacity change and a move cannot together leave more guests than seats. Renaming rewrites the guests'
 * assigned_table in the same transaction; deleting unseats them.
 */
import { and, count, eq, max, ne, sql } from "drizzle-orm";
import { Refusal } from "~/forms/refusal";
import { registrant, tbl } from "~drizzle/schema";
import type { TableInput } from "./table-form";
import type { Database, Transaction } from "~/db/connection.server";

/** A refusal the form shows beside one of its fields (a name taken, a capacity below the guests seated). */
export class TableFieldError extends Refusal {
  constructor(field: keyof TableInput, message: string) {
    super(message, field);
  }
}

async function refuseTakenName(tx: Transaction, eventId: number, name: string, exceptId?: number) {
  // Names differing only in case would print as the same table on place cards.
  const [taken] = await tx
    .select({ name: tbl.name })
    .from(tbl)
    .where(
      and(
        eq(tbl.event_id, eventId),
        sql`lower(${tbl.name}) = lower(${name})`,
        exceptId === undefined ? undefined : ne(tbl.tbl_id, exceptId),
      ),
    )
    .limit(1);
  if (taken) throw new TableFieldError("name", `There is already a table named “${taken.name}”.`);
}

/** The name a new table is offered: the next "Table N" not taken. */
export async function suggestedTableName(db: Database, eventId: number): Promise<string> {
  const names = new Set(
    (await db.select({ name: tbl.name }).from(tbl).where(eq(tbl.event_id, eventId))).map((row) =>
      row.name.toLowerCase(),
    ),
  );
  let number = names.size + 1;
  while (names.has(`table ${number}`)) number++;
  return `Table ${number}`;
}

export async function createTable(db: Database, eventId: number, input: TableInput): Promise<number> {
  return db.transaction(async (tx) => {
    // Two staff adding tables at once get distinct positions and cannot both take one name.
    await tx.execute(sql`select pg_advisory_xact_lock(${eventId}, hashtext('tbl'))`);
    await refuseTakenName(tx, eventId, input.name);
    const [{ last }] = await tx
      .select({ last: max(tbl.display_order) })
      .from(tbl)
      .where(eq(tbl.event_id, eventId));
    const [row] = await tx
      .insert(tbl)
      .values({ event_id: eventId, name: input.name, capacity: input.capacity, display_order: (last ?? -1) + 1 })
      .returning({ tblId: tbl.tbl_id });
    return row.tblId;
  });
}

async function lockTable(tx: Transaction, eventId: number, tblId: number) {
  const [row] = await tx
    .select({ name: tbl.name, capacity: tbl.capacity })
    .from(tbl)
    .where(and(eq(tbl.tbl_id, tblId), eq(tbl.event_id, eventId)))
    .for("update");
  return row;
}

async function seatedAt(tx: Transaction, eventId: number, tblId: number): Promise<number> {
  const [{ seated }] = await tx
    .select({ seated: count() })
    .from(registrant)
    .where(and(eq(registrant.event_id, eventId), eq(registrant.tbl_id, tblId)));
  return Number(seated);
}

/** Renames the table and sets its capacity; false when the table is gone. */
export async function updateTable(db: Database, eventId: number, tblId: number, input: TableInput): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${eventId}, hashtext('tbl'))`);
    const current = await lockTable(tx, eventId, tblId);
    if (!current) return false;
    if (input.name !== current.name) await refuseTakenName(tx, eventId, input.name, tblId);
    const seated = await seatedAt(tx, eventId, tblId);
    if (input.capacity < seated) {
      throw new TableFieldError(
        "capacity",
        `${seated} guests sit at this table, so it needs at least ${seated} seats. Move guests to another table first.`,
      );
    }
    await tx
      .update(tbl)
      .set({ name: input.name, capacity: input.capacity })
      .where(and(eq(tbl.tbl_id, tblId), eq(tbl.event_id, eventId)));
    if (input.name !== current.name) {
      await tx
        .update(registrant)
        .set({ assigned_table: input.name })
        .where(and(eq(registrant.event_id, eventId), eq(registrant.tbl_id, tblId)));
    }
    return true;
  });
}

/** Deletes the table, unseating its guests; how many were unseated, or null when the table is gone. */
export async function deleteTable(
  db: Database,
  eventId: number,
  tblId: number,
): Promise<{ name: string; unseated: number } | null> {
  return db.transaction(async (tx) => {
    const current = await lockTable(tx, eventId, tblId);
    if (!current) return null;
    const unseated = await tx
      .update(registrant)
      .set({ tbl_id: null, assigned_table: null })
      .where(and(eq(registrant.event_id, eventId), eq(registrant.tbl_id, tblId)))
      .returning({ id: registrant.registrant_id });
    await tx.delete(tbl).where(and(eq(tbl.tbl_id, tblId), eq(tbl.event_id, eventId)));
    return { name: current.name, unseated: unseated.length };
  });
}
