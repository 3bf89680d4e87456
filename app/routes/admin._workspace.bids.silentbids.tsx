import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireEventPermission } from "~/auth/access.server";
import { readSilentBidsView } from "~/bidding/silent-bids";
import {
  bidsMarker,
  eventDisplay,
  listItemSummaries,
  listSilentBids,
  runStaffAction,
} from "~/bidding/silent-bids.server";
import { SilentBidsScreen } from "~/bidding/ui/silent-bids-screen";
import { readPostedForm } from "~/forms/posted-form.server";
import { dateTimeFieldLinks } from "~/ui/date-time-field";
import { titleMeta } from "~/ui/error-page";
import { redirectWithToast } from "~/ui/toast.server";

export const meta = titleMeta("Silent bids · Bids · Gavel");

export const links: LinksFunction = () => dateTimeFieldLinks();

/**
 * /admin/bids/silentbids: the live grid of the event's silent and virtual bids (?view=items: one row per item),
 * for can_view_stats; closing, extending and reopening items and retracting bids need can_control_event.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId, role } = await requireEventPermission(request, "can_view_stats");
  const view = readSilentBidsView(new URL(request.url).searchParams);
  const display = await eventDisplay(eventId);
  const [bids, items, marker] = await Promise.all([
    view === "bids" ? listSilentBids(eventId, display) : [],
    view === "items" ? listItemSummaries(eventId, display) : [],
    bidsMarker(eventId),
  ]);
  return {
    view,
    bids,
    items,
    timezone: display.timezone,
    canControl: role.can_control_event,
    lastBidId: marker.lastBidId,
    streamUrl: `/admin/bids/silentbids/stream?id=${eventId}`,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_control_event");
  const result = await runStaffAction(eventId, await readPostedForm(request));
  if (!result.ok) return data(result.refusal, { status: 400 });
  // Back to the screen as it was, without the confirmation step of a post made without JavaScript.
  const url = new URL(request.url);
  url.searchParams.delete("dialog");
  return redirectWithToast(url.pathname + url.search, { title: result.message });
}

export default function SilentBidsPage() {
  const loaded = useLoaderData<typeof loader>();
  return <SilentBidsScreen {...loaded} />;
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
