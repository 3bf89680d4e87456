import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { getSignedInUser } from "~/auth/access.server";
import { heldDeviceKey } from "~/auth/devices.server";
import { isGoogleSignInEnabled } from "~/auth/google.server";
import { retryAfterSeconds, waitText } from "~/auth/pacing.server";
import { signInWithPassword } from "~/auth/password-sign-in.server";
import { SIGN_IN_FORM, signInSchema } from "~/auth/person-fields";
import { safeRedirect } from "~/auth/safe-redirect";
import { signedInRedirect } from "~/auth/session.server";
import { useSignInEvent } from "~/auth/ui/auth-layout";
import { GoogleSignInOption, SignInForm } from "~/auth/ui/sign-in-forms";
import { parseForm } from "~/forms/form-contract";
import { readPostedForm } from "~/forms/posted-form.server";
import { refuseSubmission } from "~/forms/reply.server";
import type { SignInBlock } from "~/auth/sign-in-limits.server";

export const meta: MetaFunction = () => [{ title: "Sign in · Gavel" }];

/** The password is never sent back. */
const hideFields = ["password"];

export async function loader({ request }: LoaderFunctionArgs) {
  const returnTo = safeRedirect(new URL(request.url).searchParams.get("returnTo"));
  if ((await getSignedInUser(request)) !== undefined) throw redirect(returnTo);
  return { returnTo, googleEnabled: isGoogleSignInEnabled() };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readPostedForm(request);
  const returnTo = safeRedirect(form.get("returnTo"));
  const submission = parseForm(form, signInSchema);
  if (submission.status !== "success") return refuseSubmission(SIGN_IN_FORM, submission, { hideFields });
  const now = new Date();
  const device = await heldDeviceKey(request);
  const result = await signInWithPassword({ ...submission.value, ip: context.clientAddress, device, now });
  if (result.ok) return signedInRedirect(request, result.usrId, returnTo);
  if (result.reason === "blocked") {
    return refuseSubmission(
      SIGN_IN_FORM,
      submission,
      { formErrors: [passwordBlockMessage(result.block, now)], hideFields },
      { status: 429, headers: { "Retry-After": retryAfterSeconds(result.block.retryAt, now) } },
    );
  }
  return refuseSubmission(SIGN_IN_FORM, submission, {
    formErrors: ["The email address or password is not right."],
    hideFields,
  });
}

/** Why a password sign-in must wait, and the way in that does not: a code sent to the owner's inbox. */
function passwordBlockMessage(block: SignInBlock, now: Date) {
  const wait = `Try again in ${waitText(block.retryAt, now)}, or sign in with a code sent to your email.`;
  switch (block.scope) {
    case "account":
      return `Many wrong passwords were tried for this email address just now. ${wait}`;
    case "device":
      return `Many wrong passwords or codes were typed in this browser just now. ${wait}`;
    case "address":
      return `Many sign-in attempts came from your network just now. ${wait}`;
  }
}

export default function SignIn() {
  const { returnTo, googleEnabled } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const event = useSignInEvent();
  return (
    <>
      <h1>{event ? "Sign in" : "Sign in to Gavel"}</h1>
      <p className="muted">
        {event ? `To bid, give and follow your bids at ${event.title}.` : "For organisers and their teams."}
      </p>
      <div className="auth-panel">
        <GoogleSignInOption enabled={googleEnabled} returnTo={returnTo} />
        <SignInForm returnTo={returnTo} reply={actionData} />
        <p>
          No password? <Link to={`/auth/code?returnTo=${encodeURIComponent(returnTo)}`}>Email me a sign-in code</Link>
        </p>
      </div>
      <p className="auth-after">
        {event ? "First time here?" : "New to Gavel?"}{" "}
        <Link to={`/auth/sign-up?returnTo=${encodeURIComponent(returnTo)}`}>Create an account</Link>
      </p>
    </>
  );
}
