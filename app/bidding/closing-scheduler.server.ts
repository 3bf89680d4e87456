/**
 * Closes silent and virtual items when their time comes. The schedule lives in the database (the auction's end, the
 * category's close, an item's extension), so a restart loses nothing; each app process ticks, and FOR UPDATE SKIP
 * LOCKED gives every due item to exactly one of them (an item busy with a bid is taken on the next tick, with the
 * close that bid may have moved).
 */
import { sql } from "drizzle-orm";
import { selectRows } from "~/db/rows.server";
import { enqueueItemMessages } from "~/messages/outbox.server";
import { notifyTeam } from "~/messages/team-notifications.server";
import { auction_item } from "~drizzle/schema";
import { loadEventAuctionRules, rulesForItem } from "./auction-rules.server";
import { closeLockedItem } from "./closing.server";
import { currentLiveItem, publishItem, publishNotices } from "./place-bid.server";
import type { ItemRow } from "./item-records.server";
import type { Database, Transaction } from "~/db/connection.server";

export const CLOSING_TICK_MS = 1_000;
const BATCH = 50;

/**
 * Closes the items due at `now`, a batch per transaction, each item under a savepoint of its own: an item that fails
 * to close (its error is logged) is left for the next tick and never holds back the others of its batch or of other
 * events. Returns how many closed.
 */
export async function closeDueItems(db: Database, now = new Date()): Promise<number> {
  let closed = 0;
  const failed: number[] = [];
  for (;;) {
    const { taken, count } = await db.transaction(async (tx) => {
      const due = await selectRows<{ auction_item_id: number }>(
        tx,
        sql`
        select i.auction_item_id
        from ${auction_item} i
        join event e on e.event_id = i.event_id
        left join silent_auction s on i.type = 'silent' and s.silent_auction_id = e.silent_auction_id
        left join virtual_auction v on i.type = 'virtual' and v.virtual_auction_id = e.virtual_auction_id
        left join category_close c on c.event_id = i.event_id and c.category_id = i.xinv_category_id and c.auction = i.type
        where i.type in ('silent', 'virtual') and i.status = 'published' and i.closed_at is null
          and greatest(i.closes_at, coalesce(c.end_date_time, s.end_date_time, v.end_date_time)) <= ${now.toISOString()}::timestamptz
          and i.auction_item_id <> all(${`{${failed.join(",")}}`}::int[])
        order by i.auction_item_id
        limit ${BATCH}
        for update of i skip locked`,
      );
      const ids = due.map((row) => row.auction_item_id);
      if (ids.length === 0) return { taken: 0, count: 0 };
      const rows = (await tx.query.auction_item.findMany({
        where: (item, { inArray }) => inArray(item.auction_item_id, ids),
      })) as ItemRow[];
      const rulesByEvent = new Map<number, Awaited<ReturnType<typeof loadEventAuctionRules>>>();
      let count = 0;
      for (const row of rows) {
        if (!rulesByEvent.has(row.event_id))
          rulesByEvent.set(row.event_id, await loadEventAuctionRules(tx, row.event_id));
        try {
          await tx.transaction((item) => closeDueItem(item, row, rulesByEvent.get(row.event_id) ?? null, now));
          count++;
        } catch (error) {
          failed.push(row.auction_item_id);
          console.error(`[closing] item ${row.auction_item_id} did not close; it is tried again next tick:`, error);
        }
      }
      for (const eventId of rulesByEvent.keys()) await tellTeamIfAuctionClosed(tx, eventId, now);
      return { taken: rows.length, count };
    });
    closed += count;
    if (taken < BATCH) return closed;
  }
}

/** One item's close, its live state, its winners' messages and notices: all or nothing (a savepoint). */
async function closeDueItem(
  tx: Transaction,
  row: ItemRow,
  rules: Awaited<ReturnType<typeof loadEventAuctionRules>>,
  now: Date,
) {
  const units = await closeLockedItem(tx, row, now);
  const itemRules = rules ? rulesForItem(rules, row) : null;
  if (itemRules) await publishItem(tx, row.event_id, await currentLiveItem(tx, { ...row, closed_at: now }, itemRules));
  // The winners' messages, in the close's transaction: a close that rolls back tells nobody.
  await enqueueItemMessages(tx, {
    eventId: row.event_id,
    itemId: row.auction_item_id,
    usrIds: units.map((unit) => unit.usrId),
    template: "won",
    amount: null,
  });
  await publishNotices(
    tx,
    row.event_id,
    row.auction_item_id,
    units.map((unit) => ({ type: "won" as const, usrId: unit.usrId })),
  );
}

/**
 * When the last open item of an event's online auctions has closed, the team members with notify_event_status hear
 * of it (in the close's transaction).
 */
async function tellTeamIfAuctionClosed(tx: Transaction, eventId: number, now: Date) {
  const [open] = await selectRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from ${auction_item}
    where event_id = ${eventId} and type in ('silent', 'virtual') and status = 'published' and closed_at is null`,
  );
  if (open && open.n > 0) return;
  await notifyTeam(tx, {
    eventId,
    flag: "notify_event_status",
    template: "team_event_status",
    key: `auction_closed:${eventId}:${now.toISOString()}`,
    data: { status: "Bidding closed on every item of the online auction" },
  });
}

/** Runs closeDueItems every second in this process; errors are logged and the next tick tries again. */
export function startClosingScheduler(db: Database) {
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      await closeDueItems(db);
    } catch (error) {
      console.error("[closing] could not close due items:", error);
    } finally {
      running = false;
    }
  }, CLOSING_TICK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
