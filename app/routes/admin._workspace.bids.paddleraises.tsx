import { useLoaderData } from "@remix-run/react";
import { requireEventPermission } from "~/auth/access.server";
import { readRowId } from "~/db/row-id";
import { db } from "~/db.server";
import { intentAction } from "~/forms/intent-action.server";
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
  return intentAction(request, {
    access: (request) => requireEventPermission(request, PADDLE_RAISE_STAFF),
    intents: (intent) => ({
      [PLEDGE_INTENT.pledge]: intent({
        formId: FLOOR_PLEDGE_FORM,
        schema: floorPledgeSchema,
        run: async ({ eventId, user }, pledge) => {
          const { raise, paddle, level, key } = pledge;
          const amount = chosenAmount(pledge);
          const { holder } = await recordPledge(
            db,
            eventId,
            { paddle },
            { raiseId: raise, amount, enteredBy: user.usr_id, source: "floor", idempotencyKey: key },
          );
          // The next pledge is usually at the same level: keep it chosen.
          const back = new URL(request.url);
          back.searchParams.delete("dialog");
          back.searchParams.set("raise", String(raise));
          back.searchParams.set("level", level);
          const title = `Paddle ${holder.paddle} · ${holder.name} · ${formatRoundMoney(amount, await eventCurrency(db, eventId))}`;
          return redirectWithToast(back.pathname + back.search, { title });
        },
      }),
      [PLEDGE_INTENT.cancel]: intent({
        formId: (form) => cancelPledgeForm(Number(form.get("pledge"))),
        schema: cancelPledgeSchema,
        run: async ({ eventId, user }, { pledge, reason }) => {
          await cancelPledge(db, eventId, { pledgeId: pledge, by: user.usr_id, reason });
          return "Pledge cancelled; it stays in the log";
        },
      }),
      [PLEDGE_INTENT.correct]: intent({
        formId: (form) => correctPledgeForm(Number(form.get("pledge"))),
        schema: correctPledgeSchema,
        run: async ({ eventId, user }, { pledge, reason, paddle, amount }) => {
          // The schema requires the amount: it is never null here.
          const { holder } = await correctPledge(db, eventId, {
            pledgeId: pledge,
            by: user.usr_id,
            reason,
            paddle,
            amount: amount!,
          });
          return `Pledge corrected: paddle ${holder.paddle}, ${holder.name}`;
        },
      }),
    }),
  });
}

export default function PaddleRaisesPage() {
  const loaded = useLoaderData<typeof loader>();
  return <PaddleRaiseConsole {...loaded} />;
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
