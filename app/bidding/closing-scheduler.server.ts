/**
 * Closes silent and virtual items when their time comes. The schedule lives in the database (the auction's end, the
 * category's close, an item's extension), so a restart loses nothing; each app process ticks, and FOR UPDATE SKIP
 * LOCKED gives every due item to exactly one of them (an item busy with a bid is taken on the next tick, with the
 * close that bid may have moved).
 */
import { inArray, sql } from "drizzle-orm";
import { selectRows } from "~/db/rows.server";
import { enqueueItemsMessages } from "~/messages/outbox.server";
import { notifyTeam } from "~/messages/team-notifications.server";
import { publishAll, type RealtimeMessage } from "~/realtime/bus.server";
import { auction_item } from "~drizzle/schema";
import { loadEventAuctionRules, rulesForItem } from "./auction-rules.server";
import { itemMessage, noticeMessages } from "./bid-messages.server";
import { closeLockedItems, groupByEvent } from "./closing.server";
import { heldUnits, itemState, type ItemRow } from "./item-records.server";
import { liveItem } from "./live-item";
import type { Database, Transaction } from "~/db/connection.server";

export const CLOSING_TICK_MS = 1_000;
const BATCH = 50;

type EventRules = Awaited<ReturnType<typeof loadEventAuctionRules>>;

/**
 * Closes the items due at `now`, a batch per transaction, the batch at once under a savepoint; when that fails, item by
 * item, each under a savepoint of its own: an item that fails to close (its error is logged) is left for the next tick
 * and never holds back the others of its batch or of other events. Returns how many closed.
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
      const rows: ItemRow[] = await tx.select().from(auction_item).where(inArray(auction_item.auction_item_id, ids));
      const rulesByEvent = new Map<number, EventRules>();
      for (const eventId of groupByEvent(rows).keys())
        rulesByEvent.set(eventId, await loadEventAuctionRules(tx, eventId));
      let count = 0;
      try {
        await tx.transaction((batch) => closeDueBatch(batch, rows, rulesByEvent, now));
        count = rows.length;
      } catch (batchError) {
        // One item's failure must not hold back the rest: close them one by one, each under a savepoint of its own.
        console.error("[closing] a batch did not close at once; closing its items one by one:", batchError);
        for (const row of rows)
          try {
            await tx.transaction((item) => closeDueBatch(item, [row], rulesByEvent, now));
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

/**
 * Items' close, their live states, their winners' messages and notices, all or nothing (a savepoint), in a few
 * set-wide statements whatever the number of items: the close's time is its round trips, one after the other.
 */
async function closeDueBatch(tx: Transaction, rows: ItemRow[], rulesByEvent: Map<number, EventRules>, now: Date) {
  const unitsByItem = await closeLockedItems(tx, rows, now);
  const messages: RealtimeMessage[] = [];
  for (const [eventId, eventRows] of groupByEvent(rows)) {
    const rules = rulesByEvent.get(eventId) ?? null;
    const held = await heldUnits(
      tx,
      eventId,
      eventRows.map((row) => row.auction_item_id),
    );
    const recipients: { itemId: number; usrId: number }[] = [];
    for (const row of eventRows) {
      const itemId = row.auction_item_id;
      const itemRules = rules ? rulesForItem(rules, row) : null;
      if (itemRules)
        messages.push(
          itemMessage(
            eventId,
            liveItem(itemId, itemState({ ...row, closed_at: now }), itemRules, held.get(itemId) ?? []),
          ),
        );
      const winners = (unitsByItem.get(itemId) ?? []).map((unit) => unit.usrId);
      recipients.push(...winners.map((usrId) => ({ itemId, usrId })));
      messages.push(
        ...noticeMessages(
          eventId,
          itemId,
          winners.map((usrId) => ({ type: "won" as const, usrId })),
        ),
      );
    }
    // The winners' messages, in the close's transaction: a close that rolls back tells nobody.
    await enqueueItemsMessages(tx, { eventId, recipients, template: "won", amount: null });
  }
  await publishAll(tx, messages);
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
