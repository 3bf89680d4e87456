/**
 * The pages of /teamsignup: sign in first; the new organisation and its first event; joining a team by invitation
 * (with a password to choose when the invited person has no account); an invitation that no longer works. Each form
 * is on the form contract (organisation-form.ts).
 */
import { Form, Link, useActionData } from "@remix-run/react";
import { useRef } from "react";
import { newAccountSchema } from "~/auth/person-fields";
import { NewAccountFields } from "~/auth/ui/account-forms";
import { GoogleSignInOption, SignInForm } from "~/auth/ui/sign-in-forms";
import { formErrorOf, replyFor } from "~/forms/form-contract";
import { formProps, useContractForm } from "~/forms/use-contract-form";
import { Button } from "~/ui/button";
import { Field } from "~/ui/field";
import { FormAlert } from "~/ui/form-alert";
import { useFocusFirstError } from "~/ui/use-focus-first-error";
import {
  ACCEPT_FORM,
  ORGANISATION_FORM,
  organisationFormSchema,
  PASSWORD_FORM,
  TEAM_SIGNUP_INTENT,
} from "../organisation-form";

export function SignInFirst({ googleEnabled }: { googleEnabled: boolean }) {
  return (
    <>
      <h1>Set up your organisation</h1>
      <p className="muted">
        Sign in first, or create an account: your organisation and its first event will be yours to run and share with
        your team.
      </p>
      <div className="auth-panel">
        <GoogleSignInOption enabled={googleEnabled} returnTo="/teamsignup" />
        <SignInForm returnTo="/teamsignup" />
      </div>
      <p className="auth-after">
        New to Gavel? <Link to="/auth/sign-up?returnTo=%2Fteamsignup">Create an account</Link>
      </p>
    </>
  );
}

export function OrganisationForm({
  timeZones,
  defaultTimezone,
  appHost,
}: {
  timeZones: string[];
  defaultTimezone: string;
  appHost: string;
}) {
  const reply = useActionData<unknown>();
  const { form, fields } = useContractForm({
    id: ORGANISATION_FORM,
    schema: organisationFormSchema,
    reply,
    defaultValue: { timezone: defaultTimezone },
  });
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, replyFor(reply, ORGANISATION_FORM));
  return (
    <>
      <h1>Set up your organisation</h1>
      <p className="muted">Your organisation and its first event. You can change all of this later.</p>
      <Form method="post" ref={formRef} className="auth-panel" {...formProps(form)}>
        <input type="hidden" name="intent" value={TEAM_SIGNUP_INTENT.createOrganisation} />
        {form.errors?.[0] ? <FormAlert>{form.errors[0]}</FormAlert> : null}
        <h2>Organisation</h2>
        <Field label="Organisation name" required meta={fields.organisationTitle}>
          {(control) => <input {...control} autoComplete="organization" required />}
        </Field>
        <Field
          label="Short name"
          help="Lower-case letters, digits and hyphens, such as harbor-light. Leave it blank to make one from the name."
          meta={fields.organisationSlug}
        >
          {(control) => <input {...control} />}
        </Field>
        <h2>First event</h2>
        <Field label="Event name" required meta={fields.eventTitle}>
          {(control) => <input {...control} required />}
        </Field>
        <Field
          label="Web address"
          help="The event's name in its web address, such as harbor-lights-gala. Leave it blank to make one from the name."
          meta={fields.eventSlug}
        >
          {(control) => <input {...control} />}
        </Field>
        <Field label="Time zone" help="Where the event takes place: times are shown in it." meta={fields.timezone}>
          {(control) => (
            <select {...control}>
              {timeZones.map((zone) => (
                <option key={zone} value={zone}>
                  {zone.replaceAll("_", " ")}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          label="Subdomain (optional)"
          help={`Guests can then reach the event at subdomain.${appHost.replace(/:\d+$/, "")}. Letters, digits and hyphens.`}
          meta={fields.subdomain}
        >
          {(control) => <input {...control} autoCapitalize="none" spellCheck={false} />}
        </Field>
        <div>
          <Button type="submit" variant="primary">
            Create organisation and event
          </Button>
        </div>
      </Form>
    </>
  );
}

export interface InvitationPageProps {
  googleEnabled: boolean;
  returnTo: string;
  invitation: { email: string; eventTitle: string; inviter: string | null; hasPassword: boolean };
  signedInAs: { email: string; isInvitee: boolean } | null;
}

export function InvitationPage({ googleEnabled, returnTo, invitation, signedInAs }: InvitationPageProps) {
  const reply = useActionData<unknown>();
  const accept = replyFor(reply, ACCEPT_FORM);
  const { form, fields } = useContractForm({ id: PASSWORD_FORM, schema: newAccountSchema, reply });
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, accept ?? replyFor(reply, PASSWORD_FORM));
  return (
    <>
      <h1>Join the team of {invitation.eventTitle}</h1>
      <p className="muted">
        {invitation.inviter ?? "An organiser"} invited {invitation.email} to the event's team on Gavel.
      </p>
      {signedInAs?.isInvitee ? (
        <Form method="post" ref={formRef} className="auth-panel">
          {formErrorOf(accept) ? <FormAlert>{formErrorOf(accept)}</FormAlert> : null}
          <input type="hidden" name="intent" value={TEAM_SIGNUP_INTENT.acceptInvitation} />
          <p>You are signed in as {signedInAs.email}.</p>
          <JoinButton />
        </Form>
      ) : signedInAs ? (
        <Form method="post" action="/auth/sign-out" className="auth-panel">
          <input type="hidden" name="returnTo" value={returnTo} />
          <p>
            You are signed in as {signedInAs.email}, but this invitation is for {invitation.email}. Sign out, then sign
            in with the invited address.
          </p>
          <div>
            <Button type="submit">Sign out</Button>
          </div>
        </Form>
      ) : (
        <div className="auth-panel">
          <GoogleSignInOption enabled={googleEnabled} returnTo={returnTo} />
          {invitation.hasPassword ? (
            <SignInForm returnTo={returnTo} email={invitation.email} lockedEmail />
          ) : (
            <Form method="post" ref={formRef} className="stack" {...formProps(form)}>
              <input type="hidden" name="intent" value={TEAM_SIGNUP_INTENT.choosePassword} />
              <h2>Choose a password</h2>
              {form.errors?.[0] ? <FormAlert>{form.errors[0]}</FormAlert> : null}
              <NewAccountFields email={invitation.email} fields={fields} />
              <JoinButton />
            </Form>
          )}
        </div>
      )}
    </>
  );
}

export function ExpiredInvitation() {
  return (
    <>
      <h1>This invitation no longer works</h1>
      <div className="auth-panel">
        <p>
          Invitations work once, for 7 days, while you are on the event's team. This one has been used, has expired or
          was withdrawn. Ask the organiser to invite you again.
        </p>
        <ul className="auth-links">
          <li>
            <Link to="/">Go to the home page</Link>
          </li>
        </ul>
      </div>
    </>
  );
}

/** Both ways in (signed in as the invitee, or choosing a password) end with the same button. */
function JoinButton() {
  return (
    <div>
      <Button type="submit" variant="primary">
        Join the team
      </Button>
    </div>
  );
}
