/**
 * The live clerk's actions (/live), declared once for the console's two ways in: its form posts without JavaScript,
 * and the station's queue (app/stations/station-sync.server.ts), which also carries what the clerk records while the
 * venue's Wi-Fi is down. Each is one domain call (live-lots.server.ts) at the time the clerk took it; the server's
 * rules decide (a lot sold online meanwhile, a floor bid overtaken), and a refusal is the clerk's to see.
 */
import { z } from "zod";
import { eventCurrency } from "~/events/event-currency.server";
import { stationAction, type StationAction, type StationCall } from "~/stations/station-sync.server";
import { formatMoney } from "~/ui/format";
import { FLOOR_FORM, floorBidSchema, LIVE_INTENT, LOT_ACTIONS_FORM, lotSchema, soldTwiceSchema } from "./live-lots";
import { floorBid, openLot, passLot, sellLot, sellTwice, setOnlineBidding, undoLast } from "./live-lots.server";

/** The station kind the clerk's entries and conflicts are listed under. */
export const CLERK_STATION = "clerk";

const actor = ({ eventId, usrId, at }: StationCall, itemId: number) => ({ eventId, itemId, byUsrId: usrId, at });

/** The clerk's actions by intent, each answering its message (a Refusal when the room's state says no). */
export const clerkActions: Record<string, StationAction<string>> = (() => {
  const lotAction = (run: (call: StationCall, itemId: number) => Promise<string>) =>
    stationAction({
      formId: LOT_ACTIONS_FORM,
      schema: lotSchema,
      unparsed: "Choose a lot first.",
      run: (call, { lot }) => run(call, lot),
    });
  return {
    [LIVE_INTENT.bid]: stationAction({
      formId: FLOOR_FORM,
      schema: floorBidSchema,
      run: async (call, { lot, paddle, amount }) => {
        const placed = await floorBid(call.db, { ...actor(call, lot), paddle, amount: amount! });
        return `Paddle ${paddle} (${placed.holder.name}) bids ${formatMoney(amount!, await eventCurrency(call.eventId, call.db))}`;
      },
    }),
    // The bid and the hammer at once: the sale is at the bid just placed, never at one that came in meanwhile.
    [LIVE_INTENT.sell]: stationAction({
      formId: FLOOR_FORM,
      schema: floorBidSchema,
      run: async (call, { lot, paddle, amount }) => {
        const placed = await floorBid(call.db, { ...actor(call, lot), paddle, amount: amount! });
        return sellLot(call.db, { ...actor(call, lot), expectBidId: placed.bidId });
      },
    }),
    [LIVE_INTENT.soldTwice]: stationAction({
      formId: FLOOR_FORM,
      schema: soldTwiceSchema,
      run: (call, { lot, paddle }) => sellTwice(call.db, { ...actor(call, lot), paddle }),
    }),
    [LIVE_INTENT.undo]: stationAction({
      formId: LOT_ACTIONS_FORM,
      schema: z.object({}),
      run: (call) => undoLast(call.db, { eventId: call.eventId, byUsrId: call.usrId, at: call.at }),
    }),
    [LIVE_INTENT.open]: lotAction((call, lot) => openLot(call.db, actor(call, lot))),
    [LIVE_INTENT.sold]: lotAction((call, lot) => sellLot(call.db, actor(call, lot))),
    [LIVE_INTENT.passed]: lotAction((call, lot) => passLot(call.db, actor(call, lot))),
    [LIVE_INTENT.onlineOn]: lotAction((call, lot) => setOnlineBidding(call.db, { ...actor(call, lot), on: true })),
    [LIVE_INTENT.onlineOff]: lotAction((call, lot) => setOnlineBidding(call.db, { ...actor(call, lot), on: false })),
  };
})();
