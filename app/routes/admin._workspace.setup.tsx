import { Outlet } from "@remix-run/react";
import { requireTeamMember } from "~/auth/access.server";
import { loadDataAreas, SETUP_AREAS } from "~/data-areas/sets.server";
import { revalidateOnSubmitOrEventChange } from "~/navigation/layout-revalidation";
import type { LoaderFunctionArgs } from "@remix-run/node";

/**
 * /admin/setup: loads the data areas of paths containing setup; its screens read them with
 * useRouteLoaderData("routes/admin._workspace.setup"). Any team member passes here: each setup screen checks its
 * own permission (can_configure_event; branding: can_design).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId } = await requireTeamMember(request);
  return { eventId, areas: await loadDataAreas(SETUP_AREAS, eventId) };
}

export const shouldRevalidate = revalidateOnSubmitOrEventChange;

export default function SetupLayout() {
  return <Outlet />;
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
