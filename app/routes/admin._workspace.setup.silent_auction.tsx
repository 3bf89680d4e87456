import { AuctionSettingsPage } from "~/events/auction-settings-form";
import { auctionSettingsAction, auctionSettingsLoader } from "~/events/auction-settings-route.server";
import { dateTimeFieldLinks } from "~/ui/date-time-field";
import { ErrorPanel, errorTitle } from "~/ui/error-page";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";

export const meta: MetaFunction = ({ error }) => [
  { title: error ? `${errorTitle(error)} · Gavel` : "Silent auction · Setup · Gavel" },
];

export const links: LinksFunction = () => dateTimeFieldLinks();

/** /admin/setup/silent_auction: the silent auction's times and bidding rules (app/events/auction-settings.ts). */
export async function loader({ request }: LoaderFunctionArgs) {
  return auctionSettingsLoader(request, "silent");
}

export async function action({ request }: ActionFunctionArgs) {
  return auctionSettingsAction(request, "silent");
}

export default function SilentAuctionSetupPage() {
  return <AuctionSettingsPage />;
}

export function ErrorBoundary() {
  return <ErrorPanel />;
}
