import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { getSignedInUser } from "~/auth/access.server";
import { safeRedirect } from "~/auth/safe-redirect";
import { endEverySession, signOutRedirect } from "~/auth/session.server";
import { db } from "~/db.server";
import { readPostedForm } from "~/forms/posted-form.server";

// POST /auth/sign-out ends the session. Only a post does: a link or an image elsewhere cannot sign anyone out.
// With everywhere=1 it ends the user's sessions in every browser too (a lost phone, a shared computer).

export async function action({ request }: ActionFunctionArgs) {
  const form = await readPostedForm(request);
  if (form.get("everywhere") === "1") {
    const user = await getSignedInUser(request);
    if (user) await db.transaction((tx) => endEverySession(tx, user.usr_id));
  }
  return signOutRedirect(request, safeRedirect(form.get("returnTo")));
}

export const loader = () => redirect("/");
