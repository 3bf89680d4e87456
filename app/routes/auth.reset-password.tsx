import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useRef } from "react";
import { resetLinkEmail, resetPassword } from "~/auth/password-reset.server";
import { RESET_PASSWORD_FORM, resetPasswordSchema } from "~/auth/person-fields";
import { signedInCookies } from "~/auth/session.server";
import { ExpiredLink, NewPasswordField } from "~/auth/ui/account-forms";
import { formErrorOf, parseForm, replyFor } from "~/forms/form-contract";
import { readPostedForm } from "~/forms/posted-form.server";
import { refuseForm, refuseSubmission } from "~/forms/reply.server";
import { formProps, useContractForm } from "~/forms/use-contract-form";
import { redirectWithToast } from "~/http/toast.server";
import { Button } from "~/ui/button";
import { FormAlert } from "~/ui/form-alert";
import { useFocusFirstError } from "~/ui/use-focus-first-error";

export const meta: MetaFunction = () => [{ title: "Choose a new password · Gavel" }];

/** The password is never sent back. */
const hideFields = ["password"];

export async function loader({ request }: LoaderFunctionArgs) {
  const email = await resetLinkEmail(new URL(request.url).searchParams.get("token"));
  return data({ email: email ?? null }, { status: email ? 200 : 410 });
}

export async function action({ request }: ActionFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const submission = parseForm(await readPostedForm(request), resetPasswordSchema);
  if (submission.status !== "success") return refuseSubmission(RESET_PASSWORD_FORM, submission, { hideFields });

  const result = await resetPassword({ token, password: submission.value.password });
  if (result.ok) {
    return redirectWithToast(
      "/",
      { title: "Your password has been changed", description: "You are signed in with your new password." },
      { headers: await signedInCookies(request, result.usrId) },
    );
  }
  if (result.reason === "bad-password") {
    return refuseSubmission(RESET_PASSWORD_FORM, submission, {
      fieldErrors: { password: [result.message] },
      hideFields,
    });
  }
  return refuseForm(RESET_PASSWORD_FORM, "This link has been used or has expired. Ask for a new one.", "", 410);
}

export default function ResetPassword() {
  const { email } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { form, fields } = useContractForm({ id: RESET_PASSWORD_FORM, schema: resetPasswordSchema, reply });
  const refusal = replyFor(reply, RESET_PASSWORD_FORM);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, refusal);

  if (!email) {
    return <ExpiredLink rule="Password reset links work once, for 1 hour." newLinkTo="/auth/forgot-password" />;
  }
  return (
    <>
      <h1>Choose a new password</h1>
      <p className="muted">For {email}.</p>
      <div className="auth-panel">
        <Form method="post" ref={formRef} className="stack" {...formProps(form)}>
          {formErrorOf(refusal) ? <FormAlert>{formErrorOf(refusal)}</FormAlert> : null}
          <input type="email" name="username" value={email} autoComplete="username" readOnly hidden />
          <NewPasswordField label="New password" meta={fields.password} />
          <div>
            <Button type="submit" variant="primary">
              Change my password
            </Button>
          </div>
        </Form>
      </div>
    </>
  );
}
