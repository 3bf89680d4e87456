import { redirect, type ActionFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData } from "@remix-run/react";
import { useRef } from "react";
import { requestPasswordReset } from "~/auth/password-reset.server";
import { FORGOT_PASSWORD_FORM, forgotPasswordSchema } from "~/auth/person-fields";
import { AccountEmailField } from "~/auth/ui/sign-in-forms";
import { parseForm, replyFor } from "~/forms/form-contract";
import { readPostedForm } from "~/forms/posted-form.server";
import { answerForm } from "~/forms/reply.server";
import { formProps, useContractForm } from "~/forms/use-contract-form";
import { publicOrigin } from "~/security/request.server";
import { Button } from "~/ui/button";
import { useFocusFirstError } from "~/ui/use-focus-first-error";

export const meta: MetaFunction = () => [{ title: "Forgot your password? · Gavel" }];

export async function action({ request }: ActionFunctionArgs) {
  const submission = parseForm(await readPostedForm(request), forgotPasswordSchema);
  return answerForm(FORGOT_PASSWORD_FORM, submission, async ({ email }) => {
    // The same answer for every address, with or without an account.
    await requestPasswordReset({ email, origin: publicOrigin(request) });
    return redirect("/auth/check-email?for=password-reset");
  });
}

export default function ForgotPassword() {
  const reply = useActionData<typeof action>();
  const { form, fields } = useContractForm({ id: FORGOT_PASSWORD_FORM, schema: forgotPasswordSchema, reply });
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, replyFor(reply, FORGOT_PASSWORD_FORM));
  return (
    <>
      <h1>Forgot your password?</h1>
      <p className="muted">
        Enter the email address you sign in with. We will send you a link to choose a new password.
      </p>
      <div className="auth-panel">
        <Form method="post" ref={formRef} className="stack" {...formProps(form)}>
          <AccountEmailField meta={fields.email} autoComplete="username" />
          <div>
            <Button type="submit" variant="primary">
              Send me a link
            </Button>
          </div>
        </Form>
      </div>
      <p className="auth-after">
        Remembered it? <Link to="/auth/sign-in">Sign in</Link>
      </p>
    </>
  );
}
