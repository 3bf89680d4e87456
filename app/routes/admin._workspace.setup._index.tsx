import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireTeamMember } from "~/auth/access.server";
import { adminMenus } from "~/navigation/admin-navigation.server";

/**
 * /admin/setup has no page of its own: it opens the first setup screen the person's role may use, or the admin
 * home when there is none.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { role } = await requireTeamMember(request);
  const setup = adminMenus(request, role)
    .workspace()
    .find((section) => section.path === "/admin/setup");
  return redirect(setup ? setup.screens[0].to : `/admin${new URL(request.url).search}`);
}
