import { useLoaderData } from "@remix-run/react";
import { requireEventPermission } from "~/auth/access.server";
import { InRoomBidScreen } from "~/bidding/ui/in-room-bid-screen";
import { labFrame } from "~/design-lab/frame.server";
import biddingHref from "~/styles/bidding.css";
import landingHref from "~/styles/landing.css";
import publicChromeHref from "~/styles/public-chrome.css";
import { ErrorPage } from "~/ui/error-page";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: landingHref },
  { rel: "stylesheet", href: biddingHref },
  { rel: "stylesheet", href: publicChromeHref },
];

export const meta: MetaFunction = () => [
  { title: "Sample bidder page · Design lab · Gavel" },
  { name: "robots", content: "noindex" },
];

/**
 * /design-lab/frame: the real bidder screen (/inroombid) drawn from sample data in the current event's theme, alone
 * in its document, for the design lab's iframes (/admin/eric/silentauctionitem and silentauctiongallery), which give
 * it a phone's or a desktop's width. ?view=gallery, or ?view=item&state= one of the sample states. Outside /admin so
 * that each frame does not load the admin layout's data; it checks can_design itself, as the lab does. It has no
 * action and its content is inert: nothing in it can place a bid.
 */
// Shown in sandboxed frames: the page comes without the app's scripts (root.tsx), complete as rendered, so nothing in
// it hydrates, listens to the auction's stream or sends a form.
export const handle = { hydrate: false };

export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_design");
  return labFrame(eventId, new URL(request.url));
}

export default function LabFrame() {
  const data = useLoaderData<typeof loader>();
  return (
    // React 18 does not know inert; as a plain attribute it reaches the page as written.
    <div {...{ inert: "" }}>
      <InRoomBidScreen data={data} />
    </div>
  );
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
