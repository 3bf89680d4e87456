import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { getSignedInUser } from "~/auth/access.server";
import { useSignInEvent } from "~/auth/auth-layout";
import { isGoogleSignInEnabled } from "~/auth/google.server";
import { signInWithPassword } from "~/auth/password-sign-in.server";
import { emailField } from "~/auth/person-fields";
import { safeRedirect } from "~/auth/safe-redirect";
import { signedInRedirect } from "~/auth/session.server";
import { GoogleSignInOption, SignInForm } from "~/auth/sign-in-forms";
import { minutesUntil } from "~/auth/sign-in-limits.server";
import { readPostedForm } from "~/forms/posted-form.server";

export const meta: MetaFunction = () => [{ title: "Sign in · Gavel" }];

const signInSchema = z.object({
  email: emailField,
  password: z.string().min(1, "Enter your password."),
});

type FormErrors = { email?: string[]; password?: string[]; form?: string };

const refused = (errors: FormErrors, values: { email: string }, init: ResponseInit = { status: 400 }) =>
  data({ errors, values }, init);

export async function loader({ request }: LoaderFunctionArgs) {
  const returnTo = safeRedirect(new URL(request.url).searchParams.get("returnTo"));
  if ((await getSignedInUser(request)) !== undefined) throw redirect(returnTo);
  return { returnTo, googleEnabled: isGoogleSignInEnabled() };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readPostedForm(request);
  const returnTo = safeRedirect(form.get("returnTo"));
  const values = { email: String(form.get("email") ?? "") };
  const parsed = signInSchema.safeParse({ ...values, password: form.get("password") ?? "" });
  if (!parsed.success) {
    return refused(parsed.error.flatten().fieldErrors, values);
  }
  const now = new Date();
  const result = await signInWithPassword({ ...parsed.data, ip: context.clientAddress, now });
  if (result.ok) return signedInRedirect(request, result.usrId, returnTo);
  if (result.reason === "blocked") {
    const minutes = minutesUntil(result.block.retryAt, now);
    const wait = `Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}`;
    const message =
      result.block.scope === "account"
        ? `Too many attempts to sign in with this email address. ${wait}, or sign in with a code sent to your email.`
        : `Too many sign-in attempts from your network. ${wait}, or sign in with a code sent to your email.`;
    return refused({ form: message }, values, {
      status: 429,
      headers: { "Retry-After": String(Math.ceil((result.block.retryAt.getTime() - now.getTime()) / 1000)) },
    });
  }
  return refused({ form: "The email address or password is not right." }, values);
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
        <SignInForm returnTo={returnTo} email={actionData?.values.email} errors={actionData?.errors} />
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
