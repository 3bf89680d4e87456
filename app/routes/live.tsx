import { useLoaderData } from "@remix-run/react";
import { eq } from "drizzle-orm";
import { requireEventPermission } from "~/auth/access.server";
import { consoleAction } from "~/bidding/live-console.server";
import { liveLog, liveMarker, lotDetail, runningOrder } from "~/bidding/live-lots.server";
import { LiveConsole } from "~/bidding/ui/live-console";
import { readRowId } from "~/db/row-id";
import { db } from "~/db.server";
import { readPostedForm } from "~/forms/posted-form.server";
import liveHref from "~/styles/live.css";
import { titleMeta } from "~/ui/error-page";
import { redirectWithToast } from "~/ui/toast.server";
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
    streamUrl: `/live/stream?id=${eventId}`,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { eventId, user } = await requireEventPermission(request, "can_control_event");
  const [meta] = await db.select({ currency: event.currency }).from(event).where(eq(event.event_id, eventId));
  const outcome = await consoleAction(
    db,
    { eventId, byUsrId: user.usr_id, currency: meta?.currency ?? "USD" },
    await readPostedForm(request),
  );
  if (!outcome.ok) return outcome.reply;
  const url = new URL(request.url);
  return redirectWithToast(url.pathname + url.search, { title: outcome.message });
}

export default function LiveConsolePage() {
  const data = useLoaderData<typeof loader>();
  return <LiveConsole {...data} />;
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
