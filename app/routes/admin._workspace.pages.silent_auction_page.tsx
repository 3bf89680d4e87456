import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireEventPermission } from "~/auth/access.server";
import { AuctionPagePreview } from "~/bidding/ui/auction-page-preview";
import { CATALOGUE_FONT_CSS_HREF } from "~/fonts/font-faces.server";
import { backWithToast } from "~/http/toast.server";
import { changeDesign, designerScreen } from "~/pages-designer/designs.server";
import { DesignerScreen, designerMeta } from "~/pages-designer/ui/designer-screen";
import biddingHref from "~/styles/bidding.css";

export const meta = designerMeta("Silent auction page");

// The preview is the real gallery, with the bidder pages' styles.
export const links: LinksFunction = () => [{ rel: "stylesheet", href: biddingHref }];

/** /admin/pages/silent_auction_page: the page's settings tree, drafted, previewed and published (can_design). */
export async function loader({ request }: LoaderFunctionArgs) {
  const access = await requireEventPermission(request, "can_design");
  return { ...(await designerScreen(access, "silentAuction")), fontStylesheet: CATALOGUE_FONT_CSS_HREF };
}

export async function action({ request }: ActionFunctionArgs) {
  const change = await changeDesign(request, await requireEventPermission(request, "can_design"), "silentAuction");
  return "refused" in change ? data(change.refused, { status: change.status }) : backWithToast(request, change.told);
}

export default function SilentAuctionPageDesigner() {
  const data = useLoaderData<typeof loader>();
  return (
    <DesignerScreen
      title="Silent auction page"
      intro="The look and sections of the silent auction gallery and its item pages."
      screen={data}
      reply={useActionData<typeof action>()}
      renderPreview={(tree) => <AuctionPagePreview tree={tree} data={data.auctionPreview!} />}
    />
  );
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
