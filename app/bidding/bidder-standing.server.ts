/** A bidder's paddle at the event and whether they saved a card for it, in one statement. */
import { sql } from "drizzle-orm";
import { preparedQuery } from "~/db/prepared.server";
import { card_on_file, usr_event_paddle } from "~drizzle/schema";
import type { Database, Transaction } from "~/db/connection.server";

export interface BidderStanding {
  paddle: number | null;
  /** A card saved for this event (each event's organisation has its own payment account: billing/cards.server.ts). */
  hasCard: boolean;
}

/** The standing as two columns, of the event and user the placeholders eventId and usrId name. */
export const STANDING_COLUMNS = {
  paddle: sql<number | null>`(select ${usr_event_paddle.paddle} from ${usr_event_paddle}
    where ${usr_event_paddle.event_id} = ${sql.placeholder("eventId")}
      and ${usr_event_paddle.usr_id} = ${sql.placeholder("usrId")})`,
  hasCard: sql<boolean>`exists (select from ${card_on_file}
    where ${card_on_file.event_id} = ${sql.placeholder("eventId")}
      and ${card_on_file.usr_id} = ${sql.placeholder("usrId")})`,
};

const standingOf = preparedQuery("bidder_standing", (db) => db.select(STANDING_COLUMNS).from(sql`(select 1) as one`));

export async function readBidderStanding(
  db: Database | Transaction,
  eventId: number,
  usrId: number,
): Promise<BidderStanding> {
  const [row] = await standingOf(db).execute({ eventId, usrId });
  return standingFrom(row);
}

/** The two columns as the standing; no row (no such event) is no paddle and no card. */
export function standingFrom(row: { paddle: number | null; hasCard: boolean } | undefined): BidderStanding {
  return { paddle: row?.paddle ?? null, hasCard: row?.hasCard ?? false };
}
