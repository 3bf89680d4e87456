import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireEventPermission } from "~/auth/access.server";

// /admin/eric has no page of its own: it opens on the lab's home, on the same event.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireEventPermission(request, "can_design");
  return redirect(`/admin/eric/home${new URL(request.url).search}`);
}
