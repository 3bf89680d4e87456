import {
  data,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireEventPermission } from "~/auth/access.server";
import { AuctionPagePreview } from "~/bidding/ui/auction-page-preview";
import { CATALOGUE_FONT_CSS_HREF } from "~/fonts/font-faces.server";
import { changeDesign, designerScreen } from "~/pages-designer/designs.server";
import { PageDesigner } from "~/pages-designer/page-designer";
import biddingHref from "~/styles/bidding.css";
import { errorTitle } from "~/ui/error-page";
import { backWithToast } from "~/ui/toast.server";

export const meta: MetaFunction<typeof loader> = ({ error, data }) => [
  { title: error ? `${errorTitle(error)} · Gavel` : "Silent auction page · Pages · Gavel" },
  ...(data ? [{ tagName: "link", rel: "stylesheet", href: data.fontStylesheet }] : []),
];

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

export default function Designer() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <>
      <div className="page-header">
        <h1>Silent auction page</h1>
        <p>
          The look and sections of the silent auction gallery and its item pages. Changes are kept as a draft until you
          publish them.
        </p>
      </div>
      <PageDesigner
        kind="silentAuction"
        eventId={data.eventId}
        document={data.document}
        canPreview={data.canPreview}
        canConfigure={data.canConfigure}
        reply={actionData}
        renderPreview={(tree) => <AuctionPagePreview tree={tree} data={data.auctionPreview!} />}
      />
    </>
  );
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
