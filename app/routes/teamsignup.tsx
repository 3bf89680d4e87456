import {
  data,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useRef } from "react";
import { z } from "zod";
import { getSignedInUser, requireUser } from "~/auth/access.server";
import { NewAccountFields } from "~/auth/account-forms";
import { AuthLayout } from "~/auth/auth-layout";
import { isGoogleSignInEnabled } from "~/auth/google.server";
import { acceptInvitation, acceptInvitationWithPassword, findInvitation } from "~/auth/invitations.server";
import { newPasswordField } from "~/auth/password-rules";
import { optionalNameField } from "~/auth/person-fields";
import { signedInSessionCookie } from "~/auth/session.server";
import { GoogleSignInOption, SignInForm } from "~/auth/sign-in-forms";
import { config } from "~/config.server";
import { DEFAULT_TIMEZONE, timeZones } from "~/events/event-fields";
import { createOrganisationWithEvent } from "~/organisations/create-organisation.server";
import { organisationFormSchema } from "~/organisations/organisation-form";
import authHref from "~/styles/auth.css";
import { Button } from "~/ui/button";
import { ErrorPage } from "~/ui/error-page";
import { Field } from "~/ui/field";
import { FormAlert } from "~/ui/form-alert";
import { redirectWithToast } from "~/ui/toast.server";
import { useFocusFirstError } from "~/ui/use-focus-first-error";

// /teamsignup (a child route of the home page): an organiser sets up an organisation and its first event;
// a person invited to an event's team arrives here from their email (?invitation=TOKEN) and joins it.

export const links: LinksFunction = () => [{ rel: "stylesheet", href: authHref }];

export const meta: MetaFunction = () => [{ title: "Set up your organisation · Gavel" }];

const invitationPasswordSchema = z.object({
  firstName: optionalNameField,
  lastName: optionalNameField,
  password: newPasswordField,
});

type FieldName =
  | "organisationTitle"
  | "organisationSlug"
  | "eventTitle"
  | "eventSlug"
  | "timezone"
  | "subdomain"
  | "firstName"
  | "lastName"
  | "password"
  | "form";
type FormErrors = Partial<Record<FieldName, string[]>>;

const refused = (errors: FormErrors, values: Record<string, string>, status = 400) =>
  data({ errors, values }, { status });

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const user = await getSignedInUser(request);
  const googleEnabled = isGoogleSignInEnabled();
  const token = url.searchParams.get("invitation");

  if (token !== null) {
    const invitation = await findInvitation(token);
    if (!invitation) return data({ page: "expired-invitation" as const }, { status: 410 });
    return {
      page: "invitation" as const,
      googleEnabled,
      returnTo: `${url.pathname}${url.search}`,
      invitation: {
        email: invitation.email,
        eventTitle: invitation.eventTitle,
        inviter: invitation.inviter ?? null,
        hasPassword: invitation.hasPassword,
      },
      signedInAs: user ? { email: user.email_address, isInvitee: user.usr_id === invitation.usrId } : null,
    };
  }
  if (!user) return { page: "sign-in-first" as const, googleEnabled };
  return {
    page: "organisation" as const,
    timeZones: timeZones(),
    defaultTimezone: DEFAULT_TIMEZONE,
    appHost: config.APP_HOST,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const token = new URL(request.url).searchParams.get("invitation") ?? "";
  const form = await request.formData();
  const values = Object.fromEntries(
    [...form.entries()].filter(([name, value]) => name !== "password" && typeof value === "string"),
  ) as Record<string, string>;

  switch (form.get("intent")) {
    case "create-organisation": {
      const user = await requireUser(request);
      const parsed = organisationFormSchema.safeParse(values);
      if (!parsed.success) return refused(parsed.error.flatten().fieldErrors, values);
      const result = await createOrganisationWithEvent(user.usr_id, parsed.data);
      if (!result.ok) return refused({ [result.field]: [result.message] }, values);
      return redirectWithToast("/admin", {
        title: `${parsed.data.organisationTitle} is set up`,
        description: `You are the owner of ${parsed.data.eventTitle}. Invite your team from Setup › Team.`,
      });
    }
    case "accept-invitation": {
      const user = await requireUser(request);
      const result = await acceptInvitation({ token, usrId: user.usr_id });
      if (result.ok) return redirectWithToast("/admin", { title: "Welcome to the team" });
      if (result.reason === "other-user") {
        return refused(
          { form: ["This invitation is for another email address. Sign out, then sign in with that one."] },
          values,
          403,
        );
      }
      return refused({ form: ["This invitation has been used, has expired or was withdrawn."] }, values, 410);
    }
    case "choose-password": {
      const parsed = invitationPasswordSchema.safeParse({ ...values, password: form.get("password") ?? "" });
      if (!parsed.success) return refused(parsed.error.flatten().fieldErrors, values);
      const result = await acceptInvitationWithPassword({ token, ...parsed.data });
      if (result.ok) {
        return redirectWithToast(
          "/admin",
          { title: "Welcome to the team", description: "Your account is ready and you are signed in." },
          { headers: { "Set-Cookie": await signedInSessionCookie(request, result.usrId) } },
        );
      }
      if (result.reason === "bad-password") return refused({ password: [result.message] }, values);
      if (result.reason === "has-password") {
        return refused({ form: ["This email address already has a password: sign in with it to join."] }, values);
      }
      return refused({ form: ["This invitation has been used, has expired or was withdrawn."] }, values, 410);
    }
    default:
      throw new Response("Unknown intent", { status: 400 });
  }
}

export default function TeamSignup() {
  const page = useLoaderData<typeof loader>();
  return (
    <AuthLayout wide={page.page === "organisation"}>
      {page.page === "organisation" ? (
        <OrganisationForm timeZones={page.timeZones} defaultTimezone={page.defaultTimezone} appHost={page.appHost} />
      ) : page.page === "sign-in-first" ? (
        <SignInFirst googleEnabled={page.googleEnabled} />
      ) : page.page === "invitation" ? (
        <InvitationPage {...page} />
      ) : (
        <ExpiredInvitation />
      )}
    </AuthLayout>
  );
}

function SignInFirst({ googleEnabled }: { googleEnabled: boolean }) {
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

function OrganisationForm({
  timeZones,
  defaultTimezone,
  appHost,
}: {
  timeZones: string[];
  defaultTimezone: string;
  appHost: string;
}) {
  const actionData = useActionData<typeof action>();
  const errors = actionData?.errors;
  const values = actionData?.values;
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, errors);
  return (
    <>
      <h1>Set up your organisation</h1>
      <p className="muted">Your organisation and its first event. You can change all of this later.</p>
      <Form method="post" ref={formRef} className="auth-panel" noValidate>
        <input type="hidden" name="intent" value="create-organisation" />
        {errors?.form ? <FormAlert>{errors.form[0]}</FormAlert> : null}
        <h2>Organisation</h2>
        <Field label="Organisation name" required error={errors?.organisationTitle?.[0]}>
          {(control) => (
            <input
              {...control}
              name="organisationTitle"
              autoComplete="organization"
              defaultValue={values?.organisationTitle}
              required
            />
          )}
        </Field>
        <Field
          label="Short name"
          help="Lower-case letters, digits and hyphens, such as harbor-light. Leave it blank to make one from the name."
          error={errors?.organisationSlug?.[0]}
        >
          {(control) => <input {...control} name="organisationSlug" defaultValue={values?.organisationSlug} />}
        </Field>
        <h2>First event</h2>
        <Field label="Event name" required error={errors?.eventTitle?.[0]}>
          {(control) => <input {...control} name="eventTitle" defaultValue={values?.eventTitle} required />}
        </Field>
        <Field
          label="Web address"
          help="The event's name in its web address, such as harbor-lights-gala. Leave it blank to make one from the name."
          error={errors?.eventSlug?.[0]}
        >
          {(control) => <input {...control} name="eventSlug" defaultValue={values?.eventSlug} />}
        </Field>
        <Field
          label="Time zone"
          help="Where the event takes place: times are shown in it."
          error={errors?.timezone?.[0]}
        >
          {(control) => (
            <select {...control} name="timezone" defaultValue={values?.timezone ?? defaultTimezone}>
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
          error={errors?.subdomain?.[0]}
        >
          {(control) => (
            <input
              {...control}
              name="subdomain"
              autoCapitalize="none"
              spellCheck={false}
              defaultValue={values?.subdomain}
            />
          )}
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

interface InvitationPageProps {
  googleEnabled: boolean;
  returnTo: string;
  invitation: { email: string; eventTitle: string; inviter: string | null; hasPassword: boolean };
  signedInAs: { email: string; isInvitee: boolean } | null;
}

function InvitationPage({ googleEnabled, returnTo, invitation, signedInAs }: InvitationPageProps) {
  const actionData = useActionData<typeof action>();
  const errors = actionData?.errors;
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, errors);
  return (
    <>
      <h1>Join the team of {invitation.eventTitle}</h1>
      <p className="muted">
        {invitation.inviter ?? "An organiser"} invited {invitation.email} to the event's team on Gavel.
      </p>
      {signedInAs?.isInvitee ? (
        <Form method="post" ref={formRef} className="auth-panel">
          {errors?.form ? <FormAlert>{errors.form[0]}</FormAlert> : null}
          <input type="hidden" name="intent" value="accept-invitation" />
          <p>You are signed in as {signedInAs.email}.</p>
          <div>
            <Button type="submit" variant="primary">
              Join the team
            </Button>
          </div>
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
            <Form method="post" ref={formRef} className="stack" noValidate>
              <input type="hidden" name="intent" value="choose-password" />
              <h2>Choose a password</h2>
              {errors?.form ? <FormAlert>{errors.form[0]}</FormAlert> : null}
              <NewAccountFields email={invitation.email} errors={errors} values={actionData?.values} />
              <div>
                <Button type="submit" variant="primary">
                  Join the team
                </Button>
              </div>
            </Form>
          )}
        </div>
      )}
    </>
  );
}

function ExpiredInvitation() {
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

export function ErrorBoundary() {
  return <ErrorPage />;
}
