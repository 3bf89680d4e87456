import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useRef } from "react";
import { z } from "zod";
import { getSignedInUser } from "~/auth/access.server";
import { emailField, optionalNameField } from "~/auth/person-fields";
import { safeRedirect } from "~/auth/safe-redirect";
import { getSession, sessionStorage, signedInRedirect } from "~/auth/session.server";
import { requestSignInCode, verifySignInCode, type CodeRequestBlock } from "~/auth/sign-in-code.server";
import { readCode, SIGN_IN_CODE } from "~/auth/sign-in-codes.server";
import { AccountEmailField } from "~/auth/sign-in-forms";
import { minutesUntil, type SignInBlock } from "~/auth/sign-in-limits.server";
import { db } from "~/db.server";
import { readPostedForm } from "~/forms/posted-form.server";
import { Button } from "~/ui/button";
import { Field } from "~/ui/field";
import { FormAlert } from "~/ui/form-alert";
import { redirectWithToast } from "~/ui/toast.server";
import { useFocusFirstError } from "~/ui/use-focus-first-error";

export const meta: MetaFunction = () => [{ title: "Sign in with a code · Gavel" }];

/** The address a code was sent to, kept in the session between the two steps (not in the page's address). */
const PENDING_EMAIL_KEY = "signInCodeEmail";

const emailSchema = z.object({ email: emailField });
const namesSchema = z.object({ first_name: optionalNameField, last_name: optionalNameField });

type Errors = { email?: string[]; code?: string[]; first_name?: string[]; last_name?: string[]; form?: string };
type Values = { email?: string; first_name?: string; last_name?: string };

const refused = (errors: Errors, values: Values = {}, init: ResponseInit = { status: 400 }) =>
  data({ errors, values }, init);

const here = (returnTo: string) =>
  returnTo === "/" ? "/auth/code" : `/auth/code?returnTo=${encodeURIComponent(returnTo)}`;

/**
 * /auth/code: sign in with a code sent by email, 6 digits or a team member's 10 (app/auth/sign-in-code.server.ts).
 * Step one asks for the address; step two, on the same page, for the code (and, optionally, a name). `returnTo` (a
 * path of this site) is where a successful sign-in goes, such as the bidding page that sent the person here.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const returnTo = safeRedirect(new URL(request.url).searchParams.get("returnTo"));
  if ((await getSignedInUser(request)) !== undefined) throw redirect(returnTo);
  const pending = (await getSession(request)).get(PENDING_EMAIL_KEY);
  return { returnTo, email: typeof pending === "string" ? pending : null, lifetime: SIGN_IN_CODE.lifetimeText };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readPostedForm(request);
  const returnTo = safeRedirect(form.get("returnTo"));
  const session = await getSession(request);
  const pending = session.get(PENDING_EMAIL_KEY) as string | undefined;
  const now = new Date();

  const send = async (email: string, again: boolean) => {
    const result = await requestSignInCode(db, { email, ip: context.clientAddress, now });
    if (!result.ok)
      return refused({ form: requestBlockMessage(result.block, now) }, { email }, tooMany(result.block, now));
    session.set(PENDING_EMAIL_KEY, email);
    const headers = { "Set-Cookie": await sessionStorage.commitSession(session) };
    if (!again) return redirect(here(returnTo), { headers });
    return redirectWithToast(
      here(returnTo),
      { title: "A new code is on its way", description: "Use the newest one: it replaces the others." },
      { headers },
    );
  };

  switch (form.get("intent")) {
    case "send": {
      const values = { email: String(form.get("email") ?? "") };
      const parsed = emailSchema.safeParse(values);
      if (!parsed.success) return refused(parsed.error.flatten().fieldErrors, values);
      return send(parsed.data.email, false);
    }
    case "resend": {
      if (!pending) return redirect(here(returnTo));
      return send(pending, true);
    }
    case "restart": {
      session.unset(PENDING_EMAIL_KEY);
      return redirect(here(returnTo), { headers: { "Set-Cookie": await sessionStorage.commitSession(session) } });
    }
    case "verify": {
      // The session lost the address (another tab started over, or cookies were cleared): back to step one.
      if (!pending) return redirect(here(returnTo));
      const values = {
        first_name: String(form.get("first_name") ?? ""),
        last_name: String(form.get("last_name") ?? ""),
      };
      const names = namesSchema.safeParse(values);
      const code = readCode(form.get("code"));
      if (!names.success || code === undefined) {
        return refused(
          {
            ...(names.success ? {} : names.error.flatten().fieldErrors),
            ...(code === undefined ? { code: ["Enter the code from the email: its 6 or 10 digits."] } : {}),
          },
          values,
        );
      }
      const result = await verifySignInCode(db, {
        email: pending,
        code,
        names: { firstName: names.data.first_name, lastName: names.data.last_name },
        ip: context.clientAddress,
        now,
      });
      if (result.ok) return signedInRedirect(request, result.usrId, returnTo, [PENDING_EMAIL_KEY]);
      switch (result.reason) {
        case "wrong":
          return refused(
            {
              code: [
                `That code is not right. You can try ${result.attemptsLeft} more ${result.attemptsLeft === 1 ? "time" : "times"}.`,
              ],
            },
            values,
          );
        case "exhausted":
          return refused({ code: ["Too many wrong tries for this code. Ask for a new code below."] }, values);
        case "no-code":
          return refused(
            { code: ["This code has expired or has already been used. Ask for a new code below."] },
            values,
          );
        case "blocked":
          return refused({ form: signInBlockMessage(result.block, now) }, values, tooMany(result.block, now));
      }
    }
    // Falls through only for an unknown intent.
    default:
      throw new Response("This form does not say what to do.", { status: 400 });
  }
}

function tooMany(block: { retryAt: Date }, now: Date): ResponseInit {
  return {
    status: 429,
    headers: { "Retry-After": String(Math.ceil((block.retryAt.getTime() - now.getTime()) / 1000)) },
  };
}

function wait(retryAt: Date, now: Date) {
  const minutes = minutesUntil(retryAt, now);
  return `Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}`;
}

function requestBlockMessage(block: CodeRequestBlock, now: Date) {
  return block.scope === "email"
    ? `Too many codes or tries for this email address. ${wait(block.retryAt, now)}.`
    : `Too many codes were asked for from your network. ${wait(block.retryAt, now)}.`;
}

function signInBlockMessage(block: SignInBlock, now: Date) {
  return `Too many wrong codes were typed from your network. ${wait(block.retryAt, now)}.`;
}

export default function SignInWithCode() {
  const { returnTo, email } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Sign in with a code</h1>
      {email ? <CodeStep email={email} returnTo={returnTo} /> : <EmailStep returnTo={returnTo} />}
      <p className="auth-after">
        Prefer a password?{" "}
        <Link to={`/auth/sign-in?returnTo=${encodeURIComponent(returnTo)}`}>Sign in with your password</Link>
      </p>
    </>
  );
}

function EmailStep({ returnTo }: { returnTo: string }) {
  const actionData = useActionData<typeof action>();
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, actionData?.errors);
  const sending = useNavigation().formData?.get("intent") === "send";
  return (
    <>
      <p className="muted">We will email you a code. No password needed; new bidders get an account with it.</p>
      <div className="auth-panel">
        <Form method="post" ref={formRef} className="stack auth-form" noValidate>
          <input type="hidden" name="returnTo" value={returnTo} />
          <input type="hidden" name="intent" value="send" />
          {actionData?.errors.form ? <FormAlert>{actionData.errors.form}</FormAlert> : null}
          <AccountEmailField
            error={actionData?.errors.email?.[0]}
            defaultValue={actionData?.values.email}
            autoComplete="email"
          />
          <div className="auth-form__actions">
            <Button type="submit" variant="primary" disabled={sending}>
              {sending ? "Sending…" : "Email me a code"}
            </Button>
          </div>
        </Form>
      </div>
    </>
  );
}

function CodeStep({ email, returnTo }: { email: string; returnTo: string }) {
  const { lifetime } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const errors = actionData?.errors;
  const values = actionData?.values;
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, errors);
  return (
    <>
      <p className="muted" role="status">
        We sent a code to <strong>{email}</strong>. It works for {lifetime}. It can take a minute to arrive; check your
        spam folder too.
      </p>
      <div className="auth-panel">
        <Form method="post" ref={formRef} className="stack auth-form" noValidate>
          <input type="hidden" name="returnTo" value={returnTo} />
          <input type="hidden" name="intent" value="verify" />
          {errors?.form ? <FormAlert>{errors.form}</FormAlert> : null}
          <Field label="Code" error={errors?.code?.[0]}>
            {(control) => (
              <input
                {...control}
                name="code"
                autoComplete="one-time-code"
                inputMode="numeric"
                pattern="[0-9 \-]*"
                // A team member's 10 digits as the email groups them ("12345 67890"), with room for other spacing.
                maxLength={16}
                required
                // The page exists to type this code in (the focus moves to the first error when there is one).
                // eslint-disable-next-line jsx-a11y/no-autofocus
                autoFocus={!errors}
              />
            )}
          </Field>
          <fieldset className="stack">
            <legend className="muted">Your name, if you like (first time here? it tells the team who you are)</legend>
            <Field label="First name" error={errors?.first_name?.[0]}>
              {(control) => (
                <input
                  {...control}
                  name="first_name"
                  autoComplete="given-name"
                  maxLength={100}
                  defaultValue={values?.first_name}
                />
              )}
            </Field>
            <Field label="Last name" error={errors?.last_name?.[0]}>
              {(control) => (
                <input
                  {...control}
                  name="last_name"
                  autoComplete="family-name"
                  maxLength={100}
                  defaultValue={values?.last_name}
                />
              )}
            </Field>
          </fieldset>
          <div className="auth-form__actions">
            <Button type="submit" variant="primary">
              Sign in
            </Button>
          </div>
        </Form>
        <Form method="post" className="auth-form__actions">
          <input type="hidden" name="returnTo" value={returnTo} />
          <Button type="submit" name="intent" value="resend" size="sm">
            Send a new code
          </Button>
          <Button type="submit" name="intent" value="restart" size="sm" variant="ghost">
            Use a different email
          </Button>
        </Form>
      </div>
    </>
  );
}
