import { useLoaderData } from "@remix-run/react";
import { requireEventPermission } from "~/auth/access.server";
import { readRowId } from "~/db/row-id";
import { db } from "~/db.server";
import { intentAction } from "~/forms/intent-action.server";
import { paths } from "~/http/paths";
import { redirectWithToast } from "~/http/toast.server";
import { notWhileOffline } from "~/navigation/offline-revalidation";
import { PADDLE_RAISE_STAFF, paddleRaiseConsole } from "~/paddle-raise/console.server";
import {
  cancelPledgeSchema,
  correctPledgeForm,
  correctPledgeSchema,
  cancelPledgeForm,
  FLOOR_PLEDGE_FORM,
  floorPledgeSchema,
  PLEDGE_INTENT,
} from "~/paddle-raise/pledge-forms";
import { PLEDGE_STATION, pledgeAction } from "~/paddle-raise/pledge-station.server";
import { cancelPledge, correctPledge } from "~/paddle-raise/pledges.server";
import { PaddleRaiseConsole } from "~/paddle-raise/ui/paddle-raise-console";
import { stationLinks } from "~/stations/station-links";
import { stationConflicts } from "~/stations/station-sync.server";
import paddleRaiseHref from "~/styles/paddle-raise.css";
import { titleMeta } from "~/ui/error-page";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";

export const meta = titleMeta("Paddle raise · Bids · Gavel");

export const links: LinksFunction = () => [{ rel: "stylesheet", href: paddleRaiseHref }, ...stationLinks];

export const shouldRevalidate = notWhileOffline;

/**
 * /admin/bids/paddleraises: the clerk's screen for the paddle raise. A spotter calls "paddle 142 at $1,000"; the
 * clerk types the paddle and presses Enter at the level the auctioneer is calling. The total, the count per level
 * and the log follow live, also from other clerks' screens and guests pledging on /pi.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId } = await requireEventPermission(request, PADDLE_RAISE_STAFF);
  const params = new URL(request.url).searchParams;
  const [console, conflicts] = await Promise.all([
    paddleRaiseConsole(db, eventId, readRowId(params.get("raise"))),
    stationConflicts(db, eventId, PLEDGE_STATION),
  ]);
  return {
    ...console,
    eventId,
    level: params.get("level") ?? "",
    streamUrl: paths.bidsPaddleraisesStream(eventId),
    syncUrl: paths.bidsPaddleraisesSync(eventId),
    conflicts,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  return intentAction(request, {
    access: async (request) => {
      const { eventId, user } = await requireEventPermission(request, PADDLE_RAISE_STAFF);
      return { db, eventId, usrId: user.usr_id, at: new Date() };
    },
    intents: (intent) => ({
      [PLEDGE_INTENT.pledge]: intent({
        formId: FLOOR_PLEDGE_FORM,
        schema: floorPledgeSchema,
        run: async (call, pledge) => {
          const title = await pledgeAction.run(call, pledge);
          // The next pledge is usually at the same level: keep it chosen.
          const back = new URL(request.url);
          back.searchParams.delete("dialog");
          back.searchParams.set("raise", String(pledge.raise));
          back.searchParams.set("level", pledge.level);
          return redirectWithToast(back.pathname + back.search, { title });
        },
      }),
      [PLEDGE_INTENT.cancel]: intent({
        formId: (form) => cancelPledgeForm(Number(form.get("pledge"))),
        schema: cancelPledgeSchema,
        run: async ({ eventId, usrId }, { pledge, reason }) => {
          await cancelPledge(db, eventId, { pledgeId: pledge, by: usrId, reason });
          return "Pledge cancelled; it stays in the log";
        },
      }),
      [PLEDGE_INTENT.correct]: intent({
        formId: (form) => correctPledgeForm(Number(form.get("pledge"))),
        schema: correctPledgeSchema,
        run: async ({ eventId, usrId }, { pledge, reason, paddle, amount }) => {
          // The schema requires the amount: it is never null here.
          const { holder } = await correctPledge(db, eventId, {
            pledgeId: pledge,
            by: usrId,
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
