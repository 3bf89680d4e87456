/**
 * Reading and saving a silent or virtual auction's rules for its setup screen (app/events/auction-settings.ts
 * checks them): the auction's own record (event.silent_auction_id / virtual_auction_id, created when the module is
 * first switched on) and the event's category_close rows for that auction. Every query is scoped by the event.
 * A save bumps the event's data_version, as every setup screen's does, and tells open admin pages.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { db, type Transaction } from "~/db.server";
import { Refusal } from "~/forms/refusal";
import { publishEventChange } from "~/realtime/data-area-changes.server";
import { category, category_close, event, silent_auction, virtual_auction } from "~drizzle/schema";
import {
  AUCTION_KINDS,
  auctionSettingsSchema,
  describeAuctionRules,
  type AuctionKind,
  type AuctionSettings,
} from "./auction-settings";
import { clientOfEvent } from "./client-of-event.server";

const TABLES = {
  silent: { table: silent_auction, id: silent_auction.silent_auction_id, eventColumn: event.silent_auction_id },
  virtual: { table: virtual_auction, id: virtual_auction.virtual_auction_id, eventColumn: event.virtual_auction_id },
} as const;

export interface AuctionCategory {
  category_id: number;
  title: string;
  /** This event's items of this auction in the category. */
  item_count: number;
  end_date_time: Date | null;
}

export interface AuctionSettingsView {
  timeZone: string;
  /** Whether the module is switched on (its record can exist while it is off). */
  enabled: boolean;
  /** Null when the module was never switched on, so the auction has no record yet. */
  record: (Omit<AuctionSettings, "category_closes" | "increment_percent"> & { increment_percent: number }) | null;
  categories: AuctionCategory[];
}

export async function loadAuctionSettings(eventId: number, kind: AuctionKind): Promise<AuctionSettingsView> {
  const { table, id, eventColumn } = TABLES[kind];
  const enabledColumn = kind === "silent" ? event.is_silent_auction_enabled : event.is_virtual_auction_enabled;
  const [row] = await db
    .select({
      timeZone: event.timezone,
      enabled: enabledColumn,
      start_date_time: table.start_date_time,
      end_date_time: table.end_date_time,
      soft_close_minutes: table.soft_close_minutes,
      hard_end_date_time: table.hard_end_date_time,
      is_auto_bid: table.is_auto_bid,
      increment_policy: table.increment_policy,
      increment_percent: table.increment_percent,
      auction_id: id,
    })
    .from(event)
    .leftJoin(table, eq(id, eventColumn))
    .where(eq(event.event_id, eventId));
  if (!row) throw new Response("This event no longer exists.", { status: 404 });
  const { timeZone, enabled, auction_id, ...columns } = row;
  return {
    timeZone,
    enabled,
    record:
      auction_id === null
        ? null
        : {
            ...columns,
            soft_close_minutes: columns.soft_close_minutes!,
            is_auto_bid: columns.is_auto_bid!,
            increment_policy: columns.increment_policy === "percent" ? "percent" : "item",
            increment_percent: columns.increment_percent!,
          },
    categories: await auctionCategories(eventId, kind),
  };
}

/** The organisation's categories (shared by its events), with this event's items of the auction and its closing times. */
export async function auctionCategories(eventId: number, kind: AuctionKind): Promise<AuctionCategory[]> {
  const clientId = await clientOfEvent(eventId);
  return db
    .select({
      category_id: category.category_id,
      title: category.title,
      // Spelt out: Drizzle writes columns unqualified inside a select list.
      item_count: sql<number>`(
        select count(*) from auction_item
        where auction_item.xinv_category_id = category.category_id
          and auction_item.event_id = ${eventId}
          and auction_item.type = ${kind}
      )::int`,
      end_date_time: category_close.end_date_time,
    })
    .from(category)
    .leftJoin(
      category_close,
      and(
        eq(category_close.category_id, category.category_id),
        eq(category_close.event_id, eventId),
        eq(category_close.auction, kind),
      ),
    )
    .where(eq(category.client_id, clientId))
    .orderBy(asc(category.title), asc(category.category_id));
}

export class AuctionNotEnabledError extends Refusal {
  constructor(kind: AuctionKind) {
    super(
      `The ${AUCTION_KINDS[kind].label.toLowerCase()} is not switched on for this event: switch it on under Modules first.`,
    );
    this.name = "AuctionNotEnabledError";
  }
}

/**
 * Saves the settings in one transaction: the auction's record, then the event's closing times for the auction
 * (replaced as a whole: a category left blank closes with the auction), and a new data_version. The category ids
 * must be the organisation's (the form offers only those; auctionCategories lists them).
 */
export async function saveAuctionSettings(
  eventId: number,
  kind: AuctionKind,
  settings: AuctionSettings,
): Promise<void> {
  const { table, id, eventColumn } = TABLES[kind];
  await db.transaction(async (tx: Transaction) => {
    const [current] = await tx
      .select({ auction_id: eventColumn })
      .from(event)
      .where(eq(event.event_id, eventId))
      .for("update");
    if (!current) throw new Response("This event no longer exists.", { status: 404 });
    if (current.auction_id === null) throw new AuctionNotEnabledError(kind);
    const { category_closes, increment_percent, ...columns } = settings;
    await tx
      .update(table)
      .set({ ...columns, ...(increment_percent === null ? {} : { increment_percent }) })
      .where(eq(id, current.auction_id));
    await tx.delete(category_close).where(and(eq(category_close.event_id, eventId), eq(category_close.auction, kind)));
    if (category_closes.length > 0) {
      await tx
        .insert(category_close)
        .values(category_closes.map((close) => ({ ...close, event_id: eventId, auction: kind })));
    }
    await tx
      .update(event)
      .set({ data_version: sql`${event.data_version} + 1`, updated_at: new Date() })
      .where(eq(event.event_id, eventId));
    await publishEventChange(tx, eventId);
  });
}

/** What the setup screen shows: the saved rules as the form posts them, the categories, and the rules in words. */
export async function auctionSettingsScreen(eventId: number, kind: AuctionKind) {
  const view = await loadAuctionSettings(eventId, kind);
  const iso = (date: Date | null) => date?.toISOString() ?? null;
  const record = view.record;
  return {
    kind,
    timeZone: view.timeZone,
    enabled: view.enabled,
    exists: record !== null,
    saved: record && {
      start_date_time: iso(record.start_date_time),
      end_date_time: iso(record.end_date_time),
      hard_end_date_time: iso(record.hard_end_date_time),
      soft_close_minutes: String(record.soft_close_minutes),
      is_auto_bid: record.is_auto_bid,
      increment_policy: record.increment_policy,
      increment_percent: String(record.increment_percent),
    },
    categories: view.categories.map((row) => ({ ...row, end_date_time: iso(row.end_date_time) })),
    summary: record
      ? describeAuctionRules(
          {
            ...record,
            category_closes: view.categories.flatMap((row) =>
              row.end_date_time ? [{ title: row.title, end_date_time: row.end_date_time }] : [],
            ),
          },
          view.timeZone,
        )
      : [],
  };
}

export type AuctionSettingsScreen = Awaited<ReturnType<typeof auctionSettingsScreen>>;

/** The auction's settings form, for its time zone and categories; it refuses every post while there is no record. */
export async function auctionSettingsFormOf(eventId: number, kind: AuctionKind) {
  const { timeZone, record, categories } = await loadAuctionSettings(eventId, kind);
  return auctionSettingsSchema(timeZone, categories, record ? undefined : new AuctionNotEnabledError(kind).message);
}
