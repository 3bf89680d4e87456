import { randomUUID } from "node:crypto";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireEventPermission, requireRolePermission } from "~/auth/access.server";
import { isEventAdmin, type Permission } from "~/auth/permissions";
import { db } from "~/db.server";
import { intentAction } from "~/forms/intent-action.server";
import { rowId } from "~/forms/rules";
import { paths } from "~/http/paths";
import { drawPrize, redrawPrize } from "~/raffles/raffle-draw.server";
import {
  drawFormId,
  drawSchema,
  licenceSchema,
  RAFFLE_DESK_INTENT,
  RAFFLE_LICENCE_FORM,
  RAFFLE_SALE_FORM,
  raffleSaleSchema,
  redrawFormId,
  redrawSchema,
} from "~/raffles/raffle-forms";
import { sellRaffleTickets } from "~/raffles/raffle-sales.server";
import { raffleDesk, raffleDeskMarker, saveRaffleRules } from "~/raffles/raffle-screens.server";
import { RaffleDesk } from "~/raffles/ui/raffle-desk";
import billingHref from "~/styles/billing.css";
import rafflesHref from "~/styles/raffles.css";
import { titleMeta } from "~/ui/error-page";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";

export const meta = titleMeta("Raffle · Bids · Gavel");

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: billingHref },
  { rel: "stylesheet", href: rafflesHref },
];

// Tickets are sold at the tables by the bid spotters (can_bid) or by whoever runs billing (can_bill).
const RAFFLE_DESK: Permission[] = ["can_bid", "can_bill"];
// The rules (the licence, winners present or not) decide who may win: set by those who set the raffles up or run the
// event, never changed at a desk between draws.
const RAFFLE_RULES: Permission[] = ["can_edit_auction_items", "can_configure_event"];

/** /admin/bids/raffle: sell raffle ticket bundles to a paddle, draw the prizes, and keep the draw log. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId, role } = await requireEventPermission(request, RAFFLE_DESK);
  const [desk, { marker }] = await Promise.all([raffleDesk(eventId), raffleDeskMarker(db, eventId)]);
  return {
    ...desk,
    // A fresh key per page view: the sale form sent twice is one sale.
    submissionKey: randomUUID(),
    canSetRules: RAFFLE_RULES.some((permission) => role[permission]),
    // Other desks' sales and draws arrive over the stream, and the page loads again (useLiveRefresh).
    marker,
    streamUrl: paths.bidsRaffleStream(eventId),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  return intentAction(request, {
    access: async (request) => {
      const { eventId, user, role } = await requireEventPermission(request, RAFFLE_DESK);
      return { eventId, byUsrId: user.usr_id, role };
    },
    intents: (intent) => ({
      [RAFFLE_DESK_INTENT.sell]: intent({
        formId: RAFFLE_SALE_FORM,
        schema: raffleSaleSchema,
        run: async ({ eventId, byUsrId }, input) => {
          const sold = await sellRaffleTickets(eventId, {
            bundleId: input.bundle,
            buyer: { paddle: input.paddle },
            submissionKey: input.submission,
            byUsrId,
          });
          const numbers =
            sold.numbers.length === 1 ? `No. ${sold.numbers[0]}` : `No. ${sold.numbers[0]}–${sold.numbers.at(-1)}`;
          return `Paddle ${input.paddle}: ${sold.raffleTitle} tickets ${numbers}`;
        },
      }),
      [RAFFLE_DESK_INTENT.draw]: intent({
        // A post naming no prize is refused on a form no prize has.
        formId: (form) => {
          const prize = rowId.safeParse(form.get("prize"));
          return prize.success ? drawFormId(prize.data) : RAFFLE_DESK_INTENT.draw;
        },
        schema: drawSchema,
        unparsed: "Choose a prize to draw.",
        run: async ({ eventId, byUsrId }, { prize }) =>
          `Ticket ${(await drawPrize(eventId, prize, byUsrId)).ticketNumber} wins`,
      }),
      [RAFFLE_DESK_INTENT.redraw]: intent({
        formId: (form) => {
          const drawing = Number(form.get("drawing"));
          return Number.isInteger(drawing) && drawing > 0 ? redrawFormId(drawing) : RAFFLE_DESK_INTENT.redraw;
        },
        schema: redrawSchema,
        run: async ({ eventId, byUsrId, role }, input) => {
          // A second redraw of a prize needs an event admin (raffle-draw.server.ts).
          const drawn = await redrawPrize(eventId, input.drawing, {
            ...input,
            byUsrId,
            isEventAdmin: isEventAdmin(role),
          });
          return `Drawn again: ticket ${drawn.ticketNumber} wins`;
        },
      }),
      [RAFFLE_DESK_INTENT.licence]: intent({
        formId: RAFFLE_LICENCE_FORM,
        schema: licenceSchema,
        run: async ({ eventId, role }, input) => {
          requireRolePermission(role, RAFFLE_RULES);
          await saveRaffleRules(eventId, { licence: input.licence, mustBePresent: input.must_be_present });
          return "Raffle rules saved";
        },
      }),
    }),
  });
}

export default function RafflePage() {
  const desk = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return <RaffleDesk {...desk} reply={reply} />;
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
