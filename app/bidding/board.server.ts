/**
 * The auction board of an event: every published silent and virtual item with what bidders see of it (title,
 * picture, category, value) and its live bidding state. The gallery, the item page and the stream's snapshot read it.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { isAnyOf, preparedQuery } from "~/db/prepared.server";
import { fullName } from "~/ui/format";
import { auction_item, category, donor, watch } from "~drizzle/schema";
import { AUCTION_KINDS, rulesForItem, type EventAuctionRules } from "./auction-rules.server";
import { heldUnits, ITEM_STATE_COLUMNS, itemState, type HeldUnit, type ItemRow } from "./item-records.server";
import { liveItem, type LiveItem } from "./live-item";
import type { Database } from "~/db/connection.server";

export interface BoardItem {
  id: number;
  title: string;
  lot: number | null;
  type: string;
  excerpt: string | null;
  featuredImage: string | null;
  value: number | null;
  category: string | null;
  categoryId: number | null;
  donor: string | null;
  inPersonOnly: boolean;
  increment: number | null;
  live: LiveItem;
}

/** What the board shows of an item and what its bidding state needs: not its story, which only its own page reads. */
export const BOARD_COLUMNS = {
  auction_item_id: auction_item.auction_item_id,
  title: auction_item.title,
  lot: auction_item.lot,
  type: auction_item.type,
  excerpt: auction_item.excerpt,
  featured_image: auction_item.featured_image,
  value: auction_item.value,
  xinv_category_id: auction_item.xinv_category_id,
  ...ITEM_STATE_COLUMNS,
};

/** The item types on the board: the auctions that are on, and live lots open online (rulesForItem picks those). */
export function boardKinds(rules: EventAuctionRules): string[] {
  const kinds: string[] = AUCTION_KINDS.filter((kind) => rules.auctions[kind]);
  if (rules.liveOnline.size > 0) kinds.push("live");
  return kinds;
}

export const BOARD_ORDER = [asc(auction_item.display_order), asc(auction_item.lot), asc(auction_item.title)];

/** A BoardRow's columns: the item's, with its category and donor (left-joined on the item's category and donor ids). */
export const BOARD_ROW_COLUMNS = {
  item: BOARD_COLUMNS,
  category: category.title,
  donorFirst: donor.first_name,
  donorLast: donor.last_name,
  donorTitle: donor.title,
};

const boardQuery = (onlyItems: boolean) => (db: Database) =>
  db
    .select(BOARD_ROW_COLUMNS)
    .from(auction_item)
    .leftJoin(category, eq(category.category_id, auction_item.xinv_category_id))
    .leftJoin(donor, eq(donor.donor_id, auction_item.xinv_donor_id))
    .where(
      and(
        eq(auction_item.event_id, sql.placeholder("eventId")),
        eq(auction_item.status, "published"),
        isAnyOf(auction_item.type, "kinds"),
        onlyItems ? isAnyOf(auction_item.auction_item_id, "itemIds") : undefined,
      ),
    )
    .orderBy(...BOARD_ORDER);
const wholeBoard = preparedQuery("board", boardQuery(false));
const boardOfItems = preparedQuery("board_of_items", boardQuery(true));

/** The board; with itemIds, only those items. Items whose auction is off at the event are left out. */
export async function loadBoard(db: Database, rules: EventAuctionRules, itemIds?: number[]): Promise<BoardItem[]> {
  const kinds = boardKinds(rules);
  if (kinds.length === 0) return [];
  const rows = itemIds
    ? await boardOfItems(db).execute({ eventId: rules.eventId, kinds, itemIds })
    : await wholeBoard(db).execute({ eventId: rules.eventId, kinds });
  const held = await heldUnits(
    db,
    rules.eventId,
    rows.map((row) => row.item.auction_item_id),
  );
  return rows.flatMap((row) => boardItem(rules, row, held.get(row.item.auction_item_id) ?? []) ?? []);
}

/** A row of BOARD_ROW_COLUMNS, as boardQuery and an item's page read it. */
export interface BoardRow {
  item: Pick<ItemRow, keyof typeof BOARD_COLUMNS>;
  category: string | null;
  donorFirst: string | null;
  donorLast: string | null;
  donorTitle: string | null;
}

/** The row as the board shows it, with its live state; null when its auction is not on at the event. */
export function boardItem(rules: EventAuctionRules, row: BoardRow, held: HeldUnit[]): BoardItem | null {
  const { item, category: categoryTitle, donorFirst, donorLast, donorTitle } = row;
  const itemRules = rulesForItem(rules, item);
  if (!itemRules) return null;
  const donorName = donorTitle || fullName(donorFirst, donorLast) || null;
  return {
    id: item.auction_item_id,
    title: item.title,
    lot: item.lot,
    type: item.type,
    excerpt: item.excerpt,
    featuredImage: item.featured_image,
    value: item.value,
    category: categoryTitle,
    categoryId: item.xinv_category_id,
    donor: donorName,
    inPersonOnly: item.in_person_only,
    increment: item.increment,
    live: liveItem(item.auction_item_id, itemState(item), itemRules, held),
  };
}

const watchedAmong = preparedQuery("watched_items", (db: Database) =>
  db
    .select({ id: watch.auction_item_id })
    .from(watch)
    .where(and(eq(watch.usr_id, sql.placeholder("usrId")), isAnyOf(watch.auction_item_id, "itemIds"))),
);

export async function watchedItemIds(db: Database, usrId: number, itemIds: number[]) {
  if (itemIds.length === 0) return new Set<number>();
  const rows = await watchedAmong(db).execute({ usrId, itemIds });
  return new Set(rows.map((row) => row.id));
}

export async function setWatching(db: Database, usrId: number, itemId: number, watching: boolean) {
  if (watching) await db.insert(watch).values({ usr_id: usrId, auction_item_id: itemId }).onConflictDoNothing();
  else await db.delete(watch).where(and(eq(watch.usr_id, usrId), eq(watch.auction_item_id, itemId)));
}
