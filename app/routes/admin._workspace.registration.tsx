import { Outlet } from "@remix-run/react";
import { requireTeamMember } from "~/auth/access.server";
import { loadDataAreas, REGISTRATION_AREAS } from "~/data-areas/sets.server";
import { dataGridLinks } from "~/grid/ui/data-grid";
import { revalidateOnSubmitOrEventChange } from "~/navigation/layout-revalidation";
import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";

/**
 * /admin/registration: loads the data areas of paths containing /registration/; its screens read
 * them with useRouteLoaderData("routes/admin._workspace.registration"). Any team member passes here: each screen
 * checks can_register (check-in: can_check_in_out) itself.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId } = await requireTeamMember(request);
  return { eventId, areas: await loadDataAreas(REGISTRATION_AREAS, eventId) };
}

export const shouldRevalidate = revalidateOnSubmitOrEventChange;

export const links: LinksFunction = () => dataGridLinks();

export default function RegistrationLayout() {
  return <Outlet />;
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
