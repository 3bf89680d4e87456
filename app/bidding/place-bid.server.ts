/**
 * A bid placed: the event's rules and the bidder's paddle and card are read (or taken from the caller, who read them
 * for its page), then the bid is recorded in one transaction (record-bid.server.ts), where the engine decides: on the
 * embedded PGlite, in the database's own thread.
 */
import { creditNeedsCard } from "~/billing/cards.server";
import { runProcedure, runsOneTransactionAtATime } from "~/db/procedures.server";
import { loadEventAuctionRules, type EventAuctionRules } from "./auction-rules.server";
import { readBidderStanding, type BidderStanding } from "./bidder-standing.server";
import { recordBid, recordBidAlone, type PlaceBidInput, type PlaceBidResult } from "./record-bid.server";
import type { Bidder } from "./engine";
import type { Database } from "~/db/connection.server";

export async function placeBid(db: Database, input: PlaceBidInput): Promise<PlaceBidResult> {
  const rules = input.rules ?? (await loadEventAuctionRules(db, input.eventId));
  if (!rules) return { ok: false, refusal: "not_biddable", nextMinimum: null, item: null };
  const bidder = bidderOf(input, rules, input.standing ?? (await readBidderStanding(db, input.eventId, input.usrId)));
  const request = { input: { ...input, rules: undefined, standing: undefined }, rules, bidder };
  // The live console's entry is a function, which cannot cross to the embedded database's thread: those bids take
  // the general way, which holds on PGlite too.
  if (runsOneTransactionAtATime(db) && !input.onPlaced) return runProcedure(db, recordBidAlone, request);
  return recordBid(db, request);
}

function bidderOf(input: PlaceBidInput, rules: EventAuctionRules, standing: BidderStanding): Bidder {
  return {
    usrId: input.usrId,
    paddle: standing.paddle,
    missingCard: !input.floor && creditNeedsCard({ storeCard: rules.storeCard, hasCard: standing.hasCard }),
    atBidStation: Boolean(input.placedByUsrId),
  };
}
