/**
 * The sign-in controls shared by the home page, /auth/sign-in and /teamsignup. Plain HTML forms: they work before
 * JavaScript loads. Labels "Email" and "Password" and the button "Sign in" are what tests/e2e/support/sign-in.ts
 * (and people) look for.
 */
import { Form, Link } from "@remix-run/react";
import { useRef } from "react";
import { formErrorOf, replyFor } from "~/forms/form-contract";
import { formProps, useContractForm } from "~/forms/use-contract-form";
import { Button } from "~/ui/button";
import { Field } from "~/ui/field";
import { FormAlert } from "~/ui/form-alert";
import { useFocusFirstError } from "~/ui/use-focus-first-error";
import { SIGN_IN_FORM, signInSchema } from "../person-fields";
import type { FieldMetadata } from "@conform-to/react";

/**
 * The email address a person signs in or signs up with. "username" where it names an existing account (so a
 * password manager fills it), "email" where it is being given.
 */
export function AccountEmailField({
  meta,
  autoComplete,
  readOnly,
}: {
  /** The email field of the form on the contract: its name, what it holds and its message. */
  meta: FieldMetadata<unknown>;
  autoComplete: "username" | "email";
  readOnly?: boolean;
}) {
  return (
    <Field label="Email" meta={meta}>
      {(control) => <input {...control} type="email" autoComplete={autoComplete} readOnly={readOnly} required />}
    </Field>
  );
}

export function SignInForm({
  returnTo,
  email,
  lockedEmail = false,
  reply,
}: {
  returnTo: string;
  /** The address to fill in. */
  email?: string;
  /** For an invitation: the address is fixed and shown, not typed. */
  lockedEmail?: boolean;
  /** /auth/sign-in's answer to the form, on that page. */
  reply?: unknown;
}) {
  const { form, fields } = useContractForm({ id: SIGN_IN_FORM, schema: signInSchema, reply, defaultValue: { email } });
  const refusal = replyFor(reply, SIGN_IN_FORM);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, refusal);
  return (
    <Form method="post" action="/auth/sign-in" ref={formRef} className="stack auth-form" {...formProps(form)}>
      <input type="hidden" name="returnTo" value={returnTo} />
      {formErrorOf(refusal) ? <FormAlert>{formErrorOf(refusal)}</FormAlert> : null}
      <AccountEmailField meta={fields.email} autoComplete="username" readOnly={lockedEmail} />
      <Field label="Password" meta={fields.password}>
        {(control) => <input {...control} type="password" autoComplete="current-password" required />}
      </Field>
      <div className="auth-form__actions">
        <Button type="submit" variant="primary">
          Sign in
        </Button>
        <Link to="/auth/forgot-password">Forgot your password?</Link>
      </div>
    </Form>
  );
}

/** "Sign in with Google": a form post (not a link), so that starting a sign-in is itself protected from other sites. */
function GoogleSignInButton({ returnTo }: { returnTo: string }) {
  return (
    <Form method="post" action="/auth/google" reloadDocument>
      <input type="hidden" name="returnTo" value={returnTo} />
      <Button type="submit" className="google-button">
        <GoogleMark />
        Sign in with Google
      </Button>
    </Form>
  );
}

/** Google's "G", in its colours (as Google's sign-in branding asks). */
function GoogleMark() {
  return (
    <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <path
        fill="#EA4335"
        d="M24 9.5c3.5 0 6.6 1.2 9.1 3.6l6.8-6.8C35.8 2.4 30.3 0 24 0 14.6 0 6.6 5.4 2.7 13.3l7.9 6.1C12.5 13.6 17.8 9.5 24 9.5z"
      />
      <path
        fill="#4285F4"
        d="M46.5 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.7c-.6 3-2.3 5.5-4.8 7.2l7.7 6c4.5-4.2 6.9-10.3 6.9-17.7z"
      />
      <path
        fill="#FBBC05"
        d="M10.6 28.6c-.5-1.4-.8-3-.8-4.6s.3-3.2.8-4.6l-7.9-6.1C1 16.6 0 20.2 0 24s1 7.4 2.7 10.7l7.9-6.1z"
      />
      <path
        fill="#34A853"
        d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.7-6c-2.2 1.5-5 2.3-8.2 2.3-6.2 0-11.5-4.1-13.4-9.9l-7.9 6.1C6.6 42.6 14.6 48 24 48z"
      />
    </svg>
  );
}

/** Google's button then "or", where Google sign-in is configured; nothing otherwise. */
export function GoogleSignInOption({ enabled, returnTo }: { enabled: boolean; returnTo: string }) {
  if (!enabled) return null;
  return (
    <>
      <GoogleSignInButton returnTo={returnTo} />
      <OrDivider />
    </>
  );
}

/** A divider between Google and the password form. */
function OrDivider() {
  return (
    <p className="auth-divider">
      <span>or</span>
    </p>
  );
}
