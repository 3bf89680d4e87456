/**
 * An item's bidder page in one statement: the item with its story and pictures, the open items shown beside it, the
 * units held on each, and the bidder's own bids and watches on them. After every bid without JavaScript the phone
 * loads this page again (docs/benchmarks.md, "Fewer round trips per bid"), where it used to take six statements.
 */
import { and, eq, or, sql } from "drizzle-orm";
import { isAnyOf, preparedQuery } from "~/db/prepared.server";
import { sanitizeRichText } from "~/rich-text/sanitize.server";
import { auction_item, category, donor } from "~drizzle/schema";
import { ownBidsFrom } from "./bidder-page.server";
import { heldUnitsColumn, heldUnitsOf } from "./bidding-state.server";
import { BOARD_ORDER, BOARD_ROW_COLUMNS, boardItem, boardKinds, type BoardItem } from "./board.server";
import type { EventAuctionRules } from "./auction-rules.server";
import type { OwnBid } from "./live-item";
import type { Database } from "~/db/connection.server";

export interface ItemDetail {
  descriptionHtml: string;
  disclaimer: string | null;
  images: string[];
}

export interface ItemPage {
  /** The item, when it is on the board; null otherwise. */
  item: BoardItem | null;
  detail: ItemDetail | null;
  /** The open items shown beside it, those of its category first, in the board's order. */
  others: BoardItem[];
  /** The bidder's own bidding on the items shown, in the order of their ids. */
  own: OwnBid[];
  /** The items shown that the bidder watches, in the order of their ids. */
  watched: number[];
}

type OwnBidJson = [amount: number, bidId: number, status: string, kind: string];
type StoryJson = [description: string | null, disclaimer: string | null, gallery: string[] | null];

const askedItem = sql.placeholder("itemId");
const eventId = sql.placeholder("eventId");
const rowItemId = sql`${auction_item.auction_item_id}`;

/**
 * The open items beside the one asked for, up to `count`: those of its category first, then the board's order. Only
 * items whose auction is on, as rulesForItem decides: the kinds on (boardKinds), and of live lots those open online.
 * Aliased plain SQL: the outer query's auction_item is another row.
 */
const itemsBeside = sql`(
  select beside.auction_item_id from ${auction_item} beside
  where beside.event_id = ${eventId} and beside.status = 'published'
    and beside.type = any(${sql.placeholder("kinds")})
    and (beside.type <> 'live' or beside.auction_item_id = any(${sql.placeholder("liveOnline")}))
    and beside.auction_item_id <> ${askedItem}
    and beside.closed_at is null and beside.sold_quantity < beside.quantity
  order by (beside.xinv_category_id = (
      select asked.xinv_category_id from ${auction_item} asked
      where asked.auction_item_id = ${askedItem} and asked.event_id = ${eventId})) is true desc,
    beside.display_order, beside.lot, beside.title
  limit ${sql.placeholder("count")})`;

const itemPageQuery = preparedQuery("item_page", (db: Database) =>
  db
    .select({
      ...BOARD_ROW_COLUMNS,
      held: heldUnitsColumn(rowItemId, sql`${auction_item.event_id}`),
      // The bidder's own rows, highest first; none for a visitor who is not signed in (usrId null).
      own: sql<OwnBidJson[] | null>`(
        select json_agg(json_build_array(own.bid, own.bid_id, own.status, own.kind) order by own.bid desc, own.bid_id)
        from bid own
        where own.auction_item_id = ${rowItemId} and own.event_id = ${auction_item.event_id}
          and own.usr_id = ${sql.placeholder("usrId")})`,
      watched: sql<boolean>`exists (
        select from watch watching
        where watching.auction_item_id = ${rowItemId} and watching.usr_id = ${sql.placeholder("usrId")})`,
      // The story only of the item asked for: the others show as cards.
      story: sql<StoryJson | null>`case when ${rowItemId} = ${askedItem} then json_build_array(
        ${auction_item.description}, ${auction_item.xinv_disclaimer},
        (select json_agg(picture.url order by picture.display_order, picture.auction_item_image_id)
          from auction_item_image picture where picture.auction_item_id = ${rowItemId})) end`,
    })
    .from(auction_item)
    .leftJoin(category, eq(category.category_id, auction_item.xinv_category_id))
    .leftJoin(donor, eq(donor.donor_id, auction_item.xinv_donor_id))
    .where(
      and(
        eq(auction_item.event_id, eventId),
        eq(auction_item.status, "published"),
        isAnyOf(auction_item.type, "kinds"),
        or(eq(auction_item.auction_item_id, askedItem), sql`${rowItemId} in ${itemsBeside}`),
      ),
    )
    .orderBy(...BOARD_ORDER),
);

/** The item's page with up to `count` open items beside it, for the signed-in bidder `usrId` (or null). */
export async function loadItemPage(
  db: Database,
  rules: EventAuctionRules,
  usrId: number | null,
  itemId: number,
  count: number,
): Promise<ItemPage> {
  const kinds = boardKinds(rules);
  if (kinds.length === 0) return { item: null, detail: null, others: [], own: [], watched: [] };
  const rows = await itemPageQuery(db).execute({
    eventId: rules.eventId,
    kinds,
    liveOnline: [...rules.liveOnline],
    itemId,
    count,
    usrId,
  });
  const asked = rows.find((row) => row.item.auction_item_id === itemId);
  const item = asked ? boardItem(rules, asked, heldUnitsOf(asked.held)) : null;
  const categoryId = asked?.item.xinv_category_id ?? null;
  const beside = rows.filter((row) => row !== asked);
  const sameCategory = beside.filter((row) => categoryId !== null && row.item.xinv_category_id === categoryId);
  const others = [...sameCategory, ...beside.filter((row) => !sameCategory.includes(row))].flatMap(
    (row) => boardItem(rules, row, heldUnitsOf(row.held)) ?? [],
  );
  const shown = new Set([...(item ? [item.id] : []), ...others.map((other) => other.id)]);
  const shownRows = rows
    .filter((row) => shown.has(row.item.auction_item_id))
    .sort((a, b) => a.item.auction_item_id - b.item.auction_item_id);
  const ownRows = shownRows.flatMap((row) =>
    (row.own ?? []).map(([amount, bidId, status, kind]) => ({
      itemId: row.item.auction_item_id,
      amount,
      bidId,
      status,
      kind,
    })),
  );
  return {
    item,
    detail: item && asked?.story ? itemDetail(asked.item.featured_image, asked.story) : null,
    others,
    own: ownBidsFrom(ownRows),
    watched: shownRows.filter((row) => row.watched).map((row) => row.item.auction_item_id),
  };
}

/** What the item page shows beyond the board: the story, the disclaimer and the pictures in order, the featured first. */
function itemDetail(featured: string | null, [description, disclaimer, gallery]: StoryJson): ItemDetail {
  const images = [featured, ...(gallery ?? [])].filter((url): url is string => Boolean(url));
  return { descriptionHtml: sanitizeRichText(description ?? ""), disclaimer, images: [...new Set(images)] };
}
