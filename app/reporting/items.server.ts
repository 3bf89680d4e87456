/**
 * The items report: what sold against its fair market value, by category and by donor; items nobody bid on; the
 * top items; bids over time. Sold means won (winner rows, one per unit) or bought (items for sale), in the range.
 * "Sold for" is the hammer or sale price, paid or not: it is not "raised" (money collected, less refunds) nor the
 * ledger's "pledged" (net of comps and refunds), which the revenue report and the dashboard show (docs DOMAIN "Money").
 */
import { sql } from "drizzle-orm";
import { queryRows } from "~/billing/query-rows.server";
import { db } from "~/db.server";
import { formatCountOf } from "~/ui/format";
import { formatInZone } from "~/ui/zoned-time";
import { inRange } from "./range-sql.server";
import { percentOf, type Report, type ReportRow } from "./report";
import type { ReportScope } from "./filters.server";

const TYPE_LABELS: Record<string, string> = {
  live: "Live",
  silent: "Silent",
  virtual: "Virtual",
  sale: "For sale",
};

interface ItemRow {
  id: number;
  title: string;
  lot: number | null;
  type: string;
  value: number | null;
  category: string | null;
  donor: string | null;
  units: number;
  /** The hammer or sale price of the units sold, paid or not. */
  soldFor: number;
  bids: number;
}

export async function itemRows(scope: ReportScope): Promise<ItemRow[]> {
  const rows = await queryRows<Record<Exclude<keyof ItemRow, "soldFor"> | "sold_for", string | number | null>>(
    db,
    sql`
    with sold as (
      select auction_item_id, count(*) as units, sum(amount) as sold_for from winner
        where event_id = ${scope.eventId} and ${inRange(sql`created_at`, scope)} group by auction_item_id
      union all
      select auction_item_id, sum(quantity), sum(amount) from purchase
        where event_id = ${scope.eventId} and ${inRange(sql`created_at`, scope)} group by auction_item_id
    ),
    bids as (
      select auction_item_id, count(*) as n from bid
        where event_id = ${scope.eventId} and status not in ('rejected', 'retracted', 'cancelled')
          and ${inRange(sql`created_at`, scope)}
        group by auction_item_id
    )
    select ai.auction_item_id as id, ai.title, ai.lot, ai.type, ai.value,
      c.title as category,
      coalesce(nullif(trim(concat_ws(' ', d.first_name, d.last_name)), ''), d.title, d.email) as donor,
      coalesce(sum(s.units), 0)::int as units, coalesce(sum(s.sold_for), 0)::bigint as sold_for,
      coalesce(max(b.n), 0)::int as bids
    from auction_item ai
    left join sold s on s.auction_item_id = ai.auction_item_id
    left join bids b on b.auction_item_id = ai.auction_item_id
    left join category c on c.category_id = ai.xinv_category_id
    left join donor d on d.donor_id = ai.xinv_donor_id
    where ai.event_id = ${scope.eventId} and ai.type in ('live', 'silent', 'virtual', 'sale')
    group by ai.auction_item_id, c.title, d.first_name, d.last_name, d.title, d.email
    order by ai.lot nulls last, ai.title`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    title: String(row.title),
    lot: row.lot === null ? null : Number(row.lot),
    type: String(row.type),
    value: row.value === null ? null : Number(row.value),
    category: row.category === null ? null : String(row.category),
    donor: row.donor === null ? null : String(row.donor),
    units: Number(row.units),
    soldFor: Number(row.sold_for),
    bids: Number(row.bids),
  }));
}

/** Value of what sold: fair market value per unit sold (priceless items count nothing). */
const soldValue = (item: ItemRow) => (item.value ?? 0) * item.units;

function groupBy(items: ItemRow[], key: (item: ItemRow) => string, labelKey: string): ReportRow[] {
  const groups = new Map<string, ItemRow[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return [...groups.entries()]
    .map(([label, members]) => {
      const soldFor = members.reduce((sum, item) => sum + item.soldFor, 0);
      const value = members.reduce((sum, item) => sum + soldValue(item), 0);
      return {
        [labelKey]: label,
        items: members.length,
        sold: members.filter((item) => item.units > 0).length,
        soldFor,
        value,
        percent: percentOf(soldFor, value),
      };
    })
    .sort((a, b) => Number(b.soldFor) - Number(a.soldFor) || String(a[labelKey]).localeCompare(String(b[labelKey])));
}

const GROUP_COLUMNS = [
  { key: "items", header: "Items", kind: "count" },
  { key: "sold", header: "Sold", kind: "count" },
  { key: "soldFor", header: "Sold for", kind: "money" },
  { key: "value", header: "Value of what sold", kind: "money" },
  { key: "percent", header: "% of value", kind: "percent" },
] as const;

const itemName = (item: ItemRow) => `${item.lot !== null ? `${item.lot} · ` : ""}${item.title}`;

export async function itemsReport(scope: ReportScope): Promise<Report> {
  const [items, bidTimes] = await Promise.all([itemRows(scope), bidsOverTime(scope)]);
  const biddable = items.filter((item) => item.type !== "sale");
  const soldFor = items.reduce((sum, item) => sum + item.soldFor, 0);
  const value = items.reduce((sum, item) => sum + soldValue(item), 0);
  const top = [...items]
    .filter((item) => item.soldFor > 0)
    .sort((a, b) => b.soldFor - a.soldFor)
    .slice(0, 10);
  return {
    slug: "items",
    name: `items ${scope.title}`,
    title: "Items",
    currency: scope.currency,
    figures: [
      { label: "Items", value: items.length, kind: "count" },
      { label: "Sold", value: items.filter((item) => item.units > 0).length, kind: "count" },
      { label: "Items sold for", value: soldFor, kind: "money", note: "hammer and sale prices, paid or not" },
      { label: "Of fair market value", value: percentOf(soldFor, value), kind: "percent", note: "of what sold" },
      { label: "Bids", value: items.reduce((sum, item) => sum + item.bids, 0), kind: "count" },
    ],
    tables: [
      {
        id: "categories",
        title: "By category",
        columns: [{ key: "category", header: "Category", kind: "text" }, ...GROUP_COLUMNS],
        rows: groupBy(items, (item) => item.category ?? "No category", "category"),
        empty: "No items yet.",
        chart: {
          kind: "bars",
          title: "Sold for, by category",
          description: "What the items of each category sold for; the table gives items, value and percent.",
          labelKey: "category",
          valueKey: "soldFor",
        },
      },
      {
        id: "donors",
        title: "By donor",
        columns: [{ key: "donor", header: "Donor", kind: "text" }, ...GROUP_COLUMNS],
        rows: groupBy(items, (item) => item.donor ?? "No donor", "donor"),
        empty: "No items yet.",
      },
      {
        id: "top",
        title: "Top items",
        columns: [
          { key: "item", header: "Item", kind: "text" },
          { key: "type", header: "Auction", kind: "text" },
          { key: "bids", header: "Bids", kind: "text" },
          { key: "soldFor", header: "Sold for", kind: "money" },
          { key: "value", header: "Value", kind: "money" },
          { key: "percent", header: "% of value", kind: "percent" },
        ],
        rows: top.map((item) => ({
          item: itemName(item),
          type: TYPE_LABELS[item.type] ?? item.type,
          bids: formatCountOf(item.bids, "bid", "bids"),
          soldFor: item.soldFor,
          value: soldValue(item),
          percent: percentOf(item.soldFor, soldValue(item)),
        })),
        empty: "Nothing has sold yet.",
      },
      {
        id: "no-bids",
        title: "Items with no bids",
        columns: [
          { key: "item", header: "Item", kind: "text" },
          { key: "type", header: "Auction", kind: "text" },
          { key: "category", header: "Category", kind: "text" },
          { key: "value", header: "Value", kind: "money" },
        ],
        rows: biddable
          .filter((item) => item.bids === 0 && item.units === 0)
          .map((item) => ({
            item: itemName(item),
            type: TYPE_LABELS[item.type] ?? item.type,
            category: item.category ?? "",
            value: item.value,
          })),
        empty: "Every item has had a bid.",
      },
      {
        id: "bids",
        title: "Bids over time, by hour (and per item bid on)",
        columns: [
          { key: "at", header: "Hour", kind: "text" },
          { key: "bids", header: "Bids", kind: "count" },
          { key: "items", header: "Items bid on", kind: "count" },
          { key: "perItem", header: "Bids per item", kind: "count" },
        ],
        rows: bidTimes.map((point) => ({
          at: formatInZone(point.at, scope.timeZone, "datetime"),
          bids: point.bids,
          items: point.items,
          perItem: Math.round((point.bids / point.items) * 10) / 10,
        })),
        empty: "No bids in this period.",
        chart: {
          kind: "line",
          title: "Bids per hour",
          description: "How many bids arrived in each hour, and on how many items.",
          labelKey: "at",
          series: [
            { key: "bids", label: "Bids" },
            { key: "items", label: "Items bid on" },
          ],
          cumulative: false,
        },
      },
    ],
  };
}

async function bidsOverTime(scope: ReportScope) {
  const rows = await queryRows<{ at: string | Date; bids: string; items: string }>(
    db,
    sql`
    select date_trunc('hour', created_at) as at, count(*)::int as bids, count(distinct auction_item_id)::int as items
    from bid
    where event_id = ${scope.eventId} and status not in ('rejected', 'retracted', 'cancelled')
      and ${inRange(sql`created_at`, scope)}
    group by 1 order by 1`,
  );
  return rows.map((row) => ({ at: new Date(row.at), bids: Number(row.bids), items: Number(row.items) }));
}
