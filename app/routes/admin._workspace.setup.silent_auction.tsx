import { requireEventPermission } from "~/auth/access.server";
import { AUCTION_SETTINGS_FORM, filledIn } from "~/events/auction-settings";
import { auctionSettingsFormOf, auctionSettingsScreen, saveAuctionSettings } from "~/events/auction-settings.server";
import { AuctionSettingsPage } from "~/events/ui/auction-settings-page";
import { parseForm } from "~/forms/form-contract";
import { readPostedForm } from "~/forms/posted-form.server";
import { answerForm } from "~/forms/reply.server";
import { backWithToast } from "~/http/toast.server";
import { dateTimeFieldLinks } from "~/ui/date-time-field";
import { titleMeta } from "~/ui/error-page";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";

export const meta = titleMeta("Silent auction · Setup · Gavel");

export const links: LinksFunction = () => dateTimeFieldLinks();

/** /admin/setup/silent_auction: the silent auction's times and bidding rules (app/events/auction-settings.ts). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_configure_event");
  return auctionSettingsScreen(eventId, "silent");
}

/** "save" saves the whole form; "fill" sends it back with staggered closing times filled in, unsaved. */
export async function action({ request }: ActionFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_configure_event");
  const submission = parseForm(await readPostedForm(request), await auctionSettingsFormOf(eventId, "silent"));
  return answerForm(AUCTION_SETTINGS_FORM, submission, async (post) => {
    if (post.intent === "fill") return filledIn(submission.payload, post.closes);
    await saveAuctionSettings(eventId, "silent", post.settings);
    return backWithToast(request, "Silent auction settings saved");
  });
}

export default function SilentAuctionSetupPage() {
  return <AuctionSettingsPage />;
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
