/**
 * A bid placed: the event's rules and the bidder's paddle and card are read (or taken from the caller, who read them
 * for its page), then the bid is recorded in one transaction (record-bid.server.ts), where the engine decides: on the
 * embedded PGlite, in the database's own thread.
 */
import { creditNeedsCard } from "~/billing/cards.server";
import { runProcedure, runsOneTransactionAtATime } from "~/db/procedures.server";
import { loadEventAuctionRules, type EventAuctionRules } from "./auction-rules.server";
import { readBidderStanding, type BidderStanding } from "./bidder-standing.server";
import { recordBid } from "./record-bid.server";
import type { Bidder, Outcome, Refusal, Submission } from "./engine";
import type { LiveItem } from "./live-item";
import type { Database, Transaction } from "~/db/connection.server";

export interface PlaceBidInput {
  eventId: number;
  itemId: number;
  usrId: number;
  submission: Submission;
  /** From the form that was confirmed; null for callers that never retry. */
  idempotencyKey: string | null;
  /** A team member bidding for the guest at a bid station. */
  placedByUsrId?: number | null;
  /** The auction is in testing and the bidder may preview it. */
  allowTesting?: boolean;
  /** The event's rules when the caller has read them already (a page's context): saves reading them again. */
  rules?: EventAuctionRules;
  /** The bidder's paddle and card when the caller has read them already (the bidder's own page). */
  standing?: BidderStanding;
  /**
   * A live lot's floor bid, entered by the clerk for a paddle in the room (app/bidding/live-lots.server.ts): the
   * lot's live rules apply whether or not it is marked for online bidding, and no card on file is asked for.
   */
  floor?: boolean;
  /** Runs in the bid's transaction once the bid is taken (not for a repeat): the live console's log entry. */
  onPlaced?: (
    tx: Transaction,
    placed: { bidId: number | null; amount: number | null; item: LiveItem },
  ) => Promise<void>;
  at?: Date;
}

export type PlaceBidResult =
  | { ok: true; outcome: Outcome; repeated: boolean; item: LiveItem; amount: number | null }
  | { ok: false; refusal: Refusal; nextMinimum: number | null; item: LiveItem | null };

export async function placeBid(db: Database, input: PlaceBidInput): Promise<PlaceBidResult> {
  const rules = input.rules ?? (await loadEventAuctionRules(db, input.eventId));
  if (!rules) return { ok: false, refusal: "not_biddable", nextMinimum: null, item: null };
  const bidder = bidderOf(input, rules, input.standing ?? (await readBidderStanding(db, input.eventId, input.usrId)));
  const request = { input: { ...input, rules: undefined, standing: undefined }, rules, bidder };
  // The live console's entry is a function, which cannot cross to the embedded database's thread: those bids take
  // the general way, which holds on PGlite too.
  if (runsOneTransactionAtATime(db) && !input.onPlaced) return runProcedure(db, "recordBidAlone", request);
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
