/** A bidder's paddle at the event and whether they saved a card for it, in one statement. */
import { and, eq, sql } from "drizzle-orm";
import { card_on_file, usr_event_paddle } from "~drizzle/schema";
import type { Database, Transaction } from "~/db/connection.server";

export interface BidderStanding {
  paddle: number | null;
  /** A card saved for this event (each event's organisation has its own payment account: billing/cards.server.ts). */
  hasCard: boolean;
}

export async function readBidderStanding(
  db: Database | Transaction,
  eventId: number,
  usrId: number,
): Promise<BidderStanding> {
  const [row] = await db
    .select({
      paddle: sql<number | null>`(select ${usr_event_paddle.paddle} from ${usr_event_paddle}
        where ${and(eq(usr_event_paddle.event_id, eventId), eq(usr_event_paddle.usr_id, usrId))})`,
      hasCard: sql<boolean>`exists (select from ${card_on_file}
        where ${and(eq(card_on_file.event_id, eventId), eq(card_on_file.usr_id, usrId))})`,
    })
    .from(sql`(select 1) as one`);
  return { paddle: row?.paddle ?? null, hasCard: row?.hasCard ?? false };
}
