import { useLoaderData } from "@remix-run/react";
import { eq } from "drizzle-orm";
import { requireEventPermission } from "~/auth/access.server";
import { CLERK_STATION, clerkActions } from "~/bidding/clerk-station.server";
import { liveLog, liveMarker, lotDetail, runningOrder } from "~/bidding/live-lots.server";
import { LiveConsole } from "~/bidding/ui/live-console";
import { readRowId } from "~/db/row-id";
import { db } from "~/db.server";
import { intentAction } from "~/forms/intent-action.server";
import { paths } from "~/http/paths";
import { notWhileOffline } from "~/navigation/offline-revalidation";
import { paddleDirectory } from "~/paddle-raise/pledges.server";
import { stationLinks } from "~/stations/station-links";
import { stationConflicts, stationIntents } from "~/stations/station-sync.server";
import liveHref from "~/styles/live.css";
import { titleMeta } from "~/ui/error-page";
import { formatInZone } from "~/ui/zoned-time";
import { event } from "~drizzle/schema";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";

export const meta = titleMeta("Live auction console · Gavel");

export const links: LinksFunction = () => [{ rel: "stylesheet", href: liveHref }, ...stationLinks];

export const shouldRevalidate = notWhileOffline;

/**
 * /live: the clerk's console of the live auction (signed in, a team member with can_control_event; docs/permissions.md). ?lot=
 * shows a lot; without it the console follows the open lot. Its state is all on the server: a reload, a second
 * console or a laptop opened again shows the same (the live stream reloads it when anything changes).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_control_event");
  const url = new URL(request.url);
  const [lots, log, marker, [meta], conflicts, directory] = await Promise.all([
    runningOrder(db, eventId),
    liveLog(db, eventId, 40),
    liveMarker(db, eventId),
    db
      .select({ currency: event.currency, title: event.title, timezone: event.timezone })
      .from(event)
      .where(eq(event.event_id, eventId)),
    stationConflicts(db, eventId, CLERK_STATION),
    paddleDirectory(db, eventId),
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
    syncUrl: paths.liveSync(eventId),
    timezone: meta?.timezone || "UTC",
    conflicts,
    // Every paddle and its holder: offline, the console names a typed paddle (and refuses one nobody holds) itself.
    directory,
  };
}

/**
 * The clerk's posts without JavaScript (with it, the console's queue posts to /live/sync): one intent each, parsed
 * with the console's schemas, one domain call each (bidding/clerk-station.server.ts).
 */
export async function action({ request }: ActionFunctionArgs) {
  return intentAction(request, {
    access: async (request) => {
      const { eventId, user } = await requireEventPermission(request, "can_control_event");
      return { db, eventId, usrId: user.usr_id, at: new Date() };
    },
    intents: (intent) => stationIntents(intent, clerkActions, (message) => message),
  });
}

export default function LiveConsolePage() {
  const data = useLoaderData<typeof loader>();
  return <LiveConsole {...data} />;
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
