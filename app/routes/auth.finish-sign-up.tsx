import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useRef } from "react";
import { FINISH_SIGN_UP_FORM, newAccountSchema } from "~/auth/person-fields";
import { safeRedirect } from "~/auth/safe-redirect";
import { signedInCookies } from "~/auth/session.server";
import { finishSignUp, signUpLinkEmail } from "~/auth/sign-up.server";
import { ExpiredLink, NewAccountFields } from "~/auth/ui/account-forms";
import { formErrorOf, parseForm, replyFor } from "~/forms/form-contract";
import { readPostedForm } from "~/forms/posted-form.server";
import { refuseForm, refuseSubmission } from "~/forms/reply.server";
import { formProps, useContractForm } from "~/forms/use-contract-form";
import { redirectWithToast } from "~/http/toast.server";
import { Button } from "~/ui/button";
import { FormAlert } from "~/ui/form-alert";
import { useFocusFirstError } from "~/ui/use-focus-first-error";

export const meta: MetaFunction = () => [{ title: "Choose your password · Gavel" }];

/** The password is never sent back. */
const hideFields = ["password"];

export async function loader({ request }: LoaderFunctionArgs) {
  const email = await signUpLinkEmail(new URL(request.url).searchParams.get("token"));
  // 410 Gone: the link has been used or has expired (or never existed), and asking again will not help.
  return data({ email: email ?? null }, { status: email ? 200 : 410 });
}

export async function action({ request }: ActionFunctionArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token") ?? "";
  const submission = parseForm(await readPostedForm(request), newAccountSchema);
  if (submission.status !== "success") return refuseSubmission(FINISH_SIGN_UP_FORM, submission, { hideFields });

  const result = await finishSignUp({ token, ...submission.value });
  if (result.ok) {
    return redirectWithToast(
      safeRedirect(url.searchParams.get("returnTo")),
      { title: "Welcome to Gavel", description: "Your account is ready and you are signed in." },
      { headers: await signedInCookies(request, result.usrId) },
    );
  }
  if (result.reason === "bad-password") {
    return refuseSubmission(FINISH_SIGN_UP_FORM, submission, {
      fieldErrors: { password: [result.message] },
      hideFields,
    });
  }
  return refuseForm(
    FINISH_SIGN_UP_FORM,
    "This link has been used or has expired. Sign up again to get a new one.",
    "",
    410,
  );
}

export default function FinishSignUp() {
  const { email } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { form, fields } = useContractForm({ id: FINISH_SIGN_UP_FORM, schema: newAccountSchema, reply });
  const refusal = replyFor(reply, FINISH_SIGN_UP_FORM);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, refusal);

  if (!email) return <ExpiredLink rule="Sign-up links work once, for 24 hours." newLinkTo="/auth/sign-up" />;
  return (
    <>
      <h1>Choose your password</h1>
      <p className="muted">Last step: your name and a password for {email}.</p>
      <div className="auth-panel">
        <Form method="post" ref={formRef} className="stack" {...formProps(form)}>
          {formErrorOf(refusal) ? <FormAlert>{formErrorOf(refusal)}</FormAlert> : null}
          <NewAccountFields email={email} fields={fields} />
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
