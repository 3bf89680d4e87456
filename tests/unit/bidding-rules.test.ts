// The worked examples of docs/bidding-rules.md, one test each, in cents (100 = 1.00).
import { describe, expect, it } from "vitest";
import { minimumBid, type ItemState } from "~/bidding/engine";
import { BiddingSimulator, openRules } from "../support/bidding-simulator";

const ANN = 1;
const BEN = 2;
const CAL = 3;
const $ = (units: number) => units * 100;
const bid = (amount: number, maximum: number | null = null) => ({
  kind: "bid" as const,
  amount: $(amount),
  maximum: maximum === null ? null : $(maximum),
});
const maxOnly = (maximum: number) => ({ kind: "bid" as const, amount: null, maximum: $(maximum) });

function auction(item: Partial<ItemState> = {}, rules = openRules()) {
  return new BiddingSimulator({ startingBid: $(100), increment: $(10), ...item }, rules);
}
const minimum = (sim: BiddingSimulator) => minimumBid(sim.item, sim.positions, sim.rules);

describe("docs/bidding-rules.md worked examples", () => {
  it("example 1: the first bid is the starting bid, then one increment more", () => {
    const sim = auction();
    expect(minimum(sim)).toBe($(100));
    expect(sim.submit(ANN, bid(100))).toMatchObject({ ok: true, outcome: "winning" });
    expect(sim.leader).toBe(ANN);
    expect(sim.item.currentBid).toBe($(100));
    expect(minimum(sim)).toBe($(110));
  });

  it("example 2: a bid under the next minimum is refused and changes nothing", () => {
    const sim = auction();
    sim.submit(ANN, bid(100));
    expect(sim.submit(BEN, bid(105))).toEqual({ ok: false, refusal: "too_low", nextMinimum: $(110) });
    expect(sim.rows).toHaveLength(1);
    expect(sim.item.currentBid).toBe($(100));
  });

  it("example 3: a maximum answers a challenger with one increment more", () => {
    const sim = auction();
    sim.submit(ANN, bid(100, 200));
    expect(sim.submit(BEN, bid(150))).toMatchObject({ ok: true, outcome: "outbid" });
    expect(sim.leader).toBe(ANN);
    expect(sim.item.currentBid).toBe($(160));
    expect(sim.rows.map((row) => [row.usrId, row.amount / 100, row.isAutoBid, row.status])).toEqual([
      [ANN, 100, false, "outbid"],
      [BEN, 150, false, "outbid"],
      [ANN, 160, true, "winning"],
    ]);
  });

  it("example 4: a higher maximum takes the lead at the old maximum plus one increment", () => {
    const sim = auction();
    sim.submit(ANN, bid(100, 200));
    sim.submit(BEN, bid(150));
    expect(sim.submit(BEN, bid(170, 300))).toMatchObject({ ok: true, outcome: "winning" });
    expect(sim.leader).toBe(BEN);
    expect(sim.item.currentBid).toBe($(210));
    expect(sim.rows.slice(-2).map((row) => [row.usrId, row.amount / 100, row.isAutoBid, row.status])).toEqual([
      [ANN, 200, true, "outbid"],
      [BEN, 210, false, "winning"],
    ]);
  });

  it("example 5: a tie goes to the maximum set first", () => {
    const sim = auction();
    sim.submit(ANN, bid(100, 200));
    expect(sim.submit(BEN, bid(200))).toMatchObject({ ok: true, outcome: "outbid" });
    expect(sim.leader).toBe(ANN);
    expect(sim.item.currentBid).toBe($(200));
    const amounts = sim.rows.map((row) => row.amount);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    expect(new Set(amounts).size).toBe(amounts.length);
  });

  it("example 6: the leader raises a maximum, never lowers it, and cannot bid against themselves", () => {
    const sim = auction();
    sim.submit(ANN, bid(100, 200));
    expect(sim.submit(ANN, maxOnly(250))).toMatchObject({ ok: true, outcome: "maximum_raised", rows: [] });
    expect(sim.maxima.get(ANN)).toBe($(250));
    expect(sim.submit(ANN, maxOnly(220))).toMatchObject({ ok: false, refusal: "maximum_not_lowered" });
    expect(sim.submit(ANN, bid(110))).toMatchObject({ ok: false, refusal: "already_leading" });
    expect(sim.item.currentBid).toBe($(100));
    sim.submit(BEN, bid(240));
    expect(sim.leader).toBe(ANN);
    expect(sim.item.currentBid).toBe($(250));
  });

  it("example 7: buy now wins at once while the current bid is below it", () => {
    const sim = auction({ buyNow: $(500) });
    sim.submit(ANN, bid(300));
    expect(sim.submit(BEN, { kind: "buy_now" })).toMatchObject({ ok: true, outcome: "won", soldOut: true });
    expect(sim.rows.map((row) => [row.usrId, row.amount / 100, row.kind, row.status])).toEqual([
      [ANN, 300, "bid", "lost"],
      [BEN, 500, "buy_now", "won"],
    ]);
    expect(sim.item.closedAt).not.toBeNull();
    expect(sim.submit(CAL, bid(510))).toMatchObject({ ok: false, refusal: "closed" });

    const pricey = auction({ buyNow: $(500) });
    pricey.submit(ANN, bid(500));
    expect(pricey.submit(BEN, { kind: "buy_now" })).toMatchObject({ ok: false, refusal: "buy_now_unavailable" });
  });

  it("example 8: several units go to the highest bids, each bidder holding one", () => {
    const sim = auction({ quantity: 2 });
    sim.submit(ANN, bid(100));
    expect(minimum(sim)).toBe($(100));
    sim.submit(BEN, bid(100));
    expect(minimum(sim)).toBe($(110));
    expect(sim.submit(ANN, bid(130))).toMatchObject({ ok: false, refusal: "already_holding" });
    expect(sim.submit(CAL, bid(120))).toMatchObject({ ok: true, outcome: "winning" });
    expect(sim.positions.map((position) => position.usrId).sort()).toEqual([ANN, CAL]);
    expect(sim.rows.find((row) => row.usrId === BEN)!.status).toBe("outbid");
    expect(sim.submit(BEN, bid(130, 200))).toMatchObject({ ok: false, refusal: "maximum_single_unit" });
  });

  it("example 9: soft close extends an item, never past the hard end", () => {
    const sim = auction();
    const decision = sim.submit(ANN, bid(100), new Date("2026-11-28T20:59:30Z"));
    expect(decision).toMatchObject({
      ok: true,
      notices: expect.arrayContaining([{ type: "extended", closesAt: new Date("2026-11-28T21:01:30Z") }]),
    });
    expect(sim.item.closesAt).toEqual(new Date("2026-11-28T21:01:30Z"));
    sim.item = { ...sim.item, closesAt: new Date("2026-11-28T21:09:30Z") };
    sim.submit(BEN, bid(110), new Date("2026-11-28T21:09:00Z"));
    expect(sim.item.closesAt).toEqual(new Date("2026-11-28T21:10:00Z"));
    expect(sim.submit(ANN, bid(120), new Date("2026-11-28T21:10:00Z"))).toMatchObject({ ok: false, refusal: "closed" });
    const early = auction();
    early.submit(ANN, bid(100), new Date("2026-11-28T20:00:00Z"));
    expect(early.item.closesAt).toBeNull();
  });

  it("example 10: percent increments, never below the item's increment", () => {
    const rules = openRules({ incrementPolicy: { kind: "percent", percent: 5 } });
    const big = auction({ startingBid: $(1000) }, rules);
    big.submit(ANN, bid(1000));
    expect(minimum(big)).toBe($(1050));
    const small = auction({}, rules);
    small.submit(ANN, bid(100));
    expect(minimum(small)).toBe($(110));
  });

  it("example 11: in-person-only items take bids from a bid station only", () => {
    const sim = auction({ inPersonOnly: true });
    expect(sim.submit(ANN, bid(100))).toMatchObject({ ok: false, refusal: "in_person_only" });
    expect(sim.submit(ANN, bid(100), undefined, { atBidStation: true })).toMatchObject({ ok: true });
  });

  it("example 12: with proxy bidding off only plain bids are taken", () => {
    const sim = auction({}, openRules({ proxyEnabled: false }));
    expect(sim.submit(ANN, bid(100, 200))).toMatchObject({ ok: false, refusal: "proxy_off" });
    expect(sim.submit(ANN, bid(100))).toMatchObject({ ok: true });
  });

  it("refuses bidders without a paddle or a required card, and items not open", () => {
    const sim = auction();
    expect(sim.submit(ANN, bid(100), undefined, { paddle: null })).toMatchObject({ refusal: "no_paddle" });
    expect(sim.submit(ANN, bid(100), undefined, { missingCard: true })).toMatchObject({ refusal: "card_required" });
    expect(sim.submit(ANN, bid(100), new Date("2026-11-28T17:00:00Z"))).toMatchObject({ refusal: "not_open" });
    const draft = auction({ status: "draft" });
    expect(draft.submit(ANN, bid(100))).toMatchObject({ refusal: "not_biddable" });
    expect(sim.submit(ANN, { kind: "bid", amount: 100.5, maximum: null })).toMatchObject({ refusal: "invalid_amount" });
    expect(sim.submit(ANN, bid(150, 120))).toMatchObject({ refusal: "maximum_below_bid" });
  });
});
