import { Outlet } from "@remix-run/react";
import { requireEventPermission } from "~/auth/access.server";
import { dataGridLinks } from "~/grid/ui/data-grid";
import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";

/** /admin/solemen: the event's donations, which are billing's to handle (can_bill). Each screen checks again. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_bill");
  return { eventId };
}

export const links: LinksFunction = () => [...dataGridLinks()];

export default function DonationsLayout() {
  return <Outlet />;
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
