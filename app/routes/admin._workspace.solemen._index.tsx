import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireTeamMember } from "~/auth/access.server";
import { adminMenus } from "~/navigation/admin-navigation.server";

/** /admin/solemen has no page of its own: it opens the donations when the person's role may, else the admin home. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { role } = await requireTeamMember(request);
  const section = adminMenus(request, role)
    .workspace()
    .find((candidate) => candidate.path === "/admin/solemen");
  return redirect(section ? section.screens[0].to : `/admin${new URL(request.url).search}`);
}
