import { Outlet } from "@remix-run/react";
import { requireEventPermission } from "~/auth/access.server";
import { loadDataAreas, SALES_AREAS } from "~/data-areas/sets.server";
import { dataGridLinks } from "~/grid/ui/data-grid";
import { revalidateOnSubmitOrEventChange } from "~/navigation/layout-revalidation";
import bidsHref from "~/styles/bids.css";
import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import type { Permission } from "~/auth/permissions";

const BIDS_SECTION: Permission[] = ["can_view_stats", "can_bid", "can_control_event", "can_bill"];

/**
 * /admin/bids: loads the data areas of paths containing /bids/; its screens read them with
 * useRouteLoaderData("routes/admin._workspace.bids"). The section is for people who see figures and bids
 * (can_view_stats), for the paddle raise's bid spotters and whoever runs the room (can_bid, can_control_event,
 * docs/permissions.md), and for billing, who sell raffle tickets (can_bill); the data areas, which hold every bid, load only for can_view_stats. Each screen checks its
 * own rule again.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId, role } = await requireEventPermission(request, BIDS_SECTION);
  return { eventId, areas: role.can_view_stats ? await loadDataAreas(SALES_AREAS, eventId) : null };
}

export const shouldRevalidate = revalidateOnSubmitOrEventChange;

// Every screen of the section is a grid.
export const links: LinksFunction = () => [...dataGridLinks(), { rel: "stylesheet", href: bidsHref }];

export default function BidsLayout() {
  return <Outlet />;
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
