import { useLoaderData } from "@remix-run/react";
import { requireEventPermission } from "~/auth/access.server";
import { readRowId } from "~/db/row-id";
import { db } from "~/db.server";
import { parseForm } from "~/forms/form-contract";
import { readPostedForm } from "~/forms/posted-form.server";
import { Refusal } from "~/forms/refusal";
import { refuseForm, refuseSubmission, refuseWith } from "~/forms/reply.server";
import { paths } from "~/http/paths";
import { redirectWithToast } from "~/http/toast.server";
import { eventCurrency, paddleRaiseConsole } from "~/paddle-raise/console.server";
import {
  cancelPledgeSchema,
  chosenAmount,
  correctPledgeForm,
  correctPledgeSchema,
  cancelPledgeForm,
  FLOOR_PLEDGE_FORM,
  floorPledgeSchema,
  PLEDGE_INTENT,
} from "~/paddle-raise/pledge-forms";
import { cancelPledge, correctPledge, recordPledge } from "~/paddle-raise/pledges.server";
import { PaddleRaiseConsole } from "~/paddle-raise/ui/paddle-raise-console";
import paddleRaiseHref from "~/styles/paddle-raise.css";
import { titleMeta } from "~/ui/error-page";
import { formatRoundMoney } from "~/ui/format";
import type { Submission } from "@conform-to/react";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import type { Permission } from "~/auth/permissions";

export const meta = titleMeta("Paddle raise · Bids · Gavel");

export const links: LinksFunction = () => [{ rel: "stylesheet", href: paddleRaiseHref }];

/** A bid spotter or whoever runs the room: the same rule as app/auth/route-access.ts. */
const PADDLE_RAISE_STAFF: Permission[] = ["can_bid", "can_control_event"];

/**
 * /admin/bids/paddleraises: the clerk's screen for the paddle raise. A spotter calls "paddle 142 at $1,000"; the
 * clerk types the paddle and presses Enter at the level the auctioneer is calling. The total, the count per level
 * and the log follow live, also from other clerks' screens and guests pledging on /pi.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId } = await requireEventPermission(request, PADDLE_RAISE_STAFF);
  const params = new URL(request.url).searchParams;
  const console = await paddleRaiseConsole(db, eventId, readRowId(params.get("raise")));
  return {
    ...console,
    eventId,
    level: params.get("level") ?? "",
    streamUrl: paths.bidsPaddleraisesStream(eventId),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { eventId, user } = await requireEventPermission(request, PADDLE_RAISE_STAFF);
  const form = await readPostedForm(request);
  const back = new URL(request.url);
  back.searchParams.delete("dialog");
  const by = user.usr_id;

  /** Runs a change; a refusal goes back to the form that asked, success back to the screen with a toast. */
  async function change(formId: string, submission: Submission<unknown>, run: () => Promise<string>) {
    try {
      const title = await run();
      return redirectWithToast(back.pathname + back.search, { title });
    } catch (error) {
      if (error instanceof Refusal) return refuseWith(formId, submission, error);
      throw error;
    }
  }

  switch (form.get("intent")) {
    case PLEDGE_INTENT.pledge: {
      const submission = parseForm(form, floorPledgeSchema);
      if (submission.status !== "success") return refuseSubmission(FLOOR_PLEDGE_FORM, submission);
      const { raise, paddle, level, key } = submission.value;
      const amount = chosenAmount(submission.value);
      // The next pledge is usually at the same level: keep it chosen.
      back.searchParams.set("raise", String(raise));
      back.searchParams.set("level", level);
      return change(FLOOR_PLEDGE_FORM, submission, async () => {
        const { holder } = await recordPledge(
          db,
          eventId,
          { paddle },
          { raiseId: raise, amount, enteredBy: by, source: "floor", idempotencyKey: key },
        );
        return `Paddle ${holder.paddle} · ${holder.name} · ${formatRoundMoney(amount, await eventCurrency(db, eventId))}`;
      });
    }
    case PLEDGE_INTENT.cancel: {
      const formId = cancelPledgeForm(Number(form.get("pledge")));
      const submission = parseForm(form, cancelPledgeSchema);
      if (submission.status !== "success") return refuseSubmission(formId, submission);
      const { pledge, reason } = submission.value;
      return change(formId, submission, async () => {
        await cancelPledge(db, eventId, { pledgeId: pledge, by, reason });
        return "Pledge cancelled; it stays in the log";
      });
    }
    case PLEDGE_INTENT.correct: {
      const formId = correctPledgeForm(Number(form.get("pledge")));
      const submission = parseForm(form, correctPledgeSchema);
      if (submission.status !== "success") return refuseSubmission(formId, submission);
      const { pledge, reason, paddle, amount } = submission.value;
      return change(formId, submission, async () => {
        // The schema requires the amount: it is never null here.
        const { holder } = await correctPledge(db, eventId, { pledgeId: pledge, by, reason, paddle, amount: amount! });
        return `Pledge corrected: paddle ${holder.paddle}, ${holder.name}`;
      });
    }
    default:
      return refuseForm(FLOOR_PLEDGE_FORM, "That is not something this screen does.");
  }
}

export default function PaddleRaisesPage() {
  const loaded = useLoaderData<typeof loader>();
  return <PaddleRaiseConsole {...loaded} />;
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
