/**
 * Runs the pure bidding engine over an in-memory ledger, the way place-bid.server.ts runs it over the database:
 * apply each decision's rows, demotions, maximum and item state. Used by the rules and property tests.
 */
import {
  decide,
  type AuctionRules,
  type BidStatus,
  type Bidder,
  type Decision,
  type ItemState,
  type Submission,
} from "~/bidding/engine";

export interface LedgerRow {
  bidId: number;
  usrId: number;
  amount: number;
  kind: "bid" | "buy_now";
  isAutoBid: boolean;
  status: BidStatus;
}

export class BiddingSimulator {
  rows: LedgerRow[] = [];
  maxima = new Map<number, number>();
  item: ItemState;

  constructor(
    item: Partial<ItemState>,
    public rules: AuctionRules,
  ) {
    this.item = {
      status: "published",
      quantity: 1,
      startingBid: 10_000,
      increment: 1_000,
      buyNow: null,
      inPersonOnly: false,
      currentBid: null,
      bidCount: 0,
      closesAt: null,
      closedAt: null,
      soldQuantity: 0,
      ...item,
    };
  }

  get positions() {
    return this.rows
      .filter((row) => row.status === "winning")
      .map((row) => ({ bidId: row.bidId, usrId: row.usrId, amount: row.amount }));
  }

  get leader() {
    return this.item.quantity === 1 ? (this.positions[0]?.usrId ?? null) : null;
  }

  submit(
    usrId: number,
    submission: Submission,
    at = new Date("2026-11-28T20:00:00Z"),
    bidder: Partial<Bidder> = {},
  ): Decision {
    const positions = this.positions;
    const leader = this.item.quantity === 1 ? positions[0] : undefined;
    const leaderMax = leader ? this.maxima.get(leader.usrId) : undefined;
    const decision = decide({
      item: this.item,
      rules: this.rules,
      positions,
      leaderMaximum: leader && leaderMax !== undefined ? { usrId: leader.usrId, amount: leaderMax } : null,
      bidder: { usrId, paddle: 100 + usrId, missingCard: false, atBidStation: false, ...bidder },
      submission,
      at,
    });
    if (!decision.ok) return decision;
    for (const bidId of decision.demoted) this.row(bidId).status = "outbid";
    for (const row of decision.rows) {
      this.rows.push({
        bidId: this.rows.length + 1,
        usrId: row.usrId,
        amount: row.amount,
        kind: row.kind,
        isAutoBid: row.isAutoBid,
        status: row.status,
      });
    }
    if (decision.maximum) {
      this.maxima.set(
        decision.maximum.usrId,
        Math.max(this.maxima.get(decision.maximum.usrId) ?? 0, decision.maximum.amount),
      );
    }
    this.item = { ...this.item, ...decision.item };
    if (decision.soldOut) this.close(at);
    return decision;
  }

  /** What the closing scheduler does: winning rows win, the rest lose. */
  close(at: Date) {
    this.item = { ...this.item, closedAt: this.item.closedAt ?? at };
    for (const row of this.rows) {
      if (row.status === "winning") row.status = "won";
      else if (row.status === "outbid") row.status = "lost";
    }
  }

  private row(bidId: number) {
    const row = this.rows.find((candidate) => candidate.bidId === bidId);
    if (!row) throw new Error(`no bid ${bidId}`);
    return row;
  }
}

export const openRules = (overrides: Partial<AuctionRules> = {}): AuctionRules => ({
  proxyEnabled: true,
  opensAt: new Date("2026-11-28T18:00:00Z"),
  scheduledClose: new Date("2026-11-28T21:00:00Z"),
  softCloseMinutes: 2,
  hardEnd: new Date("2026-11-28T21:10:00Z"),
  incrementPolicy: { kind: "item" },
  ...overrides,
});
