import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { asc, eq } from "drizzle-orm";
import { requireEventPermission } from "~/auth/access.server";
import { db } from "~/db.server";
import { formErrorOf } from "~/forms/form-contract";
import { intentAction } from "~/forms/intent-action.server";
import { paths } from "~/http/paths";
import {
  checkAtDoor,
  checkInParty,
  checkInScanned,
  takeDoorPaymentAt,
  walkIn,
  type DoorOutcome,
} from "~/registration/check-in-actions.server";
import { doorCounts, doorGuests, doorMarker, guestOfToken } from "~/registration/check-in.server";
import {
  DOOR_INTENT,
  doorGuestSchema,
  doorPaymentSchema,
  doorScanSchema,
  walkInSchema,
} from "~/registration/door-forms";
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
    streamUrl: paths.registrationCheckinoutStream(eventId),
  };
}

/**
 * The station's posts: check a guest or their party in or out, a scanned code, a walk-in, a payment. Each answers
 * the station's status line (DoorOutcome), refusals included, so the station stays where it is.
 */
export async function action({ request }: ActionFunctionArgs) {
  return intentAction(request, {
    access: async (request) => {
      const { eventId, user } = await requireEventPermission(request, "can_check_in_out");
      return { eventId, usrId: user.usr_id };
    },
    intents: (intent) => ({
      [DOOR_INTENT.checkIn]: intent({
        formId: DOOR_INTENT.checkIn,
        schema: doorGuestSchema,
        shownFields: [],
        run: async ({ eventId, usrId }, { registrantId }) =>
          answer(await checkAtDoor(eventId, usrId, [registrantId], "in")),
      }),
      [DOOR_INTENT.checkOut]: intent({
        formId: DOOR_INTENT.checkOut,
        schema: doorGuestSchema,
        shownFields: [],
        run: async ({ eventId, usrId }, { registrantId }) =>
          answer(await checkAtDoor(eventId, usrId, [registrantId], "out")),
      }),
      [DOOR_INTENT.partyIn]: intent({
        formId: DOOR_INTENT.partyIn,
        schema: doorGuestSchema,
        shownFields: [],
        run: async ({ eventId, usrId }, { registrantId }) => answer(await checkInParty(eventId, usrId, registrantId)),
      }),
      [DOOR_INTENT.scan]: intent({
        formId: DOOR_INTENT.scan,
        schema: doorScanSchema,
        run: async ({ eventId, usrId }, { code }) => answer(await checkInScanned(eventId, usrId, code)),
      }),
      [DOOR_INTENT.walkIn]: intent({
        formId: DOOR_INTENT.walkIn,
        schema: walkInSchema,
        run: async ({ eventId, usrId }, guest) => answer(await walkIn(eventId, usrId, guest)),
      }),
      [DOOR_INTENT.payCash]: intent({
        formId: DOOR_INTENT.payCash,
        schema: doorPaymentSchema,
        shownFields: ["check_number"],
        run: async ({ eventId, usrId }, paid) => answer(await takeDoorPaymentAt(eventId, usrId, paid, "cash")),
      }),
      [DOOR_INTENT.payCheck]: intent({
        formId: DOOR_INTENT.payCheck,
        schema: doorPaymentSchema,
        shownFields: ["check_number"],
        run: async ({ eventId, usrId }, paid) => answer(await takeDoorPaymentAt(eventId, usrId, paid, "check")),
      }),
    }),
    // A post the station cannot act on is said in its status line, with each field's first message beside it.
    refusal: (reply) =>
      answer({
        tone: "error",
        message: formErrorOf(reply) ?? "Check the walk-in's details.",
        guestIds: [],
        errors: Object.fromEntries(
          Object.entries(reply.error ?? {}).flatMap(([field, messages]) =>
            field && messages?.[0] ? [[field, messages[0]]] : [],
          ),
        ),
      }),
  });
}

/** The station's status line: a refusal is a 400, so a retry or a test can tell. */
const answer = (outcome: DoorOutcome) => data(outcome, { status: outcome.tone === "error" ? 400 : 200 });

export default function CheckInOutPage() {
  const loaded = useLoaderData<typeof loader>();
  return <DoorScreen {...loaded} />;
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
