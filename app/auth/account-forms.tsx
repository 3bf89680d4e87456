// Pieces of the forms that finish an account (sign-up link, team invitation) and of the pages a used link opens.
import { Link } from "@remix-run/react";
import { PASSWORD_HELP } from "~/auth/password-rules";
import { Field } from "~/ui/field";

export interface NewAccountErrors {
  firstName?: string[];
  lastName?: string[];
  password?: string[];
}

/** Name and a first password for `email`; the hidden username lets password managers file it under that account. */
export function NewAccountFields({
  email,
  errors,
  values,
}: {
  email: string;
  errors?: NewAccountErrors;
  values?: { firstName?: string; lastName?: string };
}) {
  return (
    <>
      <input type="email" name="username" value={email} autoComplete="username" readOnly hidden />
      <div className="form-row">
        <Field label="First name" error={errors?.firstName?.[0]}>
          {(control) => (
            <input {...control} name="firstName" autoComplete="given-name" defaultValue={values?.firstName} />
          )}
        </Field>
        <Field label="Last name" error={errors?.lastName?.[0]}>
          {(control) => (
            <input {...control} name="lastName" autoComplete="family-name" defaultValue={values?.lastName} />
          )}
        </Field>
      </div>
      <Field label="Choose a password" help={PASSWORD_HELP} error={errors?.password?.[0]}>
        {(control) => <input {...control} type="password" name="password" autoComplete="new-password" required />}
      </Field>
    </>
  );
}

/** What a used or expired emailed link opens: why, and where to get a new one. */
export function ExpiredLink({ rule, newLinkTo }: { rule: string; newLinkTo: string }) {
  return (
    <>
      <h1>This link no longer works</h1>
      <div className="auth-panel">
        <p>{rule} This one has been used or has expired.</p>
        <ul className="auth-links">
          <li>
            <Link to={newLinkTo}>Get a new link</Link>
          </li>
          <li>
            <Link to="/auth/sign-in">Sign in</Link>
          </li>
        </ul>
      </div>
    </>
  );
}
