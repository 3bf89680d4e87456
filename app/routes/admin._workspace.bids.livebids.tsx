import { useLoaderData } from "@remix-run/react";
import { eq } from "drizzle-orm";
import { requireEventPermission } from "~/auth/access.server";
import { correctionDialog, correctionSchema, LIVE_BIDS_INTENT } from "~/bidding/live-lots";
import { correctLot, liveBidRows, liveMarker } from "~/bidding/live-lots.server";
import { LiveBidsScreen } from "~/bidding/ui/live-bids-screen";
import { db } from "~/db.server";
import { intentAction } from "~/forms/intent-action.server";
import { paths } from "~/http/paths";
import { titleMeta } from "~/ui/error-page";
import { event } from "~drizzle/schema";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

export const meta = titleMeta("Live bids · Bids · Gavel");

/**
 * /admin/bids/livebids: the live lots' results (can_view_stats); correcting a winner's paddle or price, with a
 * reason kept in the log, needs can_control_event (it changes what billing charges).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId, role } = await requireEventPermission(request, "can_view_stats");
  const [rows, marker, [meta]] = await Promise.all([
    liveBidRows(db, eventId),
    liveMarker(db, eventId),
    db.select({ currency: event.currency }).from(event).where(eq(event.event_id, eventId)),
  ]);
  return {
    rows,
    eventId,
    currency: meta?.currency ?? "USD",
    canControl: role.can_control_event,
    marker: marker.marker,
    streamUrl: paths.bidsLivebidsStream(eventId),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  return intentAction(request, {
    access: async (request) => {
      const { eventId, user } = await requireEventPermission(request, "can_control_event");
      return { eventId, byUsrId: user.usr_id };
    },
    intents: (intent) => ({
      [LIVE_BIDS_INTENT.correct]: intent({
        formId: (form) => correctionDialog(Number(form.get("lot")) || 0, Number(form.get("unit")) || 0),
        schema: correctionSchema,
        run: ({ eventId, byUsrId }, { lot, unit, paddle, amount, reason }) =>
          correctLot(db, { eventId, itemId: lot, byUsrId, unit, paddle, amount: amount!, reason }),
      }),
    }),
  });
}

export default function LiveBidsPage() {
  const data = useLoaderData<typeof loader>();
  return <LiveBidsScreen {...data} />;
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
