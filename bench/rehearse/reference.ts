/**
 * The machine's own limit, measured in the same run after the evening, for the report's figures to be read against:
 * the bid transaction itself in plain SQL (as bench/bids.ts's reference: lock the item, demote its winning bid, insert
 * the new one, update the item), with `callers` at once for `seconds`, on an event of its own in the rehearsal's
 * database: through postgres.js on the same PostgreSQL server, or in this process on the same PGlite folder. Nothing
 * of what the app does around a bid (session, rules, rendering, the bus) is in it.
 */
import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { makeEvent } from "../support/data";
import { summary } from "../support/stats";
import type { PlainSql } from "./stage";

export interface Reference {
  callers: number;
  seconds: number;
  commitsPerSecond: number;
  ms: { p50: number; p95: number };
}

export async function measureReference(
  client: PlainSql,
  usrIds: number[],
  { callers = 16, seconds = 5 } = {},
): Promise<Reference> {
  const { eventId, itemIds } = await makeEvent(client.sql, 50, `reference-${randomUUID().slice(0, 8)}`);
  const latencies: number[] = [];
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: callers }, async (_, caller) => {
      const usrId = usrIds[caller % usrIds.length];
      while (performance.now() < deadline) {
        const itemId = itemIds[Math.floor(Math.random() * itemIds.length)];
        const sent = performance.now();
        await client.begin(async (tx) => {
          const [item] =
            await tx`select current_bid, starting_bid, increment from auction_item where auction_item_id = ${itemId} for update`;
          const amount =
            item.current_bid === null ? item.starting_bid : Number(item.current_bid) + Number(item.increment);
          await tx`update bid set status = 'outbid' where auction_item_id = ${itemId} and status = 'winning'`;
          await tx`insert into bid (event_id, auction_item_id, usr_id, bid, status, idempotency_key)
            values (${eventId}, ${itemId}, ${usrId}, ${amount}, 'winning', ${randomUUID()})`;
          await tx`update auction_item set current_bid = ${amount}, bid_count = bid_count + 1 where auction_item_id = ${itemId}`;
        });
        latencies.push(performance.now() - sent);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const times = summary(latencies);
  const round = (value: number) => Math.round(value * 10) / 10;
  return {
    callers,
    seconds: round(elapsed),
    commitsPerSecond: round(latencies.length / elapsed),
    ms: { p50: round(times.p50), p95: round(times.p95) },
  };
}
