import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { requireEventPermission } from "~/auth/access.server";
import { AUCTION_SETTINGS_FORM, AUCTION_SETTINGS_INTENT, filledIn } from "~/events/auction-settings";
import { auctionSettingsFormOf, auctionSettingsScreen, saveAuctionSettings } from "~/events/auction-settings.server";
import { AuctionSettingsPage } from "~/events/ui/auction-settings-page";
import { postedValues } from "~/forms/form-contract";
import { intentAction } from "~/forms/intent-action.server";
import { dateTimeFieldLinks } from "~/ui/date-time-field";
import { titleMeta } from "~/ui/error-page";

export const meta = titleMeta("Virtual auction · Setup · Gavel");

export const links: LinksFunction = () => dateTimeFieldLinks();

/** /admin/setup/virtual_auction: the virtual auction's times and bidding rules (app/events/auction-settings.ts). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_configure_event");
  return auctionSettingsScreen(eventId, "virtual");
}

/**
 * "save" saves the whole form; "fill" sends it back with staggered closing times filled in, unsaved. One form,
 * whose schema reads either (auction-settings.ts).
 */
export async function action({ request }: ActionFunctionArgs) {
  return intentAction(request, {
    access: (request) => requireEventPermission(request, "can_configure_event"),
    intents: (intent) => {
      const settingsForm = intent({
        formId: AUCTION_SETTINGS_FORM,
        schema: ({ eventId }) => auctionSettingsFormOf(eventId, "virtual"),
        run: async ({ eventId, form }, post) => {
          if (post.intent === AUCTION_SETTINGS_INTENT.fill) return data(filledIn(postedValues(form), post.closes));
          await saveAuctionSettings(eventId, "virtual", post.settings);
          return "Virtual auction settings saved";
        },
      });
      return { [AUCTION_SETTINGS_INTENT.save]: settingsForm, [AUCTION_SETTINGS_INTENT.fill]: settingsForm };
    },
  });
}

export default function VirtualAuctionSetupPage() {
  return <AuctionSettingsPage />;
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
