import { Outlet, useLoaderData } from "@remix-run/react";
import { requireTeamMember } from "~/auth/access.server";
import { GridExportAllowed } from "~/grid/grid-export-allowed";
import { adminMenus } from "~/navigation/admin-navigation.server";
import { revalidateOnSubmitOrEventChange } from "~/navigation/layout-revalidation";
import { SideMenu } from "~/navigation/side-menu";
import { AdminShell } from "~/ui/admin-shell";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";

export const meta: MetaFunction = () => [{ title: "Admin · Gavel" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { role } = await requireTeamMember(request);
  // Grids offer their CSV export only to can_report (docs/permissions.md: every export).
  return { sections: adminMenus(request, role).workspace(), mayExport: role.can_report === true };
}

export const shouldRevalidate = revalidateOnSubmitOrEventChange;

/** The workspace layout: a header and a side menu of the admin sections the person may use. */
export default function WorkspaceLayout() {
  const { sections, mayExport } = useLoaderData<typeof loader>();
  return (
    <AdminShell variant="workspace" area="Event workspace" sideMenu={<SideMenu sections={sections} />}>
      <GridExportAllowed.Provider value={mayExport}>
        <Outlet />
      </GridExportAllowed.Provider>
    </AdminShell>
  );
}
