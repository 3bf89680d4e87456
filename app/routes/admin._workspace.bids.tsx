import { Outlet } from "@remix-run/react";
import { requireEventPermission } from "~/auth/access.server";
import { loadDataAreas, SALES_AREAS } from "~/data-areas/sets.server";
import { dataGridLinks } from "~/grid/data-grid";
import { revalidateOnSubmitOrEventChange } from "~/navigation/layout-revalidation";
import bidsHref from "~/styles/bids.css";
import { ErrorPanel } from "~/ui/error-page";
import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";

/**
 * /admin/bids: loads the data areas of paths containing /bids/; its screens read them with
 * useRouteLoaderData("routes/admin._workspace.bids"). Every screen of the section shows bids, so the layout asks
 * for can_view_stats ("See figures and bids", docs/permissions.md); each screen checks it again, and its actions
 * need can_control_event.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_view_stats");
  return { eventId, areas: await loadDataAreas(SALES_AREAS, eventId) };
}

export const shouldRevalidate = revalidateOnSubmitOrEventChange;

// Every screen of the section is a grid.
export const links: LinksFunction = () => [...dataGridLinks(), { rel: "stylesheet", href: bidsHref }];

export default function BidsLayout() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <ErrorPanel />;
}
