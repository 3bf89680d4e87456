import { Outlet } from "@remix-run/react";
import { requireTeamMember } from "~/auth/access.server";
import { DESIGN_AREAS, loadDataAreas } from "~/data-areas/sets.server";
import { dataGridLinks } from "~/grid/ui/data-grid";
import { revalidateOnSubmitOrEventChange } from "~/navigation/layout-revalidation";
import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";

/**
 * /admin/auction_items: loads the data areas the admin map (app/data-areas/) names for paths containing auction_items; its screens read
 * them with useRouteLoaderData("routes/admin._workspace.auction_items"). Any team member passes here: each screen
 * checks can_edit_auction_items itself.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId } = await requireTeamMember(request);
  return { eventId, areas: await loadDataAreas(DESIGN_AREAS, eventId) };
}

export const shouldRevalidate = revalidateOnSubmitOrEventChange;

// Every screen of the section is a grid.
export const links: LinksFunction = () => dataGridLinks();

export default function AuctionItemsLayout() {
  return <Outlet />;
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
