/**
 * The outbid digest is written when a bidder is outbid again inside the throttle window and sent when the window
 * ends. By then it may no longer be news: the bidder leads again, or the item closed (the won and closing messages
 * say what happened). Then it is dropped rather than sent.
 */
import { sql } from "drizzle-orm";
import { selectRows } from "~/db/rows.server";
import type { OutboxRow } from "./message-context.server";
import type { Database } from "~/db/connection.server";

/** Why the digest should not go out now, or null when the bidder is still outbid on an open item. */
export async function staleDigestReason(db: Database, row: OutboxRow): Promise<string | null> {
  const [state] = await selectRows<{ closed: boolean; leads: boolean }>(
    db,
    sql`select i.closed_at is not null as closed,
      exists (select 1 from bid b where b.auction_item_id = i.auction_item_id and b.usr_id = ${row.to_usr_id}
        and b.status = 'winning') as leads
    from auction_item i where i.auction_item_id = ${Number(row.data.item_id)} and i.event_id = ${row.event_id}`,
  );
  if (!state || state.closed) return "Bidding on the item has ended.";
  if (state.leads) return "The bidder leads again.";
  return null;
}
