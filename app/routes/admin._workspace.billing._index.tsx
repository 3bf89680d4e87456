import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireTeamMember } from "~/auth/access.server";
import { adminMenus } from "~/navigation/admin-navigation.server";

/**
 * /admin/billing has no page of its own: it opens the first screen of the section the person's role may use, or the
 * admin home when there is none.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { role } = await requireTeamMember(request);
  const section = adminMenus(request, role)
    .workspace()
    .find((candidate) => candidate.path === "/admin/billing");
  return redirect(section ? section.screens[0].to : `/admin${new URL(request.url).search}`);
}
