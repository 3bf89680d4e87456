/**
 * The running order as the clerk's console shows it while entries wait in its queue (app/stations/): a lot opened,
 * bid on, sold or passed offline shows so at once, so the clerk can go on to the next lot. The server's answer
 * replaces this when the page's data comes back. Client-safe and pure.
 */
import { parseForm } from "~/forms/form-contract";
import { floorBidSchema, LIVE_INTENT, soldTwiceSchema, type ConsoleLot } from "./live-lots";

export interface ClerkEntry {
  intent: string;
  fields: [string, string][];
}

export type ConsoleLotShown = ConsoleLot & { waiting: boolean };

/** The lots with the entries applied in the order taken; `waiting` marks lots whose entry is not sent yet. */
export function lotsWithEntries(lots: ConsoleLot[], answered: ClerkEntry[], waiting: ClerkEntry[]): ConsoleLotShown[] {
  const shown = new Map<number, ConsoleLotShown>(lots.map((lot) => [lot.id, { ...lot, waiting: false }]));
  const apply = (entry: ClerkEntry, isWaiting: boolean) => {
    const posted = new URLSearchParams(entry.fields);
    const lot = shown.get(Number(posted.get("lot")));
    if (!lot) return;
    const change = (next: Partial<ConsoleLot>) =>
      shown.set(lot.id, { ...lot, ...next, waiting: lot.waiting || isWaiting });
    const floor = parseForm(posted, floorBidSchema);
    switch (entry.intent) {
      case LIVE_INTENT.open:
        if (lot.phase === "waiting") change({ phase: "open" });
        break;
      case LIVE_INTENT.bid:
        if (lot.phase === "open" && floor.status === "success")
          change({ currentBid: floor.value.amount!, leader: floor.value.paddle });
        break;
      case LIVE_INTENT.sell:
        if (lot.phase === "open" && floor.status === "success") change(sale(floor.value.paddle, floor.value.amount!));
        break;
      case LIVE_INTENT.sold:
        if (lot.phase === "open" && lot.leader !== null && lot.currentBid !== null)
          change(sale(lot.leader, lot.currentBid));
        break;
      case LIVE_INTENT.soldTwice: {
        const second = parseForm(posted, soldTwiceSchema);
        const price = lot.winners[0]?.amount;
        if (lot.phase === "sold" && second.status === "success" && price !== undefined) {
          const winner = { unit: lot.winners.length + 1, paddle: second.value.paddle, amount: price };
          change({ winners: [...lot.winners, winner], winnerNames: [...lot.winnerNames, { ...winner, name: null }] });
        }
        break;
      }
      case LIVE_INTENT.passed:
        if (lot.phase === "open") change({ phase: "passed", leader: null });
        break;
      case LIVE_INTENT.onlineOn:
      case LIVE_INTENT.onlineOff:
        change({ onlineBidding: entry.intent === LIVE_INTENT.onlineOn });
        break;
    }
  };
  for (const entry of answered) apply(entry, false);
  for (const entry of waiting) apply(entry, true);
  return lots.map((lot) => shown.get(lot.id)!);
}

function sale(paddle: number, amount: number): Partial<ConsoleLot> {
  const winner = { unit: 1, paddle, amount };
  return {
    phase: "sold",
    currentBid: amount,
    leader: null,
    winners: [winner],
    winnerNames: [{ ...winner, name: null }],
  };
}
