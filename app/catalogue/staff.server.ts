/**
 * Staff (the staff table): the organisation's volunteers and employees who procure items, shared by its events
 * (decision 004). Auction items (xinv_staff_id) and inventory (staff_id) name who procured them, and the grids
 * colour those rows with the person's grid_row_color. Someone named on items, at any event of the organisation,
 * is not deleted: the items would silently lose who procured them.
 */
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import { db, type Transaction } from "~/db.server";
import { clientOfEvent } from "~/events/client-of-event.server";
import { Refusal } from "~/forms/refusal";
import { auction_item, inventory, staff } from "~drizzle/schema";
import { NEEDS_A_NAME, type StaffInput } from "./staff-form";

export type StaffRow = {
  staff_id: number;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  /** First and last name together, as the database derives it. */
  full_name: string;
  internal_notes: string | null;
  grid_row_color: string | null;
  /** Auction items and inventory records of this event they procured. */
  item_count: number;
  /** The same at every event of the organisation. */
  all_item_count: number;
};

export class StaffInUseError extends Refusal {
  constructor(readonly used: { name: string; items: number }[]) {
    super(
      `${used.map((s) => `“${s.name}” procured ${s.items} ${s.items === 1 ? "item" : "items"}`).join("; ")}. ` +
        "Give those items to someone else first (in their grid), so they keep who procured them.",
    );
  }
}

/** A change would leave the person with neither a first nor a last name. */
export class StaffNeedsNameError extends Refusal {
  constructor() {
    super(NEEDS_A_NAME);
  }
}

export async function listStaff(eventId: number): Promise<StaffRow[]> {
  const clientId = await clientOfEvent(eventId);
  const rows = await db
    .select({
      staff_id: staff.staff_id,
      first_name: staff.first_name,
      last_name: staff.last_name,
      email: staff.email,
      full_name: staff.full_name,
      internal_notes: staff.internal_notes,
      grid_row_color: staff.grid_row_color,
      // Spelt out with their table: inside a select list Drizzle writes columns unqualified, and "staff_id" would
      // be the inventory's own column there.
      item_count: sql<number>`(
        (select count(*) from auction_item where auction_item.xinv_staff_id = staff.staff_id and auction_item.event_id = ${eventId})
        + (select count(*) from inventory where inventory.staff_id = staff.staff_id and inventory.event_id = ${eventId})
      )::int`,
      all_item_count: sql<number>`(
        (select count(*) from auction_item where auction_item.xinv_staff_id = staff.staff_id)
        + (select count(*) from inventory where inventory.staff_id = staff.staff_id)
      )::int`,
    })
    .from(staff)
    .where(eq(staff.client_id, clientId))
    .orderBy(
      asc(sql`lower(coalesce(${staff.last_name}, ''))`),
      asc(sql`lower(coalesce(${staff.first_name}, ''))`),
      asc(staff.staff_id),
    );
  return rows.map((row) => ({ ...row, full_name: row.full_name ?? "" }));
}

/** Spec "insert a staff record (staff_id, client_id, email, first_name, last_name)"; the new id. */
export async function createStaff(eventId: number, input: StaffInput): Promise<number> {
  const clientId = await clientOfEvent(eventId);
  const [row] = await db
    .insert(staff)
    .values({ client_id: clientId, ...input })
    .returning({ staff_id: staff.staff_id });
  return row.staff_id;
}

/**
 * Changes a person of the event's organisation; false when there is no such person (any more). Throws
 * StaffNeedsNameError, changing nothing, when they would be left without a name.
 */
export async function updateStaff(eventId: number, staffId: number, change: Partial<StaffInput>): Promise<boolean> {
  const clientId = await clientOfEvent(eventId);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(staff)
      .set(change)
      .where(and(eq(staff.staff_id, staffId), eq(staff.client_id, clientId)))
      .returning({ first_name: staff.first_name, last_name: staff.last_name });
    if (!row) return false;
    if (!row.first_name && !row.last_name) throw new StaffNeedsNameError();
    return true;
  });
}

/** Deletes people who procured nothing, all or none; the number deleted (other organisations' ids are ignored). */
export async function deleteStaff(eventId: number, staffIds: number[]): Promise<number> {
  const clientId = await clientOfEvent(eventId);
  return db.transaction(async (tx) => {
    // Locked, so that no item names one of them between the check and the delete.
    const rows = await tx
      .select({ staff_id: staff.staff_id, full_name: staff.full_name })
      .from(staff)
      .where(and(eq(staff.client_id, clientId), inArray(staff.staff_id, staffIds)))
      .for("update");
    if (rows.length === 0) return 0;
    const used = await Promise.all(
      rows.map(async (row) => ({
        name: row.full_name || "Someone unnamed",
        items: await countProcured(tx, row.staff_id),
      })),
    );
    const inUse = used.filter((row) => row.items > 0);
    if (inUse.length > 0) throw new StaffInUseError(inUse);
    await tx.delete(staff).where(
      inArray(
        staff.staff_id,
        rows.map((row) => row.staff_id),
      ),
    );
    return rows.length;
  });
}

async function countProcured(tx: Transaction, staffId: number): Promise<number> {
  const [[items], [stock]] = await Promise.all([
    tx.select({ n: count() }).from(auction_item).where(eq(auction_item.xinv_staff_id, staffId)),
    tx.select({ n: count() }).from(inventory).where(eq(inventory.staff_id, staffId)),
  ]);
  return items.n + stock.n;
}
