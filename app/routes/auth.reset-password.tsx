import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useRef } from "react";
import { z } from "zod";
import { ExpiredLink } from "~/auth/account-forms";
import { resetLinkEmail, resetPassword } from "~/auth/password-reset.server";
import { newPasswordField, PASSWORD_HELP } from "~/auth/password-rules";
import { signedInSessionCookie } from "~/auth/session.server";
import { readPostedForm } from "~/forms/posted-form.server";
import { Button } from "~/ui/button";
import { Field } from "~/ui/field";
import { FormAlert } from "~/ui/form-alert";
import { redirectWithToast } from "~/ui/toast.server";
import { useFocusFirstError } from "~/ui/use-focus-first-error";

export const meta: MetaFunction = () => [{ title: "Choose a new password · Gavel" }];

const resetPasswordSchema = z.object({ password: newPasswordField });

type FormErrors = Partial<Record<"password" | "form", string[]>>;
const refused = (errors: FormErrors, status = 400) => data({ errors }, { status });

export async function loader({ request }: LoaderFunctionArgs) {
  const email = await resetLinkEmail(new URL(request.url).searchParams.get("token"));
  return data({ email: email ?? null }, { status: email ? 200 : 410 });
}

export async function action({ request }: ActionFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const form = await readPostedForm(request);
  const parsed = resetPasswordSchema.safeParse({ password: form.get("password") ?? "" });
  if (!parsed.success) return refused(parsed.error.flatten().fieldErrors);

  const result = await resetPassword({ token, password: parsed.data.password });
  if (result.ok) {
    return redirectWithToast(
      "/",
      { title: "Your password has been changed", description: "You are signed in with your new password." },
      { headers: { "Set-Cookie": await signedInSessionCookie(request, result.usrId) } },
    );
  }
  if (result.reason === "bad-password") return refused({ password: [result.message] });
  return refused({ form: ["This link has been used or has expired. Ask for a new one."] }, 410);
}

export default function ResetPassword() {
  const { email } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, actionData?.errors);

  if (!email) {
    return <ExpiredLink rule="Password reset links work once, for 1 hour." newLinkTo="/auth/forgot-password" />;
  }
  return (
    <>
      <h1>Choose a new password</h1>
      <p className="muted">For {email}.</p>
      <div className="auth-panel">
        <Form method="post" ref={formRef} className="stack" noValidate>
          {actionData?.errors.form ? <FormAlert>{actionData.errors.form[0]}</FormAlert> : null}
          <input type="email" name="username" value={email} autoComplete="username" readOnly hidden />
          <Field label="New password" help={PASSWORD_HELP} error={actionData?.errors.password?.[0]}>
            {(control) => <input {...control} type="password" name="password" autoComplete="new-password" required />}
          </Field>
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
