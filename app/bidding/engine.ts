/**
 * The bidding engine: pure rules, no database and no HTTP. Given an item's state, its auction's rules and one
 * submission, it decides what happens: refused with a reason, or the ledger rows to append, the rows that lose
 * the lead, the bidder's new maximum and the item's new state. app/bidding/place-bid.server.ts runs it inside one
 * transaction under the item's row lock. The rules, with worked examples, are in docs/bidding-rules.md.
 */
import { incrementAt, nextMinimum, type IncrementPolicy } from "./increments";

export type BidStatus = "winning" | "outbid" | "won" | "lost" | "retracted";

export interface AuctionRules {
  /** Proxy (maximum) bids allowed: silent_auction.is_auto_bid / virtual_auction.is_auto_bid. */
  proxyEnabled: boolean;
  opensAt: Date | null;
  /** The scheduled close: the item's category close, else the auction's end; null when none is set. */
  scheduledClose: Date | null;
  softCloseMinutes: number;
  hardEnd: Date | null;
  incrementPolicy: IncrementPolicy;
}

export interface ItemState {
  status: string;
  quantity: number;
  startingBid: number | null;
  increment: number | null;
  buyNow: number | null;
  inPersonOnly: boolean;
  currentBid: number | null;
  bidCount: number;
  /** A close moved by soft close or by staff; the effective close is the later of this and the schedule. */
  closesAt: Date | null;
  closedAt: Date | null;
  soldQuantity: number;
}

/** A winning ledger row: for one unit, the leader; for several, one per unit held, highest first. */
export interface Position {
  bidId: number;
  usrId: number;
  amount: number;
}

export interface Maximum {
  usrId: number;
  amount: number;
}

export interface Bidder {
  usrId: number;
  paddle: number | null;
  /** The event's registration asks for a card on file (registration.store_card) and this bidder has none. */
  missingCard: boolean;
  /** Placed by a team member at a bid station (in the room): in-person-only items allow it. */
  atBidStation: boolean;
}

export type Submission = { kind: "bid"; amount: number | null; maximum: number | null } | { kind: "buy_now" };

export type Refusal =
  | "not_open"
  | "closed"
  | "not_biddable"
  | "in_person_only"
  | "no_paddle"
  | "card_required"
  | "too_low"
  | "invalid_amount"
  | "maximum_below_bid"
  | "proxy_off"
  | "maximum_single_unit"
  | "already_leading"
  | "already_holding"
  | "maximum_not_lowered"
  | "buy_now_unavailable"
  /** The confirmation's key was used on another item: the bidder reviews this bid afresh. */
  | "review_again";

export interface NewRow {
  usrId: number;
  amount: number;
  kind: "bid" | "buy_now";
  isAutoBid: boolean;
  status: BidStatus;
  /** The submitter's own row: it carries the submission's idempotency key. */
  own: boolean;
}

export type BidNotice =
  | { type: "outbid"; usrId: number }
  | { type: "winning"; usrId: number }
  | { type: "won"; usrId: number }
  | { type: "extended"; closesAt: Date };

export type Outcome = "winning" | "outbid" | "won" | "maximum_raised";

export interface Accepted {
  ok: true;
  outcome: Outcome;
  rows: NewRow[];
  /** Winning rows that lose their unit (status becomes outbid). */
  demoted: number[];
  /** The submitter's maximum to store (raised, never lowered). */
  maximum: Maximum | null;
  item: Pick<ItemState, "currentBid" | "bidCount" | "closesAt" | "closedAt" | "soldQuantity">;
  /** Every unit is sold: close the item now (remaining winning rows win, the rest lose). */
  soldOut: boolean;
  notices: BidNotice[];
}

export type Decision = Accepted | { ok: false; refusal: Refusal; nextMinimum: number | null };

/** The moment bidding on the item ends: the later of a moved close and the schedule (null: no end set). */
export function effectiveClose(
  item: Pick<ItemState, "closesAt">,
  rules: Pick<AuctionRules, "scheduledClose">,
): Date | null {
  const times = [item.closesAt, rules.scheduledClose].filter((time): time is Date => time !== null);
  return times.length === 0 ? null : new Date(Math.max(...times.map((time) => time.getTime())));
}

/** Units still open to bidding: the quantity less the units bought outright. */
export function unitsForBidding(item: Pick<ItemState, "quantity" | "soldQuantity">) {
  return Math.max(0, item.quantity - item.soldQuantity);
}

/** The amount a newcomer must beat to win a unit: the leader's price, or the lowest winning bid when every unit is held. */
export function priceToBeat(item: ItemState, positions: Position[]): number | null {
  if (item.quantity === 1) return item.currentBid;
  return positions.length < unitsForBidding(item) ? null : Math.min(...positions.map((position) => position.amount));
}

export function minimumBid(item: ItemState, positions: Position[], rules: Pick<AuctionRules, "incrementPolicy">) {
  return nextMinimum(item, priceToBeat(item, positions), rules.incrementPolicy);
}

/** Buy now is offered while the price to beat is below the buy-now price and a unit is left. */
export function buyNowAvailable(item: ItemState, positions: Position[]) {
  if (item.buyNow === null || unitsForBidding(item) === 0) return false;
  const price = priceToBeat(item, positions);
  return price === null || price < item.buyNow;
}

function openingRefusal(item: ItemState, rules: AuctionRules, bidder: Bidder, at: Date): Refusal | null {
  if (item.status !== "published") return "not_biddable";
  const close = effectiveClose(item, rules);
  if (item.closedAt !== null || unitsForBidding(item) === 0 || (close !== null && at >= close)) return "closed";
  if (rules.opensAt !== null && at < rules.opensAt) return "not_open";
  if (item.inPersonOnly && !bidder.atBidStation) return "in_person_only";
  if (bidder.paddle === null) return "no_paddle";
  if (bidder.missingCard) return "card_required";
  return null;
}

/** A bid in the soft-close window moves the close to now + the window, never past the hard end. */
function softCloseExtension(item: ItemState, rules: AuctionRules, at: Date): Date | null {
  const close = effectiveClose(item, rules);
  if (close === null || rules.softCloseMinutes <= 0) return null;
  const windowMs = rules.softCloseMinutes * 60_000;
  if (close.getTime() - at.getTime() > windowMs) return null;
  const extended = Math.min(at.getTime() + windowMs, rules.hardEnd?.getTime() ?? Number.POSITIVE_INFINITY);
  return extended > close.getTime() ? new Date(extended) : null;
}

const refuse = (refusal: Refusal, nextMinimum: number | null = null): Decision => ({ ok: false, refusal, nextMinimum });

/**
 * Decides one submission. positions are the item's winning rows; leaderMaximum is the single-unit leader's stored
 * maximum (null when none or above one unit); bidderMaximum is the submitter's own stored maximum.
 */
export function decide(input: {
  item: ItemState;
  rules: AuctionRules;
  positions: Position[];
  leaderMaximum: Maximum | null;
  bidder: Bidder;
  submission: Submission;
  at: Date;
}): Decision {
  const { item, rules, positions, bidder, submission, at } = input;
  const minimum = minimumBid(item, positions, rules);
  const closedOrOther = openingRefusal(item, rules, bidder, at);
  if (closedOrOther) return refuse(closedOrOther, minimum);
  if (submission.kind === "buy_now") return buyNow(input);
  const { amount, maximum } = submission;
  for (const value of [amount, maximum]) {
    if (value !== null && (!Number.isSafeInteger(value) || value <= 0)) return refuse("invalid_amount", minimum);
  }
  if (amount === null && maximum === null) return refuse("invalid_amount", minimum);
  if (maximum !== null && !rules.proxyEnabled) return refuse("proxy_off", minimum);
  if (maximum !== null && item.quantity > 1) return refuse("maximum_single_unit", minimum);
  if (item.quantity > 1) return bidForUnit(input, amount!, minimum);
  return bidForSingleUnit(input, amount, maximum, minimum);
}

function bidForUnit(input: Parameters<typeof decide>[0], amount: number, minimum: number): Decision {
  const { item, rules, positions, bidder, at } = input;
  if (positions.some((position) => position.usrId === bidder.usrId)) return refuse("already_holding", minimum);
  if (amount < minimum) return refuse("too_low", minimum);
  const units = unitsForBidding(item);
  const ranked = rankPositions(positions);
  const demoted = ranked.length >= units ? ranked.slice(units - 1) : [];
  const extended = softCloseExtension(item, rules, at);
  return {
    ok: true,
    outcome: "winning",
    rows: [{ usrId: bidder.usrId, amount, kind: "bid", isAutoBid: false, status: "winning", own: true }],
    demoted: demoted.map((position) => position.bidId),
    maximum: null,
    item: {
      currentBid: Math.max(item.currentBid ?? 0, amount),
      bidCount: item.bidCount + 1,
      closesAt: extended ?? item.closesAt,
      closedAt: item.closedAt,
      soldQuantity: item.soldQuantity,
    },
    soldOut: false,
    notices: [
      { type: "winning", usrId: bidder.usrId },
      ...demoted.map((position) => ({ type: "outbid" as const, usrId: position.usrId })),
      ...(extended ? [{ type: "extended" as const, closesAt: extended }] : []),
    ],
  };
}

/** Highest first; of equal amounts the earlier bid ranks higher (it got there first). */
export function rankPositions(positions: Position[]) {
  return [...positions].sort((a, b) => b.amount - a.amount || a.bidId - b.bidId);
}

function bidForSingleUnit(
  input: Parameters<typeof decide>[0],
  amount: number | null,
  maximum: number | null,
  minimum: number,
): Decision {
  const { item, rules, positions, leaderMaximum, bidder, at } = input;
  const leader = positions[0] ?? null;
  const price = item.currentBid;

  if (leader && leader.usrId === bidder.usrId) {
    // The leader may only raise their maximum; a plain bid against themselves is refused.
    if (maximum === null || amount !== null) return refuse("already_leading", minimum);
    const current = Math.max(leaderMaximum?.amount ?? 0, price ?? 0);
    if (maximum < current) return refuse("maximum_not_lowered", minimum);
    return {
      ok: true,
      outcome: "maximum_raised",
      rows: [],
      demoted: [],
      maximum: { usrId: bidder.usrId, amount: maximum },
      item: pickState(item),
      soldOut: false,
      notices: [],
    };
  }

  const bid = amount ?? minimum;
  if (bid < minimum) return refuse("too_low", minimum);
  if (maximum !== null && maximum < bid) return refuse("maximum_below_bid", minimum);
  const challengerMax = maximum ?? bid;
  const extended = softCloseExtension(item, rules, at);
  const storedMaximum = maximum !== null ? { usrId: bidder.usrId, amount: maximum } : null;
  const common = { maximum: storedMaximum, soldOut: false, bidCount: item.bidCount };
  const extendedNotice = extended ? [{ type: "extended" as const, closesAt: extended }] : [];

  if (!leader) {
    return accepted(item, extended, {
      ...common,
      outcome: "winning",
      rows: [{ usrId: bidder.usrId, amount: bid, kind: "bid", isAutoBid: false, status: "winning", own: true }],
      demoted: [],
      notices: [{ type: "winning", usrId: bidder.usrId }, ...extendedNotice],
    });
  }

  const leaderMax = Math.max(leaderMaximum?.amount ?? 0, price ?? 0);
  if (challengerMax > leaderMax) {
    // The challenger takes the lead, paying only what beats the leader's maximum (never less than they bid).
    const newPrice = Math.max(
      bid,
      Math.min(challengerMax, leaderMax + incrementAt(item, leaderMax, rules.incrementPolicy)),
    );
    const rows: NewRow[] = [];
    if (price !== null && leaderMax > price) {
      rows.push({ usrId: leader.usrId, amount: leaderMax, kind: "bid", isAutoBid: true, status: "outbid", own: false });
    }
    rows.push({ usrId: bidder.usrId, amount: newPrice, kind: "bid", isAutoBid: false, status: "winning", own: true });
    return accepted(item, extended, {
      ...common,
      outcome: "winning",
      rows,
      demoted: [leader.bidId],
      notices: [{ type: "winning", usrId: bidder.usrId }, { type: "outbid", usrId: leader.usrId }, ...extendedNotice],
    });
  }

  // The leader's maximum holds. Ties go to the leader, who reached that amount first.
  const rows: NewRow[] = [
    { usrId: bidder.usrId, amount: bid, kind: "bid", isAutoBid: false, status: "outbid", own: true },
  ];
  if (challengerMax > bid) {
    rows.push({
      usrId: bidder.usrId,
      amount: challengerMax,
      kind: "bid",
      isAutoBid: true,
      status: "outbid",
      own: false,
    });
  }
  const demoted: number[] = [];
  if (leaderMax > challengerMax) {
    const answer = Math.min(leaderMax, challengerMax + incrementAt(item, challengerMax, rules.incrementPolicy));
    rows.push({ usrId: leader.usrId, amount: answer, kind: "bid", isAutoBid: true, status: "winning", own: false });
    demoted.push(leader.bidId);
  }
  return accepted(item, extended, {
    ...common,
    outcome: "outbid",
    rows,
    demoted,
    notices: [{ type: "outbid", usrId: bidder.usrId }, { type: "winning", usrId: leader.usrId }, ...extendedNotice],
  });
}

function buyNow(input: Parameters<typeof decide>[0]): Decision {
  const { item, positions, bidder } = input;
  const minimum = minimumBid(item, positions, input.rules);
  if (!buyNowAvailable(item, positions)) return refuse("buy_now_unavailable", minimum);
  const sold = item.soldQuantity + 1;
  const unitsLeft = Math.max(0, item.quantity - sold);
  // Buying a unit outright takes it from the lowest winning bid when every unit was held.
  const ranked = rankPositions(positions);
  const demoted = ranked.slice(unitsLeft);
  return {
    ok: true,
    outcome: "won",
    rows: [{ usrId: bidder.usrId, amount: item.buyNow!, kind: "buy_now", isAutoBid: false, status: "won", own: true }],
    demoted: demoted.map((position) => position.bidId),
    maximum: null,
    item: {
      currentBid: Math.max(item.currentBid ?? 0, item.buyNow!),
      bidCount: item.bidCount + 1,
      closesAt: item.closesAt,
      closedAt: unitsLeft === 0 ? input.at : item.closedAt,
      soldQuantity: sold,
    },
    soldOut: unitsLeft === 0,
    notices: [
      { type: "won", usrId: bidder.usrId },
      ...demoted.map((position) => ({ type: "outbid" as const, usrId: position.usrId })),
    ],
  };
}

function pickState(item: ItemState): Accepted["item"] {
  return {
    currentBid: item.currentBid,
    bidCount: item.bidCount,
    closesAt: item.closesAt,
    closedAt: item.closedAt,
    soldQuantity: item.soldQuantity,
  };
}

function accepted(
  item: ItemState,
  extended: Date | null,
  decision: Omit<Accepted, "ok" | "item"> & { bidCount: number },
): Accepted {
  const { bidCount, ...rest } = decision;
  const top = Math.max(item.currentBid ?? 0, ...decision.rows.map((row) => row.amount));
  return {
    ok: true,
    ...rest,
    item: {
      currentBid: top,
      bidCount: bidCount + decision.rows.length,
      closesAt: extended ?? item.closesAt,
      closedAt: item.closedAt,
      soldQuantity: item.soldQuantity,
    },
  };
}
