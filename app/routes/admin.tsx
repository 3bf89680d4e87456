import { Outlet, useLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { requireTeamMember } from "~/auth/access.server";
import { ADMIN_AREAS, loadDataAreas } from "~/data-areas/sets.server";
import { db } from "~/db.server";
import { adminMenus } from "~/navigation/admin-navigation.server";
import { dataAreasReported, dataAreasShown, revalidateOnSubmitOrEventChange } from "~/navigation/layout-revalidation";
import { SideMenu } from "~/navigation/ui/side-menu";
import { dataAreasMarker } from "~/realtime/data-area-changes.server";
import { dataAreasStreamUrl } from "~/realtime/data-area-topics";
import { useLiveRefresh } from "~/realtime/ui/use-live-refresh";
import adminHref from "~/styles/admin.css";
import { AdminShell } from "~/ui/admin-shell";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminHref }];

export const meta: MetaFunction = () => [{ title: "Admin · Gavel" }];

/**
 * Every admin route needs a team member of the current event, and loads these data areas and the side menu of the
 * screens the person's role opens.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId, user, role } = await requireTeamMember(request);
  // The marker first: a change committed while the areas are read then shows as a newer marker on the stream.
  const marker = await dataAreasMarker(db, eventId, user.usr_id);
  const menu = adminMenus(request, role).side();
  return { eventId, marker, menu, areas: await loadDataAreas(ADMIN_AREAS, eventId) };
}

export const shouldRevalidate = revalidateOnSubmitOrEventChange;

/**
 * Every admin screen, the dashboard and the events included, has the one header and side menu (app/ui/admin-shell).
 * The data areas stay current. The layout follows the event's data-area stream; when another team member
 * changes the event, its team or its people, every loader of the page runs again (the layouts' too, as their
 * shouldRevalidate sees the newer marker), so the screen shows it within about a second, and a person who lost
 * their place on the team is taken out by the loaders' own checks.
 */
export default function Admin() {
  const { eventId, marker, menu } = useLoaderData<typeof loader>();
  useEffect(() => dataAreasShown(marker), [marker]);
  useLiveRefresh(dataAreasStreamUrl(eventId), marker, reportMarker);
  return (
    <AdminShell menu={<SideMenu entries={menu} />}>
      <Outlet />
    </AdminShell>
  );
}

function reportMarker(data: unknown) {
  const marker = (data as { marker?: unknown } | null)?.marker;
  if (typeof marker === "string") dataAreasReported(marker);
}
