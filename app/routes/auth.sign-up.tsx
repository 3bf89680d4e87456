import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useRef } from "react";
import { getSignedInUser } from "~/auth/access.server";
import { heldDeviceKey } from "~/auth/devices.server";
import { isGoogleSignInEnabled } from "~/auth/google.server";
import { clientWords, retryAfterSeconds, waitText } from "~/auth/pacing.server";
import { SIGN_UP_FORM, signUpSchema } from "~/auth/person-fields";
import { safeRedirect } from "~/auth/safe-redirect";
import { requestSignUp } from "~/auth/sign-up.server";
import { useSignInEvent } from "~/auth/ui/auth-layout";
import { AccountEmailField, GoogleSignInOption } from "~/auth/ui/sign-in-forms";
import { parseForm, replyFor } from "~/forms/form-contract";
import { readPostedForm } from "~/forms/posted-form.server";
import { answerForm, refuseSubmission } from "~/forms/reply.server";
import { formProps, useContractForm } from "~/forms/use-contract-form";
import { publicOrigin } from "~/security/request.server";
import { Button } from "~/ui/button";
import { useFocusFirstError } from "~/ui/use-focus-first-error";

export const meta: MetaFunction = () => [{ title: "Create an account · Gavel" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const returnTo = safeRedirect(new URL(request.url).searchParams.get("returnTo"));
  if ((await getSignedInUser(request)) !== undefined) throw redirect(returnTo);
  return { returnTo, googleEnabled: isGoogleSignInEnabled() };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readPostedForm(request);
  const submission = parseForm(form, signUpSchema);
  const now = new Date();
  return answerForm(SIGN_UP_FORM, submission, async ({ email }) => {
    // The same answer whatever the address (see sign-up.server.ts): what happens next is in the email.
    const result = await requestSignUp({
      email,
      origin: publicOrigin(request),
      returnTo: safeRedirect(form.get("returnTo")),
      device: await heldDeviceKey(request),
      ip: context.clientAddress,
      now,
    });
    if (result.ok) return redirect("/auth/check-email?for=sign-up");
    return refuseSubmission(
      SIGN_UP_FORM,
      submission,
      {
        formErrors: [
          `Many accounts were asked for from ${clientWords(result.block.scope)} just now. Try again in ${waitText(result.block.retryAt, now)}.`,
        ],
      },
      { status: 429, headers: { "Retry-After": retryAfterSeconds(result.block.retryAt, now) } },
    );
  });
}

export default function SignUp() {
  const { returnTo, googleEnabled } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { form, fields } = useContractForm({ id: SIGN_UP_FORM, schema: signUpSchema, reply });
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, replyFor(reply, SIGN_UP_FORM));
  const event = useSignInEvent();
  return (
    <>
      <h1>{event ? "Create your account" : "Create your Gavel account"}</h1>
      <p className="muted">Enter your email address and we will send you a link to choose your password.</p>
      <div className="auth-panel">
        <GoogleSignInOption enabled={googleEnabled} returnTo={returnTo} />
        <Form method="post" ref={formRef} className="stack" {...formProps(form)}>
          <input type="hidden" name="returnTo" value={returnTo} />
          <AccountEmailField meta={fields.email} autoComplete="email" />
          <div>
            <Button type="submit" variant="primary">
              Send me the link
            </Button>
          </div>
        </Form>
      </div>
      <p className="auth-after">
        Already have an account?{" "}
        <Link to={returnTo === "/" ? "/auth/sign-in" : `/auth/sign-in?returnTo=${encodeURIComponent(returnTo)}`}>
          Sign in
        </Link>
      </p>
    </>
  );
}
