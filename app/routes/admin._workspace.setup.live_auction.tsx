import { requireEventPermission } from "~/auth/access.server";
import { LIVE_SETTINGS_FORM, liveAuctionSchema } from "~/events/live-auction-settings";
import { loadLiveAuctionSettings, saveLiveAuctionSettings } from "~/events/live-auction-settings.server";
import { LiveAuctionSetupPage, type LiveAuctionSetupData } from "~/events/ui/live-auction-settings-form";
import { parseForm } from "~/forms/form-contract";
import { readPostedForm } from "~/forms/posted-form.server";
import { Refusal } from "~/forms/refusal";
import { refuseSubmission, refuseWith } from "~/forms/reply.server";
import { redirectWithToast } from "~/http/toast.server";
import liveHref from "~/styles/live.css";
import { dateTimeFieldLinks } from "~/ui/date-time-field";
import { titleMeta } from "~/ui/error-page";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";

export const meta = titleMeta("Live auction · Setup · Gavel");

export const links: LinksFunction = () => [...dateTimeFieldLinks(), { rel: "stylesheet", href: liveHref }];

/** /admin/setup/live_auction: the live auction's times, capacity and seat chart (can_configure_event). */
export async function loader({ request }: LoaderFunctionArgs): Promise<LiveAuctionSetupData> {
  const { eventId } = await requireEventPermission(request, "can_configure_event");
  const { timeZone, enabled, record } = await loadLiveAuctionSettings(eventId);
  return {
    eventId,
    timeZone,
    enabled,
    saved: record && {
      start_date_time: record.start_date_time?.toISOString() ?? null,
      end_date_time: record.end_date_time?.toISOString() ?? null,
      capacity: record.capacity,
      seat_chart_url: record.seat_chart_url,
      seat_chart_x: record.seat_chart_x,
      seat_chart_y: record.seat_chart_y,
      seat_chart_scale: record.seat_chart_scale,
      seat_chart_opacity: record.seat_chart_opacity,
      seat_chart_px: record.seat_chart_px,
      seat_chart_py: record.seat_chart_py,
      seat_chart_pz: record.seat_chart_pz,
    },
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_configure_event");
  const { timeZone } = await loadLiveAuctionSettings(eventId);
  const submission = parseForm(await readPostedForm(request), liveAuctionSchema(timeZone));
  if (submission.status !== "success")
    return refuseSubmission(LIVE_SETTINGS_FORM, submission, {
      formErrors: ["Nothing was saved. Correct the fields marked below."],
    });
  try {
    await saveLiveAuctionSettings(eventId, submission.value);
  } catch (error) {
    if (error instanceof Refusal) return refuseWith(LIVE_SETTINGS_FORM, submission, error);
    throw error;
  }
  return redirectWithToast(new URL(request.url).pathname + new URL(request.url).search, {
    title: "Live auction settings saved",
  });
}

export default function LiveAuctionSetupRoute() {
  return <LiveAuctionSetupPage />;
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
