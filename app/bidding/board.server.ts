/**
 * The auction board of an event: every published silent and virtual item with what bidders see of it (title,
 * picture, category, value) and its live bidding state. The gallery, the item page and the stream's snapshot read it.
 */
import { and, asc, eq, isNull, lt, or, sql } from "drizzle-orm";
import { isAnyOf, preparedQuery } from "~/db/prepared.server";
import { auction_item, category, donor, watch } from "~drizzle/schema";
import { AUCTION_KINDS, rulesForItem, type EventAuctionRules } from "./auction-rules.server";
import { heldUnits, itemState } from "./item-records.server";
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
const BOARD_COLUMNS = {
  auction_item_id: auction_item.auction_item_id,
  title: auction_item.title,
  lot: auction_item.lot,
  type: auction_item.type,
  excerpt: auction_item.excerpt,
  featured_image: auction_item.featured_image,
  value: auction_item.value,
  xinv_category_id: auction_item.xinv_category_id,
  status: auction_item.status,
  quantity: auction_item.quantity,
  starting_bid: auction_item.starting_bid,
  increment: auction_item.increment,
  buy_now: auction_item.buy_now,
  in_person_only: auction_item.in_person_only,
  current_bid: auction_item.current_bid,
  bid_count: auction_item.bid_count,
  closes_at: auction_item.closes_at,
  closed_at: auction_item.closed_at,
  sold_quantity: auction_item.sold_quantity,
};

/** The item types on the board: the auctions that are on, and live lots open online (rulesForItem picks those). */
function boardKinds(rules: EventAuctionRules): string[] {
  const kinds: string[] = AUCTION_KINDS.filter((kind) => rules.auctions[kind]);
  if (rules.liveOnline.size > 0) kinds.push("live");
  return kinds;
}

const BOARD_ORDER = [asc(auction_item.display_order), asc(auction_item.lot), asc(auction_item.title)];

const boardQuery = (onlyItems: boolean) => (db: Database) =>
  db
    .select({
      item: BOARD_COLUMNS,
      category: category.title,
      donorFirst: donor.first_name,
      donorLast: donor.last_name,
      donorTitle: donor.title,
    })
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
  return rows.flatMap(({ item, category: categoryTitle, donorFirst, donorLast, donorTitle }) => {
    const itemRules = rulesForItem(rules, item);
    if (!itemRules) return [];
    const donorName = donorTitle || [donorFirst, donorLast].filter(Boolean).join(" ") || null;
    return [
      {
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
        live: liveItem(item.auction_item_id, itemState(item), itemRules, held.get(item.auction_item_id) ?? []),
      },
    ];
  });
}

/** The ids of an event's open board items, in the board's order, and of the one asked for whatever its state. */
const openItemsAnd = preparedQuery("open_board_items_and", (db: Database) =>
  db
    .select({ id: auction_item.auction_item_id, type: auction_item.type, categoryId: auction_item.xinv_category_id })
    .from(auction_item)
    .where(
      and(
        eq(auction_item.event_id, sql.placeholder("eventId")),
        eq(auction_item.status, "published"),
        isAnyOf(auction_item.type, "kinds"),
        or(
          eq(auction_item.auction_item_id, sql.placeholder("itemId")),
          and(isNull(auction_item.closed_at), lt(auction_item.sold_quantity, auction_item.quantity)),
        ),
      ),
    )
    .orderBy(...BOARD_ORDER),
);

/**
 * One item of the board with up to `count` others to show beside it: open ones, those of its category first, in the
 * board's order. An item's page reads these rather than the whole board (after every bid without JavaScript, the
 * bidder's phone loads it again).
 */
export async function itemWithOthers(
  db: Database,
  rules: EventAuctionRules,
  itemId: number,
  count: number,
): Promise<{ item: BoardItem | null; others: BoardItem[] }> {
  const kinds = boardKinds(rules);
  if (kinds.length === 0) return { item: null, others: [] };
  const candidates = count > 0 ? await openItemsAnd(db).execute({ eventId: rules.eventId, kinds, itemId }) : [];
  const own = candidates.find((candidate) => candidate.id === itemId);
  const open = candidates.filter(
    (candidate) =>
      candidate.id !== itemId &&
      rulesForItem(rules, {
        type: candidate.type,
        xinv_category_id: candidate.categoryId,
        auction_item_id: candidate.id,
      }),
  );
  const categoryId = own?.categoryId ?? null;
  const sameCategory = open.filter((other) => categoryId !== null && other.categoryId === categoryId);
  const chosen = [...sameCategory, ...open.filter((other) => !sameCategory.includes(other))]
    .slice(0, count)
    .map((other) => other.id);
  const board = await loadBoard(db, rules, [itemId, ...chosen]);
  const byId = new Map(board.map((entry) => [entry.id, entry]));
  return {
    item: byId.get(itemId) ?? null,
    others: chosen.flatMap((id) => byId.get(id) ?? []),
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
