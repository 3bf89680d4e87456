import { randomUUID } from "node:crypto";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireEventPermission } from "~/auth/access.server";
import { isEventAdmin, type Permission } from "~/auth/permissions";
import { db } from "~/db.server";
import { parseForm } from "~/forms/form-contract";
import { readPostedForm } from "~/forms/posted-form.server";
import { Refusal } from "~/forms/refusal";
import { answerForm, refuseForm } from "~/forms/reply.server";
import { paths } from "~/http/paths";
import { backWithToast } from "~/http/toast.server";
import { drawPrize, redrawPrize } from "~/raffles/raffle-draw.server";
import {
  drawFormId,
  drawSchema,
  licenceSchema,
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

/** /admin/bids/raffle: sell raffle ticket bundles to a paddle, draw the prizes, and keep the draw log. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId } = await requireEventPermission(request, RAFFLE_DESK);
  const [desk, { marker }] = await Promise.all([raffleDesk(eventId), raffleDeskMarker(db, eventId)]);
  return {
    ...desk,
    // A fresh key per page view: the sale form sent twice is one sale.
    submissionKey: randomUUID(),
    // Other desks' sales and draws arrive over the stream, and the page loads again (useLiveRefresh).
    marker,
    streamUrl: paths.bidsRaffleStream(eventId),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { eventId, user, role } = await requireEventPermission(request, RAFFLE_DESK);
  const formData = await readPostedForm(request);
  switch (formData.get("intent")) {
    case "sell":
      return answerForm(RAFFLE_SALE_FORM, parseForm(formData, raffleSaleSchema), async (input) => {
        const sold = await sellRaffleTickets(eventId, {
          bundleId: input.bundle,
          buyer: { paddle: input.paddle },
          submissionKey: input.submission,
          byUsrId: user.usr_id,
        });
        const numbers =
          sold.numbers.length === 1 ? `No. ${sold.numbers[0]}` : `No. ${sold.numbers[0]}–${sold.numbers.at(-1)}`;
        return backWithToast(request, `Paddle ${input.paddle}: ${sold.raffleTitle} tickets ${numbers}`);
      });
    case "draw": {
      const submission = parseForm(formData, drawSchema);
      if (submission.status !== "success") return refuseForm("draw", "Choose a prize to draw.");
      const formId = drawFormId(submission.value.prize);
      try {
        const drawn = await drawPrize(eventId, submission.value.prize, user.usr_id);
        return backWithToast(request, `Ticket ${drawn.ticketNumber} wins`);
      } catch (error) {
        if (error instanceof Refusal) return refuseForm(formId, error.message);
        throw error;
      }
    }
    case "redraw": {
      const drawing = Number(formData.get("drawing"));
      const formId = Number.isInteger(drawing) && drawing > 0 ? redrawFormId(drawing) : "redraw";
      return answerForm(formId, parseForm(formData, redrawSchema), async (input) => {
        // A second redraw of a prize needs an event admin (raffle-draw.server.ts).
        const drawn = await redrawPrize(eventId, input.drawing, {
          ...input,
          byUsrId: user.usr_id,
          isEventAdmin: isEventAdmin(role),
        });
        return backWithToast(request, `Drawn again: ticket ${drawn.ticketNumber} wins`);
      });
    }
    case "licence":
      return answerForm(RAFFLE_LICENCE_FORM, parseForm(formData, licenceSchema), async (input) => {
        await saveRaffleRules(eventId, { licence: input.licence, mustBePresent: input.must_be_present });
        return backWithToast(request, "Raffle rules saved");
      });
    default:
      return refuseForm("raffle", "Unknown action.");
  }
}

export default function RafflePage() {
  const desk = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return <RaffleDesk {...desk} reply={reply} />;
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
