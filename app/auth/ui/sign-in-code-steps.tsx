/**
 * The two steps of /auth/code (sign in with a code sent by email), on the form contract: the address, then the code
 * with an optional name, and the buttons to send a new code or start again (forms in ./sign-in-code-fields.ts).
 */
import { Form, useNavigation } from "@remix-run/react";
import { useRef } from "react";
import { formErrorOf, replyFor, type FormReply } from "~/forms/form-contract";
import { formProps, useContractForm } from "~/forms/use-contract-form";
import { Button } from "~/ui/button";
import { Field } from "~/ui/field";
import { FormAlert } from "~/ui/form-alert";
import { PersonNameFields } from "~/ui/record-fields";
import { useFocusFirstError } from "~/ui/use-focus-first-error";
import {
  CODE_AGAIN_FORM,
  CODE_INTENT,
  CODE_EMAIL_FORM,
  CODE_VERIFY_FORM,
  codeEmailSchema,
  codeVerifySchema,
} from "../sign-in-code-fields";
import { AccountEmailField } from "./sign-in-forms";

/** Step one: the address to send a code to. `reply`: the action's answer to the page. */
export function EmailStep({ returnTo, reply }: { returnTo: string; reply: unknown }) {
  const { form, fields } = useContractForm({ id: CODE_EMAIL_FORM, schema: codeEmailSchema, reply });
  const refusal = replyFor(reply, CODE_EMAIL_FORM);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, refusal);
  const sending = useNavigation().formData?.get("intent") === CODE_INTENT.send;
  return (
    <>
      <p className="muted">We will email you a code. No password needed; new bidders get an account with it.</p>
      <div className="auth-panel">
        <Form method="post" ref={formRef} className="stack auth-form" {...formProps(form)}>
          <input type="hidden" name="returnTo" value={returnTo} />
          <input type="hidden" name="intent" value={CODE_INTENT.send} />
          {formErrorOf(refusal) ? <FormAlert>{formErrorOf(refusal)}</FormAlert> : null}
          <AccountEmailField meta={fields.email} autoComplete="email" />
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

/** A reply that clears the code form's messages and keeps what is typed; one object, so that it is acted on once. */
const NO_REFUSAL: FormReply = { formId: CODE_VERIFY_FORM, error: {} };

/** Step two: the code sent to `email` (which works for `lifetime`), a name if the person likes, or another code. */
export function CodeStep({
  email,
  lifetime,
  returnTo,
  reply,
}: {
  email: string;
  lifetime: string;
  returnTo: string;
  reply: unknown;
}) {
  const refusal = replyFor(reply, CODE_VERIFY_FORM);
  // Once the page's answer is no longer this form's (a new code was sent, or refused), the refusal of the code before no longer
  // holds: Conform, which keeps the last reply's messages, is told there are none.
  const { form, fields } = useContractForm({
    id: CODE_VERIFY_FORM,
    schema: codeVerifySchema,
    reply: refusal ?? NO_REFUSAL,
  });
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, refusal);
  const again = replyFor(reply, CODE_AGAIN_FORM);
  const againRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(againRef, again);
  return (
    <>
      <p className="muted" role="status">
        We sent a code to <strong>{email}</strong>. It works for {lifetime}. It can take a minute to arrive; check your
        spam folder too.
      </p>
      <div className="auth-panel">
        <Form method="post" ref={formRef} className="stack auth-form" {...formProps(form)}>
          <input type="hidden" name="returnTo" value={returnTo} />
          <input type="hidden" name="intent" value={CODE_INTENT.verify} />
          {formErrorOf(refusal) ? <FormAlert>{formErrorOf(refusal)}</FormAlert> : null}
          <Field label="Code" meta={fields.code}>
            {(control) => (
              <input
                {...control}
                autoComplete="one-time-code"
                inputMode="numeric"
                pattern="[0-9 \-]*"
                // A team member's 10 digits as the email groups them ("12345 67890"), with room for other spacing.
                maxLength={16}
                required
                // The page exists to type this code in (the focus moves to the first error when there is one).
                // eslint-disable-next-line jsx-a11y/no-autofocus
                autoFocus={!reply}
              />
            )}
          </Field>
          <fieldset className="stack">
            <legend className="muted">Your name, if you like (first time here? it tells the team who you are)</legend>
            <PersonNameFields fields={fields} own />
          </fieldset>
          <div className="auth-form__actions">
            <Button type="submit" variant="primary">
              Sign in
            </Button>
          </div>
        </Form>
        <Form method="post" id={CODE_AGAIN_FORM} ref={againRef} className="stack">
          <input type="hidden" name="returnTo" value={returnTo} />
          {formErrorOf(again) ? <FormAlert>{formErrorOf(again)}</FormAlert> : null}
          <div className="auth-form__actions">
            <Button type="submit" name="intent" value={CODE_INTENT.resend} size="sm">
              Send a new code
            </Button>
            <Button type="submit" name="intent" value={CODE_INTENT.restart} size="sm" variant="ghost">
              Use a different email
            </Button>
          </div>
        </Form>
      </div>
    </>
  );
}
