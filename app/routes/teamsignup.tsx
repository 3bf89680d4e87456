import {
  data,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { getSignedInUser, requireUser } from "~/auth/access.server";
import { isGoogleSignInEnabled } from "~/auth/google.server";
import { acceptInvitation, acceptInvitationWithPassword, findInvitation } from "~/auth/invitations.server";
import { newAccountSchema } from "~/auth/person-fields";
import { signedInCookies } from "~/auth/session.server";
import { AuthLayout } from "~/auth/ui/auth-layout";
import { config } from "~/config.server";
import { DEFAULT_TIMEZONE, timeZones } from "~/events/event-fields";
import { parseForm } from "~/forms/form-contract";
import { readPostedForm } from "~/forms/posted-form.server";
import { Refusal } from "~/forms/refusal";
import { answerForm, refuseForm, refuseSubmission } from "~/forms/reply.server";
import { redirectWithToast } from "~/http/toast.server";
import { createOrganisationWithEvent } from "~/organisations/create-organisation.server";
import {
  ACCEPT_FORM,
  ORGANISATION_FORM,
  organisationFormSchema,
  PASSWORD_FORM,
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

export async function action({ request }: ActionFunctionArgs) {
  const token = new URL(request.url).searchParams.get("invitation") ?? "";
  const form = await readPostedForm(request);
  const gone = "This invitation has been used, has expired or was withdrawn.";

  switch (form.get("intent")) {
    case "create-organisation": {
      const user = await requireUser(request);
      return answerForm(ORGANISATION_FORM, parseForm(form, organisationFormSchema), async (organisation) => {
        const result = await createOrganisationWithEvent(user.usr_id, organisation);
        if (!result.ok) throw new Refusal(result.message, result.field);
        return redirectWithToast("/admin", {
          title: `${organisation.organisationTitle} is set up`,
          description: `You are the owner of ${organisation.eventTitle}. Invite your team from Setup › Team.`,
        });
      });
    }
    case "accept-invitation": {
      const user = await requireUser(request);
      const result = await acceptInvitation({ token, usrId: user.usr_id });
      if (result.ok) return redirectWithToast("/admin", { title: "Welcome to the team" });
      if (result.reason === "other-user") {
        const message = "This invitation is for another email address. Sign out, then sign in with that one.";
        return refuseForm(ACCEPT_FORM, message, "", 403);
      }
      return refuseForm(ACCEPT_FORM, gone, "", 410);
    }
    case "choose-password": {
      const submission = parseForm(form, newAccountSchema);
      if (submission.status !== "success")
        return refuseSubmission(PASSWORD_FORM, submission, { hideFields: ["password"] });
      const result = await acceptInvitationWithPassword({ token, ...submission.value });
      if (result.ok) {
        return redirectWithToast(
          "/admin",
          { title: "Welcome to the team", description: "Your account is ready and you are signed in." },
          { headers: await signedInCookies(request, result.usrId) },
        );
      }
      const refuse = (messages: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }) =>
        refuseSubmission(PASSWORD_FORM, submission, { ...messages, hideFields: ["password"] });
      if (result.reason === "bad-password") return refuse({ fieldErrors: { password: [result.message] } });
      if (result.reason === "has-password") {
        return refuse({ formErrors: ["This email address already has a password: sign in with it to join."] });
      }
      return refuseForm(PASSWORD_FORM, gone, "", 410);
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

export function ErrorBoundary() {
  return <ErrorPage />;
}
