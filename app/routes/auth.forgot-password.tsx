import { data, redirect, type ActionFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData } from "@remix-run/react";
import { useRef } from "react";
import { z } from "zod";
import { requestPasswordReset } from "~/auth/password-reset.server";
import { emailField } from "~/auth/person-fields";
import { AccountEmailField } from "~/auth/sign-in-forms";
import { readPostedForm } from "~/forms/posted-form.server";
import { publicOrigin } from "~/security/request.server";
import { Button } from "~/ui/button";
import { useFocusFirstError } from "~/ui/use-focus-first-error";

export const meta: MetaFunction = () => [{ title: "Forgot your password? · Gavel" }];

const forgotPasswordSchema = z.object({
  email: emailField,
});

export async function action({ request }: ActionFunctionArgs) {
  const form = await readPostedForm(request);
  const values = { email: String(form.get("email") ?? "") };
  const parsed = forgotPasswordSchema.safeParse(values);
  if (!parsed.success) return data({ errors: parsed.error.flatten().fieldErrors, values }, { status: 400 });
  // The same answer for every address, with or without an account.
  await requestPasswordReset({ email: parsed.data.email, origin: publicOrigin(request) });
  return redirect("/auth/check-email?for=password-reset");
}

export default function ForgotPassword() {
  const actionData = useActionData<typeof action>();
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, actionData?.errors);
  return (
    <>
      <h1>Forgot your password?</h1>
      <p className="muted">
        Enter the email address you sign in with. We will send you a link to choose a new password.
      </p>
      <div className="auth-panel">
        <Form method="post" ref={formRef} className="stack" noValidate>
          <AccountEmailField
            error={actionData?.errors.email?.[0]}
            defaultValue={actionData?.values.email}
            autoComplete="username"
          />
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
