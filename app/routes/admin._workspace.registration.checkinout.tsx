import { randomUUID } from "node:crypto";
import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { asc, eq } from "drizzle-orm";
import { requireEventPermission } from "~/auth/access.server";
import { db } from "~/db.server";
import { intentAction } from "~/forms/intent-action.server";
import { paths } from "~/http/paths";
import { notWhileOffline } from "~/navigation/offline-revalidation";
import { type DoorOutcome } from "~/registration/check-in-actions.server";
import { doorCounts, doorGuests, doorMarker, guestOfToken } from "~/registration/check-in.server";
import { DOOR_STATION, doorActions, doorRefusal } from "~/registration/door-station.server";
import { DoorScreen } from "~/registration/ui/door-screen";
import { stationLinks } from "~/stations/station-links";
import { stationConflicts, stationIntents } from "~/stations/station-sync.server";
import doorHref from "~/styles/door.css";
import { titleMeta } from "~/ui/error-page";
import { event, ticket } from "~drizzle/schema";

export const meta = titleMeta("Check-in · Registration · Gavel");

export const shouldRevalidate = notWhileOffline;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: doorHref }, ...stationLinks];

/**
 * /admin/registration/checkinout (can_check_in_out): the door. ?q= searches without JavaScript; ?token= is what a
 * guest's QR code opens when a phone's camera app reads it, and shows that guest ready to check in.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_check_in_out");
  const url = new URL(request.url);
  const token = url.searchParams.get("token")?.toLowerCase() ?? null;
  const [guests, counts, marker, tickets, [settings], scannedGuestId, conflicts] = await Promise.all([
    doorGuests(db, eventId),
    doorCounts(db, eventId),
    doorMarker(db, eventId),
    db
      .select({ ticket_id: ticket.ticket_id, title: ticket.title, price: ticket.price })
      .from(ticket)
      .where(eq(ticket.event_id, eventId))
      .orderBy(asc(ticket.display_order), asc(ticket.ticket_id)),
    db.select({ currency: event.currency, timezone: event.timezone }).from(event).where(eq(event.event_id, eventId)),
    token && /^[0-9a-f]{32}$/.test(token) ? guestOfToken(db, eventId, token) : Promise.resolve(null),
    stationConflicts(db, eventId, DOOR_STATION),
  ]);
  return {
    guests,
    counts,
    marker: marker.marker,
    query: (url.searchParams.get("q") ?? "").slice(0, 100),
    scannedGuestId,
    tickets: tickets.map((row) => ({ ...row, price: row.price ?? 0 })),
    currency: settings?.currency ?? "USD",
    timezone: settings?.timezone ?? "UTC",
    streamUrl: paths.registrationCheckinoutStream(eventId),
    eventId,
    syncUrl: paths.registrationCheckinoutSync(eventId),
    conflicts,
    // A fresh key per page view: the walk-in form sent twice without JavaScript registers the guest once.
    submissionKey: randomUUID(),
  };
}

/**
 * The station's posts without JavaScript (with it, the station's queue posts to ./sync): check a guest or their
 * party in or out, a scanned code, a walk-in, a payment. Each answers the station's status line (DoorOutcome),
 * refusals included, so the station stays where it is.
 */
export async function action({ request }: ActionFunctionArgs) {
  return intentAction(request, {
    access: async (request) => {
      const { eventId, user } = await requireEventPermission(request, "can_check_in_out");
      return { db, eventId, usrId: user.usr_id, at: new Date() };
    },
    intents: (intent) => stationIntents(intent, doorActions, answer),
    refusal: (reply) => answer(doorRefusal(reply)),
  });
}

/** The station's status line: a refusal is a 400, so a retry or a test can tell. */
const answer = (outcome: DoorOutcome) => data(outcome, { status: outcome.tone === "error" ? 400 : 200 });

export default function CheckInOutPage() {
  const loaded = useLoaderData<typeof loader>();
  return <DoorScreen {...loaded} />;
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
