import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { finishGoogleSignIn, isGoogleSignInEnabled } from "~/auth/google.server";
import { safeRedirect } from "~/auth/safe-redirect";
import { signedInCookies } from "~/auth/session.server";
import { redirectWithToast } from "~/http/toast.server";

// GET /auth/google/callback: where the provider sends the person back (the OAuth redirect URI).

export async function loader({ request }: LoaderFunctionArgs) {
  if (!isGoogleSignInEnabled()) throw new Response("Google sign-in is not configured", { status: 404 });
  const result = await finishGoogleSignIn(request);
  if (!result.ok) {
    return redirectWithToast(
      "/",
      { type: "error", title: "Not signed in", description: result.message },
      { headers: result.headers },
    );
  }
  for (const cookie of (await signedInCookies(request, result.usrId)).getSetCookie()) {
    result.headers.append("Set-Cookie", cookie);
  }
  return redirect(safeRedirect(result.returnTo), { headers: result.headers });
}
