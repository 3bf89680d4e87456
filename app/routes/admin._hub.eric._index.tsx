import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireTeamMember } from "~/auth/access.server";

// /admin/eric has no page of its own: it opens on its first tab, on the same event.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireTeamMember(request);
  return redirect(`/admin/eric/components${new URL(request.url).search}`);
}
