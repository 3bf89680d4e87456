/**
 * The evening's running order, in minutes of the evening (played `speed` times faster):
 *   0–15  doors: registration, joining the auction, check-in at two stations; cards saved from 10 to 40
 *   5–60  the silent auction, bidders streaming and bidding; it closes at 60 by the app's own clock
 *   5–55  raffle sales at the desk, the draw at 55
 *   15–55 gifts on /dp
 *   25–45 the live auction, 10–15 lots (once the doors are done)
 *   45–52 the paddle raise
 *   60–   checkout: charge all, two desks
 * With --chaos, faults come at minutes 20, 30, 40 and 50 (chaos.ts).
 */
import { playChaos, type Fault } from "./chaos";
import { checkout } from "./checkout";
import { doorsOpen } from "./doors";
import { donations, liveAuction, paddleRaise, raffle } from "./room";
import { silentAuction, type Board } from "./silent";
import type { Night } from "./night";

/** The minute of the evening at which the silent auction closes. */
export const SILENT_CLOSES_AT_MINUTE = 60;

/** Plays the evening; `chaos` (the PostgreSQL server's admin address, "" on PGlite) plays the faults into it. */
export async function playEvening(night: Night, { chaos }: { chaos: string | null }) {
  const board: Board = new Map();
  night.log(`Doors open (minute 0; ${night.guests.length} guests, speed ${night.speed}x)`);
  const doors = doorsOpen(night);
  const faults: Fault[] = [];
  const [, silent] = await Promise.all([
    doors,
    silentAuction(night, board),
    raffle(night, 5, 55),
    donations(night, 15, 55),
    (async () => {
      // The auctioneer starts once the room is in: on a slow machine the doors run behind the clock, and a live
      // auction played to an empty room would sell nothing.
      await doors;
      await liveAuction(night, 25, 45);
      await paddleRaise(night, 45, 52);
    })(),
    chaos === null ? null : playChaos(night, chaos).then((played) => faults.push(...played)),
  ]);
  for (const delay of silent.streamDelays) night.tally.streamDelays.push(delay);
  night.log(`Checkout (minute ${night.minute().toFixed(0)})`);
  const desks = await checkout(night);
  return { streams: silent.streams, checkout: desks, faults };
}
