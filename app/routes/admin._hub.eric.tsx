import { Outlet, useLoaderData } from "@remix-run/react";
import { requireEventPermission } from "~/auth/access.server";
import { adminMenus } from "~/navigation/admin-navigation.server";
import { revalidateOnSubmitOrEventChange } from "~/navigation/layout-revalidation";
import labHref from "~/styles/lab.css";
import { titleMeta } from "~/ui/error-page";
import { Tabs } from "~/ui/tabs";
import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: labHref }];

export const meta = titleMeta("Design lab · Gavel");

/** The design lab is a designer's workbench: every page of it needs can_design (each checks it again itself). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { role } = await requireEventPermission(request, "can_design");
  return {
    tabs: adminMenus(request, role)
      .eric()
      .map((screen) => ({ label: screen.label, to: screen.to })),
  };
}

export const shouldRevalidate = revalidateOnSubmitOrEventChange;

/** /admin/eric: the design lab, one tab per page; each page has its own heading. */
export default function DesignLabLayout() {
  const { tabs } = useLoaderData<typeof loader>();
  return (
    <>
      <Tabs label="Design lab pages" items={tabs} />
      <Outlet />
    </>
  );
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
