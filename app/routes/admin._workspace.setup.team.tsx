import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireEventPermission } from "~/auth/access.server";
import { TEAM_FLAG_LABELS, TEAM_FLAGS, type TeamFlag } from "~/auth/permissions";
import { intentAction } from "~/forms/intent-action.server";
import { redirectWithToast, type ToastInput } from "~/http/toast.server";
import { publicOrigin } from "~/security/request.server";
import {
  BULK_FORM,
  bulkSchema,
  INVITE_FORM,
  inviteSchema,
  memberFlagsSchema,
  memberFormId,
  removeFormId,
  removeSchema,
  TEAM_INTENT,
} from "~/team/team-forms";
import { inviteToTeam, listTeam, removeTeamMembers, updateTeamRoles } from "~/team/team.server";
import { InviteForm } from "~/team/ui/invite-form";
import { TeamTable } from "~/team/ui/team-table";
import { titleMeta } from "~/ui/error-page";
import { fullName } from "~/ui/format";

export const meta = titleMeta("Team · Setup · Gavel");

/** The team of the event: the members with their names, email and the flags they hold. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user, eventId } = await requireEventPermission(request, "can_configure_event");
  const team = (await listTeam(eventId)).map((member) => ({
    usr_id: member.usr_id,
    name: fullName(member.first_name, member.last_name),
    email: member.email_address,
    flags: TEAM_FLAGS.filter((flag) => member[flag]),
  }));
  const admins = team.filter((member) => member.flags.includes("can_configure_event"));
  return { team, selfId: user.usr_id, onlyAdminId: admins.length === 1 ? admins[0].usr_id : null };
}

export async function action({ request }: ActionFunctionArgs) {
  return intentAction(request, {
    access: async (request) => {
      const { user, eventId } = await requireEventPermission(request, "can_configure_event");
      return { eventId, selfId: user.usr_id };
    },
    intents: (intent) => ({
      [TEAM_INTENT.invite]: intent({
        formId: INVITE_FORM,
        schema: inviteSchema,
        run: async ({ eventId, selfId, request }, { permission, ...person }) => {
          const origin = publicOrigin(request);
          const invite = { ...person, permissions: permission };
          const { mailed } = await inviteToTeam(eventId, invite, { invitedBy: selfId, origin });
          if (mailed) return `Invitation sent to ${person.email}`;
          return {
            type: "error",
            title: `${person.email} is on the team, but the invitation email was not sent`,
            description: "The mail server did not take it. They can still sign in with that address to start.",
          };
        },
      }),
      [TEAM_INTENT.update]: intent({
        formId: memberFormOf,
        schema: memberFlagsSchema,
        run: async ({ eventId, selfId, request }, { usr_id, flag }) => {
          const change = Object.fromEntries(TEAM_FLAGS.map((name) => [name, flag.includes(name)])) as Record<
            TeamFlag,
            boolean
          >;
          await updateTeamRoles(eventId, [usr_id], change); // the last admin or someone not on the team: a Refusal
          const toast = { title: "Permissions saved" };
          return usr_id !== selfId || change.can_configure_event ? toast : toAdminHome(request, toast);
        },
      }),
      [TEAM_INTENT.bulk]: intent({
        formId: BULK_FORM,
        schema: bulkSchema,
        run: async ({ eventId, selfId, request }, { usr_id: usrIds, flag, value }) => {
          await updateTeamRoles(eventId, usrIds, { [flag]: value === "set" });
          const label = TEAM_FLAG_LABELS[flag];
          const people = usrIds.length === 1 ? "1 member" : `${usrIds.length} members`;
          const toast = {
            title: value === "set" ? `${people} now have “${label}”` : `“${label}” taken away from ${people}`,
          };
          const gaveUpAdmin = flag === "can_configure_event" && value === "clear" && usrIds.includes(selfId);
          return gaveUpAdmin ? toAdminHome(request, toast) : toast;
        },
      }),
      [TEAM_INTENT.remove]: intent({
        formId: (form) => removeFormId(postedMember(form)),
        schema: removeSchema,
        run: async ({ eventId, selfId, request }, { usr_id }) => {
          await removeTeamMembers(eventId, [usr_id]);
          const toast = { title: "Removed from the team" };
          return usr_id === selfId ? toAdminHome(request, toast) : toast;
        },
      }),
    }),
  });
}

// The row's form id names the member as posted: a malformed id is refused on a form no row has, as it names none.
const postedMember = (form: FormData) => String(form.get("usr_id") ?? "");
const memberFormOf = (form: FormData) => memberFormId(postedMember(form));

/** Someone who gave up configuring the event can no longer open this screen: they go on to the admin home. */
function toAdminHome(request: Request, toast: ToastInput) {
  return redirectWithToast(`/admin${new URL(request.url).search}`, toast);
}

export default function TeamPage() {
  const { team, selfId, onlyAdminId } = useLoaderData<typeof loader>();
  const actionData = useActionData<unknown>();
  return (
    <>
      <div className="page-header">
        <h1>Team</h1>
        <p>The people who work on this event, and what each of them may do.</p>
      </div>
      <div className="stack stack--loose">
        <InviteForm reply={actionData} />
        <TeamTable team={team} selfId={selfId} onlyAdminId={onlyAdminId} reply={actionData} />
      </div>
    </>
  );
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
