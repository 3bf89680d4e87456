import { useLoaderData } from "@remix-run/react";
import { eq } from "drizzle-orm";
import { requireEventPermission } from "~/auth/access.server";
import { correctionDialog, correctionSchema } from "~/bidding/live-lots";
import { correctLot, liveBidRows, liveMarker } from "~/bidding/live-lots.server";
import { LiveBidsScreen } from "~/bidding/ui/live-bids-screen";
import { db } from "~/db.server";
import { parseForm } from "~/forms/form-contract";
import { readPostedForm } from "~/forms/posted-form.server";
import { Refusal } from "~/forms/refusal";
import { refuseForm, refuseSubmission, refuseWith } from "~/forms/reply.server";
import { paths } from "~/http/paths";
import { redirectWithToast } from "~/http/toast.server";
import { titleMeta } from "~/ui/error-page";
import { event } from "~drizzle/schema";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

export const meta = titleMeta("Live bids · Bids · Gavel");

/**
 * /admin/bids/livebids: the live lots' results (can_view_stats); correcting a winner's paddle or price, with a
 * reason kept in the log, needs can_control_event (it changes what billing charges).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId, role } = await requireEventPermission(request, "can_view_stats");
  const [rows, marker, [meta]] = await Promise.all([
    liveBidRows(db, eventId),
    liveMarker(db, eventId),
    db.select({ currency: event.currency }).from(event).where(eq(event.event_id, eventId)),
  ]);
  return {
    rows,
    eventId,
    currency: meta?.currency ?? "USD",
    canControl: role.can_control_event,
    marker: marker.marker,
    streamUrl: paths.bidsLivebidsStream(eventId),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { eventId, user } = await requireEventPermission(request, "can_control_event");
  const form = await readPostedForm(request);
  const formId = correctionDialog(Number(form.get("lot")) || 0, Number(form.get("unit")) || 0);
  if (form.get("intent") !== "correct") return refuseForm(formId, "This screen does not know that action.");
  const submission = parseForm(form, correctionSchema);
  if (submission.status !== "success") return refuseSubmission(formId, submission);
  const { lot, unit, paddle, amount, reason } = submission.value;
  try {
    const message = await correctLot(db, {
      eventId,
      itemId: lot,
      byUsrId: user.usr_id,
      unit,
      paddle,
      amount: amount!,
      reason,
    });
    const url = new URL(request.url);
    url.searchParams.delete("dialog");
    return redirectWithToast(url.pathname + url.search, { title: message });
  } catch (error) {
    if (error instanceof Refusal) return refuseWith(formId, submission, error);
    throw error;
  }
}

export default function LiveBidsPage() {
  const data = useLoaderData<typeof loader>();
  return <LiveBidsScreen {...data} />;
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
