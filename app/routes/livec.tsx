import { useLoaderData } from "@remix-run/react";
import { currentLiveLot } from "~/bidding/live-lots.server";
import { publicLiveEvent } from "~/bidding/live-room.server";
import { LiveProjector } from "~/bidding/ui/live-projector";
import { db } from "~/db.server";
import { chartPlacement } from "~/events/live-auction-settings";
import { loadLiveAuctionSettings } from "~/events/live-auction-settings.server";
import { paths } from "~/http/paths";
import liveHref from "~/styles/live.css";
import { ErrorPage } from "~/ui/error-page";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Live auction · ${data.eventTitle}` : "Live auction · Gavel" },
];

export const links: LinksFunction = () => [{ rel: "stylesheet", href: liveHref }];

/**
 * /livec?id=: the projector of the live auction (public, no login): the current lot in large type, the hammer
 * ("SOLD to paddle 142 for $5,000"), then the next lot, with the seat chart /admin/setup/live_auction places.
 * Follows /livec/stream.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const row = await publicLiveEvent(request);
  const [room, { record }] = await Promise.all([
    currentLiveLot(db, row.event_id),
    loadLiveAuctionSettings(row.event_id),
  ]);
  return {
    eventTitle: row.title,
    room,
    streamUrl: paths.livecStream(row.event_id),
    seatChart: record?.seat_chart_url ? { url: record.seat_chart_url, place: chartPlacement(record) } : null,
  };
}

export default function LiveProjectorPage() {
  const data = useLoaderData<typeof loader>();
  return <LiveProjector {...data} />;
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
