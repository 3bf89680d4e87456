import { Outlet, useLoaderData } from "@remix-run/react";
import { requireTeamMember } from "~/auth/access.server";
import { GridExportAllowed } from "~/grid/grid-export-allowed";
import { revalidateOnSubmitOrEventChange } from "~/navigation/layout-revalidation";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";

export const meta: MetaFunction = () => [{ title: "Admin · Gavel" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { role } = await requireTeamMember(request);
  // Grids offer their CSV export only to can_report (docs/permissions.md: every export).
  return { mayExport: role.can_report === true };
}

export const shouldRevalidate = revalidateOnSubmitOrEventChange;

/** The workspace layout: the screens of the admin sections, whose grids offer their export to can_report. */
export default function WorkspaceLayout() {
  const { mayExport } = useLoaderData<typeof loader>();
  return (
    <GridExportAllowed.Provider value={mayExport}>
      <Outlet />
    </GridExportAllowed.Provider>
  );
}
