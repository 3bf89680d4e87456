import { useLoaderData } from "@remix-run/react";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { requireEventPermission } from "~/auth/access.server";
import {
  FLOOR_FORM,
  floorBidSchema,
  LIVE_INTENT,
  LOT_ACTIONS_FORM,
  lotSchema,
  soldTwiceSchema,
} from "~/bidding/live-lots";
import {
  floorBid,
  liveLog,
  liveMarker,
  lotDetail,
  openLot,
  passLot,
  runningOrder,
  sellLot,
  sellTwice,
  setOnlineBidding,
  undoLast,
} from "~/bidding/live-lots.server";
import { LiveConsole } from "~/bidding/ui/live-console";
import { readRowId } from "~/db/row-id";
import { db } from "~/db.server";
import { intentAction } from "~/forms/intent-action.server";
import { paths } from "~/http/paths";
import liveHref from "~/styles/live.css";
import { titleMeta } from "~/ui/error-page";
import { formatMoney } from "~/ui/format";
import { formatInZone } from "~/ui/zoned-time";
import { event } from "~drizzle/schema";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";

export const meta = titleMeta("Live auction console · Gavel");

export const links: LinksFunction = () => [{ rel: "stylesheet", href: liveHref }];

/**
 * /live: the clerk's console of the live auction (signed in, a team member with can_control_event; docs/permissions.md). ?lot=
 * shows a lot; without it the console follows the open lot. Its state is all on the server: a reload, a second
 * console or a laptop opened again shows the same (the live stream reloads it when anything changes).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_control_event");
  const url = new URL(request.url);
  const [lots, log, marker, [meta]] = await Promise.all([
    runningOrder(db, eventId),
    liveLog(db, eventId, 40),
    liveMarker(db, eventId),
    db
      .select({ currency: event.currency, title: event.title, timezone: event.timezone })
      .from(event)
      .where(eq(event.event_id, eventId)),
  ]);
  const asked = readRowId(url.searchParams.get("lot"));
  const lastHammered = log.find((entry) => !entry.undone && ["sold", "passed", "sold_twice"].includes(entry.action));
  const selected =
    lots.find((lot) => lot.id === asked) ??
    lots.find((lot) => lot.phase === "open") ??
    lots.find((lot) => lot.id === lastHammered?.lotId) ??
    lots.find((lot) => lot.phase === "waiting") ??
    lots[0] ??
    null;
  return {
    eventId,
    eventTitle: meta?.title ?? "",
    currency: meta?.currency ?? "USD",
    lots,
    selected,
    following: !lots.some((lot) => lot.id === asked),
    detail: selected ? await lotDetail(db, eventId, selected.id) : null,
    // Each entry's time, written on the server in the event's time zone (app/ui/zoned-time.ts).
    log: log.map((entry) => ({ ...entry, atLabel: formatInZone(entry.at, meta?.timezone || "UTC", "time") })),
    marker: marker.marker,
    streamUrl: paths.liveStream(eventId),
  };
}

/** The clerk's posts: one intent each, parsed with the console's schemas, one domain call each (live-lots.server.ts). */
export async function action({ request }: ActionFunctionArgs) {
  return intentAction(request, {
    access: async (request) => {
      const { eventId, user } = await requireEventPermission(request, "can_control_event");
      const [meta] = await db.select({ currency: event.currency }).from(event).where(eq(event.event_id, eventId));
      return { eventId, byUsrId: user.usr_id, currency: meta?.currency ?? "USD" };
    },
    intents: (intent) => {
      /** One of the lot's buttons: the lot is all it posts. */
      const lotAction = (run: (lot: { eventId: number; itemId: number; byUsrId: number }) => Promise<string>) =>
        intent({
          formId: LOT_ACTIONS_FORM,
          schema: lotSchema,
          unparsed: "Choose a lot first.",
          run: ({ eventId, byUsrId }, { lot }) => run({ eventId, itemId: lot, byUsrId }),
        });
      return {
        [LIVE_INTENT.bid]: intent({
          formId: FLOOR_FORM,
          schema: floorBidSchema,
          run: async ({ eventId, byUsrId, currency }, { lot, paddle, amount }) => {
            const placed = await floorBid(db, { eventId, itemId: lot, byUsrId, paddle, amount: amount! });
            return `Paddle ${paddle} (${placed.holder.name}) bids ${formatMoney(amount!, currency)}`;
          },
        }),
        // The bid and the hammer at once: the sale is at the bid just placed, never at one that came in meanwhile.
        [LIVE_INTENT.sell]: intent({
          formId: FLOOR_FORM,
          schema: floorBidSchema,
          run: async ({ eventId, byUsrId }, { lot, paddle, amount }) => {
            const placed = await floorBid(db, { eventId, itemId: lot, byUsrId, paddle, amount: amount! });
            return sellLot(db, { eventId, itemId: lot, byUsrId, expectBidId: placed.bidId });
          },
        }),
        [LIVE_INTENT.soldTwice]: intent({
          formId: FLOOR_FORM,
          schema: soldTwiceSchema,
          run: ({ eventId, byUsrId }, { lot, paddle }) => sellTwice(db, { eventId, itemId: lot, byUsrId, paddle }),
        }),
        [LIVE_INTENT.undo]: intent({
          formId: LOT_ACTIONS_FORM,
          schema: z.object({}),
          run: ({ eventId, byUsrId }) => undoLast(db, { eventId, byUsrId }),
        }),
        [LIVE_INTENT.open]: lotAction((lot) => openLot(db, lot)),
        [LIVE_INTENT.sold]: lotAction((lot) => sellLot(db, lot)),
        [LIVE_INTENT.passed]: lotAction((lot) => passLot(db, lot)),
        [LIVE_INTENT.onlineOn]: lotAction((lot) => setOnlineBidding(db, { ...lot, on: true })),
        [LIVE_INTENT.onlineOff]: lotAction((lot) => setOnlineBidding(db, { ...lot, on: false })),
      };
    },
  });
}

export default function LiveConsolePage() {
  const data = useLoaderData<typeof loader>();
  return <LiveConsole {...data} />;
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
