import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { isGoogleSignInEnabled, startGoogleSignIn } from "~/auth/google.server";
import { safeRedirect } from "~/auth/safe-redirect";
import { readPostedForm } from "~/forms/posted-form.server";

// POST /auth/google: off to the provider (Google, or the stand-in the tests configure). See auth/google.server.ts.

export async function action({ request }: ActionFunctionArgs) {
  if (!isGoogleSignInEnabled()) throw new Response("Google sign-in is not configured", { status: 404 });
  const form = await readPostedForm(request);
  return startGoogleSignIn(request, safeRedirect(form.get("returnTo")));
}

// Starting a sign-in is a form post; an address typed in leads to the sign-in page.
export const loader = () => redirect("/auth/sign-in");
