import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireEventPermission } from "~/auth/access.server";
import { PERMISSION_LABELS, TEAM_FLAG_LABELS, TEAM_FLAGS, type TeamFlag } from "~/auth/permissions";
import { parseForm, replyFor } from "~/forms/form-contract";
import { readPostedForm } from "~/forms/posted-form.server";
import { answerForm } from "~/forms/reply.server";
import { publicOrigin } from "~/security/request.server";
import {
  bulkSchema,
  INVITE_FORM,
  inviteSchema,
  memberFlagsSchema,
  removeSchema,
  type TeamFormErrors,
} from "~/team/team-forms";
import {
  inviteToTeam,
  LastAdminError,
  listTeam,
  NotOnTeamError,
  removeTeamMembers,
  updateTeamRoles,
} from "~/team/team.server";
import { InviteForm } from "~/team/ui/invite-form";
import { TeamTable } from "~/team/ui/team-table";
import { titleMeta } from "~/ui/error-page";
import { redirectWithToast } from "~/ui/toast.server";

export const meta = titleMeta("Team · Setup · Gavel");

/** The team of the event: the members with their names, email and the flags they hold. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user, eventId } = await requireEventPermission(request, "can_configure_event");
  const team = (await listTeam(eventId)).map((member) => ({
    usr_id: member.usr_id,
    name: [member.first_name, member.last_name].filter(Boolean).join(" "),
    email: member.email_address,
    flags: TEAM_FLAGS.filter((flag) => member[flag]),
  }));
  const admins = team.filter((member) => member.flags.includes("can_configure_event"));
  return { team, selfId: user.usr_id, onlyAdminId: admins.length === 1 ? admins[0].usr_id : null };
}

const LAST_ADMIN_MESSAGE = `At least one team member must keep “${PERMISSION_LABELS.can_configure_event}”. Give it to someone else first.`;
const NOT_ON_TEAM_MESSAGE =
  "That person is no longer on this event's team. Reload the page to see the team as it is now.";

export async function action({ request }: ActionFunctionArgs) {
  const { user, eventId } = await requireEventPermission(request, "can_configure_event");
  const form = await readPostedForm(request);
  const url = new URL(request.url);
  const here = url.pathname + url.search;
  const text = (name: string) => String(form.get(name) ?? "");

  switch (form.get("intent")) {
    case "invite":
      return answerForm(INVITE_FORM, parseForm(form, inviteSchema), async ({ permission, ...person }) => {
        const origin = publicOrigin(request);
        const { mailed } = await inviteToTeam(
          eventId,
          { ...person, permissions: permission },
          { invitedBy: user.usr_id, origin },
        );
        if (mailed) return redirectWithToast(here, { title: `Invitation sent to ${person.email}` });
        return redirectWithToast(here, {
          type: "error",
          title: `${person.email} is on the team, but the invitation email was not sent`,
          description: "The mail server did not take it. They can still sign in with that address to start.",
        });
      });

    case "update": {
      const parsed = memberFlagsSchema.safeParse({ usr_id: text("usr_id"), flags: form.getAll("flag").map(String) });
      if (!parsed.success) return refuse({ intent: "update", formError: firstError(parsed.error) });
      const { usr_id, flags } = parsed.data;
      const change = Object.fromEntries(TEAM_FLAGS.map((flag) => [flag, flags.includes(flag)])) as Record<
        TeamFlag,
        boolean
      >;
      const refusal = await changeTeam(() => updateTeamRoles(eventId, [usr_id], change), {
        intent: "update",
        usrId: usr_id,
      });
      if (refusal) return refuse(refusal);
      const stillAdmin = usr_id !== user.usr_id || change.can_configure_event;
      return redirectWithToast(stillAdmin ? here : adminHome(url), { title: "Permissions saved" });
    }

    case "bulk": {
      const values = { usr_ids: form.getAll("usr_id").map(String), flag: text("flag"), value: text("value") };
      const parsed = bulkSchema.safeParse(values);
      if (!parsed.success) return refuse({ intent: "bulk", fieldErrors: parsed.error.flatten().fieldErrors, values });
      const { usr_ids, flag, value } = parsed.data;
      const refusal = await changeTeam(() => updateTeamRoles(eventId, usr_ids, { [flag]: value === "set" }), {
        intent: "bulk",
        values,
      });
      if (refusal) return refuse(refusal);
      const label = TEAM_FLAG_LABELS[flag];
      const people = usr_ids.length === 1 ? "1 member" : `${usr_ids.length} members`;
      const stillAdmin = !(flag === "can_configure_event" && value === "clear" && usr_ids.includes(user.usr_id));
      return redirectWithToast(stillAdmin ? here : adminHome(url), {
        title: value === "set" ? `${people} now have “${label}”` : `“${label}” taken away from ${people}`,
      });
    }

    case "remove": {
      const parsed = removeSchema.safeParse({ usr_id: text("usr_id") });
      if (!parsed.success) return refuse({ intent: "remove", formError: firstError(parsed.error) });
      const { usr_id } = parsed.data;
      const refusal = await changeTeam(() => removeTeamMembers(eventId, [usr_id]), { intent: "remove", usrId: usr_id });
      if (refusal) return refuse(refusal);
      return redirectWithToast(usr_id === user.usr_id ? adminHome(url) : here, { title: "Removed from the team" });
    }

    default:
      throw new Response("This form does not say what to do.", { status: 400 });
  }
}

/** 400 with the messages to show beside the form; nothing was changed. */
function refuse(errors: TeamFormErrors) {
  return data(errors, { status: 400 });
}

/** Runs a change to the team; the refusal to show when a rule of the team stopped it (it was rolled back). */
async function changeTeam(change: () => Promise<void>, refusal: TeamFormErrors): Promise<TeamFormErrors | undefined> {
  try {
    await change();
    return undefined;
  } catch (error) {
    if (error instanceof LastAdminError) return { ...refusal, formError: LAST_ADMIN_MESSAGE };
    if (error instanceof NotOnTeamError) return { ...refusal, formError: NOT_ON_TEAM_MESSAGE };
    throw error;
  }
}

/** Someone who gave up configuring the event can no longer open this screen: they go on to the admin home. */
function adminHome(url: URL) {
  return `/admin${url.search}`;
}

function firstError(error: { issues: { message: string }[] }) {
  return error.issues[0]?.message ?? "Check the form and try again.";
}

export default function TeamPage() {
  const { team, selfId, onlyAdminId } = useLoaderData<typeof loader>();
  const actionData = useActionData<unknown>();
  const refusal = actionData && !replyFor(actionData, INVITE_FORM) ? (actionData as TeamFormErrors) : undefined;
  return (
    <>
      <div className="page-header">
        <h1>Team</h1>
        <p>The people who work on this event, and what each of them may do.</p>
      </div>
      <div className="stack stack--loose">
        <InviteForm reply={actionData} />
        <TeamTable team={team} selfId={selfId} onlyAdminId={onlyAdminId} actionData={refusal} />
      </div>
    </>
  );
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
