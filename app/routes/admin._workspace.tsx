import { Outlet, useLoaderData } from "@remix-run/react";
import { requireTeamMember } from "~/auth/access.server";
import { adminMenus } from "~/navigation/admin-navigation.server";
import { revalidateOnSubmitOrEventChange } from "~/navigation/layout-revalidation";
import { SideMenu } from "~/navigation/side-menu";
import { AdminShell } from "~/ui/admin-shell";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";

export const meta: MetaFunction = () => [{ title: "Admin · Gavel" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { role } = await requireTeamMember(request);
  return { sections: adminMenus(request, role).workspace() };
}

export const shouldRevalidate = revalidateOnSubmitOrEventChange;

/** The workspace layout: a header and a side menu of the admin sections the person may use. */
export default function WorkspaceLayout() {
  const { sections } = useLoaderData<typeof loader>();
  return (
    <AdminShell variant="workspace" area="Event workspace" sideMenu={<SideMenu sections={sections} />}>
      <Outlet />
    </AdminShell>
  );
}
