// Pieces of the forms that finish an account (sign-up link, team invitation) and of the pages a used link opens.
import { Link } from "@remix-run/react";
import { PASSWORD_HELP } from "~/auth/password-rules";
import { Field } from "~/ui/field";
import type { FieldMetadata } from "@conform-to/react";

/** The contract fields (newAccountSchema in person-fields.ts) that NewAccountFields draws. */
type NewAccountFieldsMeta = Record<"firstName" | "lastName" | "password", FieldMetadata<unknown>>;

/** Name and a first password for `email`; the hidden username lets password managers file it under that account. */
export function NewAccountFields({ email, fields }: { email: string; fields: NewAccountFieldsMeta }) {
  return (
    <>
      <input type="email" name="username" value={email} autoComplete="username" readOnly hidden />
      <div className="form-row">
        <Field label="First name" meta={fields.firstName}>
          {(control) => <input {...control} autoComplete="given-name" />}
        </Field>
        <Field label="Last name" meta={fields.lastName}>
          {(control) => <input {...control} autoComplete="family-name" />}
        </Field>
      </div>
      <NewPasswordField label="Choose a password" meta={fields.password} />
    </>
  );
}

/** A new password, with the rule it must follow (password-rules.ts) under it. */
export function NewPasswordField({ label, meta }: { label: string; meta: FieldMetadata<unknown> }) {
  return (
    <Field label={label} help={PASSWORD_HELP} meta={meta}>
      {(control) => <input {...control} type="password" autoComplete="new-password" required />}
    </Field>
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
