import { Outlet, useLoaderData } from "@remix-run/react";
import { requireEventPermission } from "~/auth/access.server";
import { DemoMoneyNote } from "~/billing/ui/demo-money-note";
import { cardsInSandbox } from "~/sandbox/switch.server";
import billingHref from "~/styles/billing.css";
import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import type { Permission } from "~/auth/permissions";

// The winners report is also for whoever reports on the event (docs/permissions.md).
const BILLING_SECTION: Permission[] = ["can_bill", "can_report"];

/** /admin/billing: checkout at the end of the night. Each screen checks its own rule again. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId } = await requireEventPermission(request, BILLING_SECTION);
  return { eventId, demoSandbox: cardsInSandbox(eventId) };
}

export const links: LinksFunction = () => [{ rel: "stylesheet", href: billingHref }];

export default function BillingLayout() {
  const { demoSandbox } = useLoaderData<typeof loader>();
  return (
    <>
      {demoSandbox ? <DemoMoneyNote /> : null}
      <Outlet />
    </>
  );
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
