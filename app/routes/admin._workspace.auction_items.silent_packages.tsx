import { useLoaderData } from "@remix-run/react";
import { PackagesScreen } from "~/catalogue/packages-grid";
import { packagesAction, packagesLoader } from "~/catalogue/packages.server";
import { ErrorPanel, errorTitle } from "~/ui/error-page";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";

export const meta: MetaFunction = ({ error }) => [
  { title: error ? `${errorTitle(error)} · Gavel` : "Silent packages · Auction items · Gavel" },
];

/** /admin/auction_items/silent_packages: the event's silent auction items, packages and single items (app/catalogue/packages.server.ts). */
export async function loader(args: LoaderFunctionArgs) {
  return packagesLoader(args, "silent");
}

export async function action(args: ActionFunctionArgs) {
  return packagesAction(args, "silent");
}

export default function SilentPackagesPage() {
  return <PackagesScreen {...useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <ErrorPanel />;
}
