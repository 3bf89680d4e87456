import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useRef } from "react";
import { z } from "zod";
import { ExpiredLink, NewAccountFields } from "~/auth/account-forms";
import { newPasswordField } from "~/auth/password-rules";
import { optionalNameField } from "~/auth/person-fields";
import { safeRedirect } from "~/auth/safe-redirect";
import { signedInSessionCookie } from "~/auth/session.server";
import { finishSignUp, signUpLinkEmail } from "~/auth/sign-up.server";
import { readPostedForm } from "~/forms/posted-form.server";
import { Button } from "~/ui/button";
import { FormAlert } from "~/ui/form-alert";
import { redirectWithToast } from "~/ui/toast.server";
import { useFocusFirstError } from "~/ui/use-focus-first-error";

export const meta: MetaFunction = () => [{ title: "Choose your password · Gavel" }];

const finishSignUpSchema = z.object({
  firstName: optionalNameField,
  lastName: optionalNameField,
  password: newPasswordField,
});

type FormErrors = Partial<Record<"firstName" | "lastName" | "password" | "form", string[]>>;
type FormValues = { firstName: string; lastName: string };

const refused = (errors: FormErrors, values: FormValues, status = 400) => data({ errors, values }, { status });

export async function loader({ request }: LoaderFunctionArgs) {
  const email = await signUpLinkEmail(new URL(request.url).searchParams.get("token"));
  // 410 Gone: the link has been used or has expired (or never existed), and asking again will not help.
  return data({ email: email ?? null }, { status: email ? 200 : 410 });
}

export async function action({ request }: ActionFunctionArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token") ?? "";
  const form = await readPostedForm(request);
  const values = { firstName: String(form.get("firstName") ?? ""), lastName: String(form.get("lastName") ?? "") };
  const parsed = finishSignUpSchema.safeParse({ ...values, password: form.get("password") ?? "" });
  if (!parsed.success) return refused(parsed.error.flatten().fieldErrors, values);

  const result = await finishSignUp({ token, ...parsed.data });
  if (result.ok) {
    return redirectWithToast(
      safeRedirect(url.searchParams.get("returnTo")),
      { title: "Welcome to Gavel", description: "Your account is ready and you are signed in." },
      { headers: { "Set-Cookie": await signedInSessionCookie(request, result.usrId) } },
    );
  }
  if (result.reason === "bad-password") return refused({ password: [result.message] }, values);
  return refused({ form: ["This link has been used or has expired. Sign up again to get a new one."] }, values, 410);
}

export default function FinishSignUp() {
  const { email } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const formRef = useRef<HTMLFormElement>(null);
  const errors = actionData?.errors;
  useFocusFirstError(formRef, errors);

  if (!email) return <ExpiredLink rule="Sign-up links work once, for 24 hours." newLinkTo="/auth/sign-up" />;
  return (
    <>
      <h1>Choose your password</h1>
      <p className="muted">Last step: your name and a password for {email}.</p>
      <div className="auth-panel">
        <Form method="post" ref={formRef} className="stack" noValidate>
          {errors?.form ? <FormAlert>{errors.form[0]}</FormAlert> : null}
          <NewAccountFields email={email} errors={errors} values={actionData?.values} />
          <div>
            <Button type="submit" variant="primary">
              Create my account
            </Button>
          </div>
        </Form>
      </div>
    </>
  );
}
