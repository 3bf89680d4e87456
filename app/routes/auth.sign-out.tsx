import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { safeRedirect, signOutRedirect } from "~/auth/session.server";

// POST /auth/sign-out ends the session. Only a post does: a link or an image elsewhere cannot sign anyone out.

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  return signOutRedirect(request, safeRedirect(form.get("returnTo")));
}

export const loader = () => redirect("/");
