import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { asc, eq } from "drizzle-orm";
import { requireEventPermission } from "~/auth/access.server";
import { db } from "~/db.server";
import { readPostedForm } from "~/forms/posted-form.server";
import { doorAction } from "~/registration/check-in-actions.server";
import { doorCounts, doorGuests, doorMarker, guestOfToken } from "~/registration/check-in.server";
import { DoorScreen } from "~/registration/ui/door-screen";
import doorHref from "~/styles/door.css";
import { titleMeta } from "~/ui/error-page";
import { event, ticket } from "~drizzle/schema";

export const meta = titleMeta("Check-in · Registration · Gavel");

export const links: LinksFunction = () => [{ rel: "stylesheet", href: doorHref }];

/**
 * /admin/registration/checkinout (can_check_in_out): the door. ?q= searches without JavaScript; ?token= is what a
 * guest's QR code opens when a phone's camera app reads it, and shows that guest ready to check in.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_check_in_out");
  const url = new URL(request.url);
  const token = url.searchParams.get("token")?.toLowerCase() ?? null;
  const [guests, counts, marker, tickets, [settings], scannedGuestId] = await Promise.all([
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
    streamUrl: `/admin/registration/checkinout/stream?id=${eventId}`,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { eventId, user } = await requireEventPermission(request, "can_check_in_out");
  const outcome = await doorAction(eventId, user.usr_id, await readPostedForm(request));
  return outcome.tone === "error" ? data(outcome, { status: 400 }) : outcome;
}

export default function CheckInOutPage() {
  const loaded = useLoaderData<typeof loader>();
  return <DoorScreen {...loaded} />;
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
