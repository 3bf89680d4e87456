/**
 * The paddle-raise console's pledge, declared once for its two ways in: the console's form post without JavaScript,
 * and the station's queue (app/stations/station-sync.server.ts), which also carries pledges typed while the venue's
 * Wi-Fi is down. The entry's key is the pledge's key: a pledge sent twice is one pledge, at the time it was called.
 */
import { eventCurrency } from "~/events/event-currency.server";
import { stationAction } from "~/stations/station-sync.server";
import { formatRoundMoney } from "~/ui/format";
import { chosenAmount, FLOOR_PLEDGE_FORM, floorPledgeSchema } from "./pledge-forms";
import { recordPledge } from "./pledges.server";

/** The station kind the console's entries and conflicts are listed under. */
export const PLEDGE_STATION = "pledges";

/** Records a pledge spotted in the room: its holder and amount, as the console's status line says them. */
export const pledgeAction = stationAction({
  formId: FLOOR_PLEDGE_FORM,
  schema: floorPledgeSchema,
  run: async (call, pledge) => {
    const amount = chosenAmount(pledge);
    const { holder } = await recordPledge(
      call.db,
      call.eventId,
      { paddle: pledge.paddle },
      {
        raiseId: pledge.raise,
        amount,
        enteredBy: call.usrId,
        source: "floor",
        idempotencyKey: call.entryKey ?? pledge.key,
        at: call.at,
      },
    );
    return `Paddle ${holder.paddle} · ${holder.name} · ${formatRoundMoney(amount, await eventCurrency(call.eventId, call.db))}`;
  },
});
