import {
  data,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { getSignedInUser, requireUser } from "~/auth/access.server";
import { isGoogleSignInEnabled } from "~/auth/google.server";
import { acceptInvitation, acceptInvitationWithPassword, findInvitation } from "~/auth/invitations.server";
import { newAccountSchema } from "~/auth/person-fields";
import { signedInCookies } from "~/auth/session.server";
import { AuthLayout } from "~/auth/ui/auth-layout";
import { config } from "~/config.server";
import { DEFAULT_TIMEZONE, timeZones } from "~/events/event-fields";
import { type FormReply } from "~/forms/form-contract";
import { intentAction } from "~/forms/intent-action.server";
import { Refusal } from "~/forms/refusal";
import { refuseForm } from "~/forms/reply.server";
import { redirectWithToast } from "~/http/toast.server";
import { createOrganisationWithEvent } from "~/organisations/create-organisation.server";
import {
  ACCEPT_FORM,
  ORGANISATION_FORM,
  organisationFormSchema,
  PASSWORD_FORM,
  TEAM_SIGNUP_INTENT,
} from "~/organisations/organisation-form";
import { ExpiredInvitation, InvitationPage, OrganisationForm, SignInFirst } from "~/organisations/ui/team-signup";
import authHref from "~/styles/auth.css";
import { ErrorPage } from "~/ui/error-page";

// /teamsignup (a child route of the home page): an organiser sets up an organisation and its first event;
// a person invited to an event's team arrives here from their email (?invitation=TOKEN) and joins it.

export const links: LinksFunction = () => [{ rel: "stylesheet", href: authHref }];

export const meta: MetaFunction = () => [{ title: "Set up your organisation · Gavel" }];

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

/** A new organisation; joining the team of the invitation in ?invitation, signed in or with a first password. */
export async function action({ request }: ActionFunctionArgs) {
  const gone = "This invitation has been used, has expired or was withdrawn.";
  return intentAction(request, {
    // Each intent says who may post it: a signed-in person, or anyone holding the invitation's token.
    access: async (request) => ({ token: new URL(request.url).searchParams.get("invitation") ?? "" }),
    intents: (intent) => ({
      [TEAM_SIGNUP_INTENT.createOrganisation]: intent({
        formId: ORGANISATION_FORM,
        schema: organisationFormSchema,
        run: async ({ request }, organisation) => {
          const user = await requireUser(request);
          const result = await createOrganisationWithEvent(user.usr_id, organisation);
          if (!result.ok) throw new Refusal(result.message, result.field);
          return redirectWithToast("/admin", {
            title: `${organisation.organisationTitle} is set up`,
            description: `You are the owner of ${organisation.eventTitle}. Invite your team from Setup › Team.`,
          });
        },
      }),
      [TEAM_SIGNUP_INTENT.acceptInvitation]: intent({
        formId: ACCEPT_FORM,
        schema: z.object({}),
        run: async ({ request, token }) => {
          const user = await requireUser(request);
          const result = await acceptInvitation({ token, usrId: user.usr_id });
          if (result.ok) return redirectWithToast("/admin", { title: "Welcome to the team" });
          if (result.reason === "other-user") {
            const message = "This invitation is for another email address. Sign out, then sign in with that one.";
            return refuseForm(ACCEPT_FORM, message, "", 403);
          }
          return refuseForm(ACCEPT_FORM, gone, "", 410);
        },
      }),
      [TEAM_SIGNUP_INTENT.choosePassword]: intent({
        formId: PASSWORD_FORM,
        schema: newAccountSchema,
        // The password typed is never sent back.
        refusal: (reply) => data<FormReply>(withoutPassword(reply), { status: 400 }),
        run: async ({ request, token }, account) => {
          const result = await acceptInvitationWithPassword({ token, ...account });
          if (result.ok) {
            return redirectWithToast(
              "/admin",
              { title: "Welcome to the team", description: "Your account is ready and you are signed in." },
              { headers: await signedInCookies(request, result.usrId) },
            );
          }
          if (result.reason === "bad-password") throw new Refusal(result.message, "password");
          if (result.reason === "has-password")
            throw new Refusal("This email address already has a password: sign in with it to join.");
          return refuseForm(PASSWORD_FORM, gone, "", 410);
        },
      }),
    }),
  });
}

/** A refusal without the password that was posted. */
function withoutPassword(reply: FormReply): FormReply {
  if (!reply.initialValue) return reply;
  const { password: _password, ...kept } = reply.initialValue;
  return { ...reply, initialValue: kept };
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

export function ErrorBoundary() {
  return <ErrorPage />;
}
