/**
 * Donors (the donor table): the organisation's people and businesses who give items, shared by its events
 * (decision 004). Auction items name their donor (xinv_donor_id) and so does inventory (donor_id). A donor who
 * gave anything, at any event of the organisation, is never deleted: those items would silently lose their donor
 * (and the thank-you letter its addressee). Mark them inactive instead.
 */
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import { db, type Transaction } from "~/db.server";
import { clientOfEvent } from "~/events/client-of-event.server";
import { eventCurrency } from "~/events/event-currency.server";
import { Refusal } from "~/forms/refusal";
import { formatMoney, fullName } from "~/ui/format";
import { auction_item, donor, inventory } from "~drizzle/schema";
import { NEEDS_A_NAME, type DonorInput } from "./donor-form";

export type DonorRow = {
  donor_id: number;
  first_name: string | null;
  last_name: string | null;
  /** Their organisation or business ("Chatham Harbor Inn"); null for a private person. */
  title: string | null;
  email: string | null;
  phone: string | null;
  website: string | null;
  is_active: boolean;
  internal_notes: string | null;
  /** The person's name, or their organisation's when there is no person: how the screen names the donor. */
  name: string;
  /** Auction items and inventory records of this event naming the donor. */
  item_count: number;
  /**
   * What they gave at this event, in cents: their inventory's values and their auction items' (value × quantity).
   * A package made of inventory counts through its parts, so nothing is counted twice.
   */
  item_value: number;
  /** item_value in the event's currency, formatted on the server. */
  item_value_label: string;
  /** Auction items and inventory records naming the donor at every event of the organisation. */
  all_item_count: number;
};

export class DonorInUseError extends Refusal {
  constructor(readonly used: { name: string; items: number }[]) {
    super(
      `${used.map((d) => `“${d.name}” gave ${d.items} ${d.items === 1 ? "item" : "items"}`).join("; ")}. ` +
        "A donor who gave items is kept so the items keep their donor: mark them inactive instead, or give the " +
        "items another donor first.",
    );
  }
}

/** The donor has neither a name nor an organisation after a change (an edit in the grid cleared the last one). */
export class DonorNeedsNameError extends Refusal {
  constructor() {
    super(NEEDS_A_NAME);
  }
}

/** How a donor is named on screen: "Claire Donovan", or "Chatham Harbor Inn" when no person is given. */
export function donorName(row: { first_name: string | null; last_name: string | null; title: string | null }): string {
  return fullName(row.first_name, row.last_name) || row.title || "Unnamed donor";
}

export async function listDonors(eventId: number): Promise<DonorRow[]> {
  const [clientId, currency] = await Promise.all([clientOfEvent(eventId), eventCurrency(eventId)]);
  const rows = await db
    .select({
      donor_id: donor.donor_id,
      first_name: donor.first_name,
      last_name: donor.last_name,
      title: donor.title,
      email: donor.email,
      phone: donor.phone,
      website: donor.website,
      is_active: donor.is_active,
      internal_notes: donor.internal_notes,
      // Spelt out with their table: inside a select list Drizzle writes columns unqualified, and "donor_id" would
      // be the inventory's own column there.
      item_count: sql<number>`(
        (select count(*) from auction_item where auction_item.xinv_donor_id = donor.donor_id and auction_item.event_id = ${eventId})
        + (select count(*) from inventory where inventory.donor_id = donor.donor_id and inventory.event_id = ${eventId})
      )::int`,
      item_value: sql<number>`(
        (select coalesce(sum(inventory.value), 0) from inventory
          where inventory.donor_id = donor.donor_id and inventory.event_id = ${eventId})
        + (select coalesce(sum(coalesce(auction_item.value, 0)::bigint * auction_item.quantity), 0) from auction_item
          where auction_item.xinv_donor_id = donor.donor_id and auction_item.event_id = ${eventId}
            and not exists (select 1 from inventory part where part.auction_item_id = auction_item.auction_item_id))
      )::bigint`.mapWith(Number),
      all_item_count: sql<number>`(
        (select count(*) from auction_item where auction_item.xinv_donor_id = donor.donor_id)
        + (select count(*) from inventory where inventory.donor_id = donor.donor_id)
      )::int`,
    })
    .from(donor)
    .where(eq(donor.client_id, clientId))
    .orderBy(
      asc(sql`lower(coalesce(${donor.last_name}, ${donor.title}, ''))`),
      asc(donor.first_name),
      asc(donor.donor_id),
    );
  return rows.map((row) => ({
    ...row,
    name: donorName(row),
    item_value_label: formatMoney(row.item_value, currency),
  }));
}

export async function createDonor(eventId: number, input: DonorInput): Promise<number> {
  const clientId = await clientOfEvent(eventId);
  const [row] = await db
    .insert(donor)
    .values({ client_id: clientId, ...input })
    .returning({ donor_id: donor.donor_id });
  return row.donor_id;
}

/**
 * Changes a donor of the event's organisation; false when there is no such donor (any more). Throws
 * DonorNeedsNameError, changing nothing, when the donor would be left with neither a name nor an organisation.
 */
export async function updateDonor(eventId: number, donorId: number, change: Partial<DonorInput>): Promise<boolean> {
  const clientId = await clientOfEvent(eventId);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(donor)
      .set(change)
      .where(and(eq(donor.donor_id, donorId), eq(donor.client_id, clientId)))
      .returning({ first_name: donor.first_name, last_name: donor.last_name, title: donor.title });
    if (!row) return false;
    if (!row.first_name && !row.last_name && !row.title) throw new DonorNeedsNameError();
    return true;
  });
}

/** Marks donors of the organisation active or inactive; the number changed (other organisations' ids are ignored). */
export async function setDonorsActive(eventId: number, donorIds: number[], active: boolean): Promise<number> {
  const clientId = await clientOfEvent(eventId);
  const rows = await db
    .update(donor)
    .set({ is_active: active })
    .where(and(eq(donor.client_id, clientId), inArray(donor.donor_id, donorIds)))
    .returning({ donor_id: donor.donor_id });
  return rows.length;
}

/** Deletes donors who gave nothing, all or none; the number deleted (ids of other organisations are ignored). */
export async function deleteDonors(eventId: number, donorIds: number[]): Promise<number> {
  const clientId = await clientOfEvent(eventId);
  return db.transaction(async (tx) => {
    // Locked, so that no item names one of them between the check and the delete.
    const rows = await tx
      .select({
        donor_id: donor.donor_id,
        first_name: donor.first_name,
        last_name: donor.last_name,
        title: donor.title,
      })
      .from(donor)
      .where(and(eq(donor.client_id, clientId), inArray(donor.donor_id, donorIds)))
      .for("update");
    if (rows.length === 0) return 0;
    const used = await Promise.all(
      rows.map(async (row) => ({ name: donorName(row), items: await countGifts(tx, row.donor_id) })),
    );
    const inUse = used.filter((row) => row.items > 0);
    if (inUse.length > 0) throw new DonorInUseError(inUse);
    await tx.delete(donor).where(
      inArray(
        donor.donor_id,
        rows.map((row) => row.donor_id),
      ),
    );
    return rows.length;
  });
}

async function countGifts(tx: Transaction, donorId: number): Promise<number> {
  const [[items], [stock]] = await Promise.all([
    tx.select({ n: count() }).from(auction_item).where(eq(auction_item.xinv_donor_id, donorId)),
    tx.select({ n: count() }).from(inventory).where(eq(inventory.donor_id, donorId)),
  ]);
  return items.n + stock.n;
}
