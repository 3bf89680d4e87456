import { useLoaderData } from "@remix-run/react";
import { listAction } from "~/admin-list/list-action.server";
import { eventIdFromQuery, requireEventPermission } from "~/auth/access.server";
import { packagesList } from "~/catalogue/packages-list.server";
import { packagesScreen } from "~/catalogue/packages.server";
import { PackagesScreen } from "~/catalogue/ui/packages-grid";
import { titleMeta } from "~/ui/error-page";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

export const meta = titleMeta("Silent packages · Auction items · Gavel");

/** /admin/auction_items/silent_packages: the event's silent auction items, packages and single items (an admin list: app/catalogue/packages-list.server.ts). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_edit_auction_items");
  return { ...(await packagesScreen(eventId, "silent")), queryEvent: eventIdFromQuery(request) ?? null };
}

export async function action(args: ActionFunctionArgs) {
  return listAction(args, packagesList("silent"));
}

export default function SilentPackagesPage() {
  return <PackagesScreen {...useLoaderData<typeof loader>()} />;
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
