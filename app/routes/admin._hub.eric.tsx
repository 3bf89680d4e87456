import { Outlet, useLoaderData } from "@remix-run/react";
import { requireTeamMember } from "~/auth/access.server";
import { adminMenus } from "~/navigation/admin-navigation.server";
import { revalidateOnSubmitOrEventChange } from "~/navigation/layout-revalidation";
import { Tabs } from "~/ui/tabs";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";

export const meta: MetaFunction = () => [{ title: "Style guide · Gavel" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { role } = await requireTeamMember(request);
  return {
    tabs: adminMenus(request, role)
      .eric()
      .map((screen) => ({ label: screen.label, to: screen.to })),
  };
}

export const shouldRevalidate = revalidateOnSubmitOrEventChange;

/** /admin/eric: the team's workbench, one tab per page that exists. */
export default function StyleGuideLayout() {
  const { tabs } = useLoaderData<typeof loader>();
  return (
    <>
      <div className="page-header">
        <h1>Style guide</h1>
        <p>The shared pieces every Gavel screen is built from, working as they do in the app.</p>
        <Tabs label="Style guide pages" items={tabs} />
      </div>
      <Outlet />
    </>
  );
}
