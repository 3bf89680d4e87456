/**
 * Item categories (the category table): the organisation's own list, shared by its events, used by auction items
 * (xinv_category_id) and inventory (category_id). A category in use is never deleted: its items would silently
 * lose it. Titles are unique within the organisation, whatever their case.
 */
import { and, asc, count, eq, inArray, ne, sql } from "drizzle-orm";
import { db } from "~/db.server";
import { clientOfEvent } from "~/events/client-of-event.server";
import { Refusal } from "~/forms/refusal";
import { auction_item, category, inventory } from "~drizzle/schema";

export type CategoryRow = {
  category_id: number;
  title: string;
  internal_notes: string | null;
  /** Auction items and inventory items, of every event of the organisation, in this category. */
  item_count: number;
};

export type CategoryInput = { title: string; internal_notes: string | null };

export class DuplicateCategoryError extends Refusal {
  constructor(readonly title: string) {
    super(`A category named “${title}” already exists.`, "title");
  }
}

export class CategoryInUseError extends Refusal {
  constructor(readonly used: { title: string; items: number }[]) {
    super(
      `${used.map((c) => `“${c.title}” is used by ${c.items} ${c.items === 1 ? "item" : "items"}`).join("; ")}. ` +
        "Move those items to another category first (select them in their grid and change their category).",
    );
  }
}

export async function listCategories(eventId: number): Promise<CategoryRow[]> {
  const clientId = await clientOfEvent(eventId);
  return db
    .select({
      category_id: category.category_id,
      title: category.title,
      internal_notes: category.internal_notes,
      // Spelt out: inside a select list Drizzle writes columns unqualified, and "category_id" would be the
      // inventory's own column there.
      item_count: sql<number>`(
        (select count(*) from auction_item where auction_item.xinv_category_id = category.category_id)
        + (select count(*) from inventory where inventory.category_id = category.category_id)
      )::int`,
    })
    .from(category)
    .where(eq(category.client_id, clientId))
    .orderBy(asc(category.title));
}

export async function createCategory(eventId: number, input: CategoryInput): Promise<number> {
  const clientId = await clientOfEvent(eventId);
  return db.transaction(async (tx) => {
    await refuseDuplicate(tx, clientId, input.title);
    const [row] = await tx
      .insert(category)
      .values({ client_id: clientId, ...input })
      .returning({ category_id: category.category_id });
    return row.category_id;
  });
}

/** Changes a category of the event's organisation; false when there is no such category (any more). */
export async function updateCategory(
  eventId: number,
  categoryId: number,
  change: Partial<CategoryInput>,
): Promise<boolean> {
  const clientId = await clientOfEvent(eventId);
  return db.transaction(async (tx) => {
    if (change.title !== undefined) await refuseDuplicate(tx, clientId, change.title, categoryId);
    const updated = await tx
      .update(category)
      .set(change)
      .where(and(eq(category.category_id, categoryId), eq(category.client_id, clientId)))
      .returning({ category_id: category.category_id });
    return updated.length === 1;
  });
}

/** Deletes categories nobody uses, all or none; the number deleted (ids of other organisations are ignored). */
export async function deleteCategories(eventId: number, categoryIds: number[]): Promise<number> {
  const clientId = await clientOfEvent(eventId);
  return db.transaction(async (tx) => {
    const mine = and(eq(category.client_id, clientId), inArray(category.category_id, categoryIds));
    // Locked, so that no item is put in a category between the check and the delete.
    const rows = await tx
      .select({ category_id: category.category_id, title: category.title })
      .from(category)
      .where(mine)
      .for("update");
    if (rows.length === 0) return 0;
    const ids = rows.map((row) => row.category_id);
    const used = await Promise.all(
      rows.map(async (row) => ({ title: row.title, items: await countUses(tx, row.category_id) })),
    );
    const inUse = used.filter((row) => row.items > 0);
    if (inUse.length > 0) throw new CategoryInUseError(inUse);
    await tx.delete(category).where(inArray(category.category_id, ids));
    return ids.length;
  });
}

type Tx = Parameters<Parameters<typeof db.transaction>[0]>[0];

async function refuseDuplicate(tx: Tx, clientId: number, title: string, exceptId?: number) {
  const [clash] = await tx
    .select({ title: category.title })
    .from(category)
    .where(
      and(
        eq(category.client_id, clientId),
        sql`lower(${category.title}) = lower(${title})`,
        exceptId === undefined ? undefined : ne(category.category_id, exceptId),
      ),
    )
    .limit(1);
  if (clash) throw new DuplicateCategoryError(clash.title);
}

async function countUses(tx: Tx, categoryId: number): Promise<number> {
  const [[items], [stock]] = await Promise.all([
    tx.select({ n: count() }).from(auction_item).where(eq(auction_item.xinv_category_id, categoryId)),
    tx.select({ n: count() }).from(inventory).where(eq(inventory.category_id, categoryId)),
  ]);
  return items.n + stock.n;
}
