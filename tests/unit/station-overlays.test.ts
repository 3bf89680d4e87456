// What the door and the clerk's console show while entries wait in the station's queue (issue 36): the entries
// applied in the order taken, marked as waiting until sent, and nothing the entry could not have done.
import { describe, expect, it } from "vitest";
import { lotsWithEntries } from "~/bidding/clerk-overlay";
import { countsWithEntries, guestsWithEntries } from "~/registration/door-overlay";
import type { ConsoleLot } from "~/bidding/live-lots";
import type { DoorGuest } from "~/registration/check-in.server";

const guest = (id: number, change: Partial<DoorGuest> = {}): DoorGuest => ({
  id,
  name: `Guest ${id}`,
  named: true,
  email: null,
  paddle: id,
  table: null,
  partyId: null,
  party: null,
  ticket: null,
  here: false,
  checkedInAt: null,
  checkedOutAt: null,
  paymentId: null,
  toPay: null,
  scanPrint: null,
  ...change,
});
const at = "2026-12-05T19:02:00.000Z";

describe("the door's list with entries waiting", () => {
  it("shows a check-in, a party and a payment at once, marked as waiting; answered entries without the mark", () => {
    const guests = [
      guest(1),
      guest(2, { partyId: 7, paymentId: 70, toPay: 20_000 }),
      guest(3, { partyId: 7, paymentId: 70 }),
      guest(4, { here: true, checkedInAt: at }),
    ];
    const shown = guestsWithEntries(
      guests,
      [
        { intent: "party-in", fields: [["registrantId", "2"]], occurredAt: at },
        { intent: "pay-cash", fields: [["paymentId", "70"]], occurredAt: at },
        { intent: "out", fields: [["registrantId", "4"]], occurredAt: at },
      ],
      [{ intent: "in", fields: [["registrantId", "1"]], occurredAt: at }],
    );
    expect(shown.map(({ id, here, waiting, toPay }) => ({ id, here, waiting, toPay }))).toEqual([
      { id: 1, here: true, waiting: false, toPay: null },
      { id: 2, here: true, waiting: true, toPay: null },
      { id: 3, here: true, waiting: true, toPay: null },
      { id: 4, here: false, waiting: true, toPay: null },
    ]);
    expect(shown[1].checkedInAt).toBe(at);
    expect(countsWithEntries({ registered: 4, arrived: 1, here: 1 }, guests, shown)).toEqual({
      registered: 4,
      arrived: 4,
      here: 3,
    });
  });

  it("shows a check-in undone as not here, and not arrived unless the guest had been here and left before", () => {
    const earlier = "2026-12-05T18:40:00.000Z";
    const guests = [
      guest(1, { here: true, checkedInAt: at }),
      guest(2, { here: true, checkedInAt: at, checkedOutAt: earlier }),
      guest(3),
    ];
    const undo = (id: number) => ({
      intent: "undo",
      fields: [["registrantId", String(id)]] as [string, string][],
      occurredAt: at,
    });
    const shown = guestsWithEntries(
      guests,
      [undo(1), undo(2), { intent: "in", fields: [["registrantId", "3"]], occurredAt: at }, undo(3)],
      [],
    );
    expect(shown.map(({ id, here, waiting }) => ({ id, here, waiting }))).toEqual([
      { id: 1, here: false, waiting: true },
      { id: 2, here: false, waiting: true },
      { id: 3, here: false, waiting: true },
    ]);
    expect(countsWithEntries({ registered: 3, arrived: 2, here: 2 }, guests, shown)).toEqual({
      registered: 3,
      arrived: 1,
      here: 0,
    });
  });

  it("leaves a guest already here as they are, and ignores a guest it does not know", () => {
    const guests = [guest(1, { here: true, checkedInAt: at })];
    const shown = guestsWithEntries(
      guests,
      [
        { intent: "in", fields: [["registrantId", "1"]], occurredAt: "2026-12-05T20:00:00.000Z" },
        { intent: "in", fields: [["registrantId", "99"]], occurredAt: at },
      ],
      [],
    );
    expect(shown).toEqual([{ ...guests[0], waiting: false }]);
  });
});

const lot = (id: number, change: Partial<ConsoleLot> = {}): ConsoleLot => ({
  id,
  lot: id,
  title: `Lot ${id}`,
  excerpt: null,
  image: null,
  value: null,
  phase: "waiting",
  currentBid: null,
  leader: null,
  winners: [],
  onlineBidding: false,
  description: null,
  startingBid: null,
  increment: null,
  nextMinimum: 100_00,
  winnerNames: [],
  ...change,
});

describe("the clerk's running order with entries waiting", () => {
  it("opens, bids and sells in the order taken; sold at the leading bid; passed", () => {
    const shown = lotsWithEntries(
      [lot(1), lot(2), lot(3, { phase: "open", currentBid: 50_000, leader: 12 })],
      [],
      [
        { intent: "open", fields: [["lot", "1"]] },
        {
          intent: "bid",
          fields: [
            ["lot", "1"],
            ["paddle", "7"],
            ["amount", "400"],
          ],
        },
        {
          intent: "sell",
          fields: [
            ["lot", "1"],
            ["paddle", "8"],
            ["amount", "450"],
          ],
        },
        { intent: "open", fields: [["lot", "2"]] },
        { intent: "passed", fields: [["lot", "2"]] },
        { intent: "sold", fields: [["lot", "3"]] },
      ],
    );
    expect(shown.map(({ phase, waiting, winners }) => ({ phase, waiting, winners }))).toEqual([
      { phase: "sold", waiting: true, winners: [{ unit: 1, paddle: 8, amount: 45_000 }] },
      { phase: "passed", waiting: true, winners: [] },
      { phase: "sold", waiting: true, winners: [{ unit: 1, paddle: 12, amount: 50_000 }] },
    ]);
  });

  it("does nothing a lot's phase does not allow: a bid before it opens, a sale without a bid", () => {
    const shown = lotsWithEntries(
      [lot(1), lot(2, { phase: "open" })],
      [
        {
          intent: "bid",
          fields: [
            ["lot", "1"],
            ["paddle", "7"],
            ["amount", "400"],
          ],
        },
      ],
      [{ intent: "sold", fields: [["lot", "2"]] }],
    );
    expect(shown.map(({ phase, currentBid }) => ({ phase, currentBid }))).toEqual([
      { phase: "waiting", currentBid: null },
      { phase: "open", currentBid: null },
    ]);
  });
});
