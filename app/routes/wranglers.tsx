import { redirect } from "@remix-run/node";
import { wranglersFundraiserId } from "~/giving/fundraisers.server";
import { fundraiserHref } from "~/giving/ui/fundraiser-pages";
import { ErrorPage } from "~/ui/error-page";

/**
 * /wranglers: to the fundraiser's page staff chose for this address (Donations → Fundraisers, settings); 404 while
 * none is chosen or the chosen page is not public.
 */
export async function loader() {
  const id = await wranglersFundraiserId();
  if (id === null) throw new Response("Not found", { status: 404 });
  throw redirect(fundraiserHref(id));
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
