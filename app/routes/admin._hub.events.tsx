import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { eventIdFromQuery, requireEventPermission, requireTeamMember } from "~/auth/access.server";
import { permissionSummary, roleLabel } from "~/auth/permissions";
import { config } from "~/config.server";
import { EVENTS_INTENT, NEW_EVENT_FORM, newEventSchema, timeZones } from "~/events/event-fields";
import { selectEvent, teamEventsOfUser } from "~/events/events.server";
import { archiveEvent, createEventBeside } from "~/events/manage-events.server";
import { CreateEventForm } from "~/events/ui/create-event-form";
import { TeamEventsTable } from "~/events/ui/team-events-table";
import { intentAction } from "~/forms/intent-action.server";
import { Refusal } from "~/forms/refusal";
import { paths } from "~/http/paths";
import { redirectWithToast } from "~/http/toast.server";
import { workStart } from "~/navigation/admin-navigation.server";
import { EmptyState } from "~/ui/empty-state";
import { titleMeta } from "~/ui/error-page";
import { formatEventDate } from "~/ui/format";

export const meta = titleMeta("Events · Admin · Gavel");

const SHOW_ARCHIVED = "shown";

/** /admin/events: the events whose team the user is on, with their role; archived ones on request. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user, eventId, role } = await requireTeamMember(request);
  const showArchived = new URL(request.url).searchParams.get("archived") === SHOW_ARCHIVED;
  const all = (await teamEventsOfUser(user.usr_id)).map((row) => ({
    event_id: row.event_id,
    title: row.title,
    is_archived: row.is_archived,
    date: formatEventDate(row.start_date_time, row.timezone),
    role: roleLabel(row.role),
    permissions: permissionSummary(row.role),
    canArchive: row.role.can_edit_event && !row.is_archived,
  }));
  return {
    events: showArchived ? all : all.filter((e) => !e.is_archived),
    archivedCount: all.filter((e) => e.is_archived).length,
    showArchived,
    currentEventId: eventId,
    selectedEventId: user.selected_event,
    canCreate: role.can_edit_event,
    canImport: role.can_configure_event,
    timeZones: timeZones(),
    appHost: config.APP_HOST,
  };
}

/**
 * Three intents. "select": choosing an event saves the choice for the user, then opens the screen of their work
 * (`workStart`: the dashboard for organisers, the door for a door volunteer); the event is the one in ?id (this page
 * and the home page post to /admin/events?id=…), and requireTeamMember checks the user is on its team. "create"
 * (can_edit_event on the current event): a new event in the same organisation. "archive" (can_edit_event on the
 * event in ?id).
 */
export async function action({ request }: ActionFunctionArgs) {
  return intentAction(request, {
    access: (request) => requireTeamMember(request),
    intents: (intent) => ({
      [EVENTS_INTENT.select]: intent({
        formId: EVENTS_INTENT.select,
        schema: z.object({}),
        run: async ({ user, eventId, role, request }) => {
          if (eventIdFromQuery(request) === undefined)
            throw new Response("Choose an event to work on.", { status: 400 });
          const title = await selectEvent(user.usr_id, eventId);
          return redirectWithToast(workStart(role), { title: `Now working on ${title}` });
        },
      }),
      [EVENTS_INTENT.create]: intent({
        formId: NEW_EVENT_FORM,
        // Only someone who may edit the current event creates one beside it: checked before the form is read.
        schema: async ({ request }) => {
          await requireEventPermission(request, "can_edit_event");
          return newEventSchema;
        },
        run: async ({ user, eventId }, newEvent) => {
          const created = await createEventBeside(user.usr_id, eventId, newEvent);
          if (!created.ok) throw new Refusal(created.message, created.field);
          return redirectWithToast("/admin/setup/modules", {
            title: `${newEvent.title} is created`,
            description: "Switch on the modules it uses, then fill in its details.",
          });
        },
      }),
      [EVENTS_INTENT.archive]: intent({
        formId: EVENTS_INTENT.archive,
        schema: z.object({}),
        run: async ({ eventId, request }) => {
          await requireEventPermission(request, "can_edit_event");
          if (eventIdFromQuery(request) === undefined)
            throw new Response("Choose the event to archive.", { status: 400 });
          const title = await archiveEvent(eventId);
          return redirectWithToast("/admin/events", {
            title: `${title} is archived`,
            description: "It stays under “Show archived events”, with its records and reports.",
          });
        },
      }),
    }),
  });
}

export default function EventsPage() {
  const {
    events,
    archivedCount,
    showArchived,
    currentEventId,
    selectedEventId,
    canCreate,
    canImport,
    timeZones,
    appHost,
  } = useLoaderData<typeof loader>();
  const actionData = useActionData<unknown>();
  const toggle = new URLSearchParams();
  if (currentEventId !== selectedEventId) toggle.set("id", String(currentEventId));
  if (!showArchived) toggle.set("archived", SHOW_ARCHIVED);
  const toggleHref = toggle.toString() ? `/admin/events?${toggle}` : "/admin/events";

  return (
    <>
      <div className="page-header">
        <h1>Events</h1>
        <p>The events whose team you are on. Select one to work on it.</p>
      </div>
      {events.length === 0 ? (
        <EmptyState
          title="All your events are archived"
          text="Archived events stay here for their records and reports."
          action={<Link to={toggleHref}>Show archived events</Link>}
        />
      ) : (
        <TeamEventsTable events={events} currentEventId={currentEventId} />
      )}
      {archivedCount > 0 ? (
        <p className="table-footnote">
          <Link to={toggleHref}>
            {showArchived ? "Hide archived events" : `Show archived events (${archivedCount})`}
          </Link>
        </p>
      ) : null}
      {canCreate ? <CreateEventForm timeZones={timeZones} appHost={appHost} reply={actionData} /> : null}
      {canImport ? (
        <p className="table-footnote">
          <Link to={paths.adminEventsImport(currentEventId)}>Import an event from an archive</Link>
        </p>
      ) : null}
    </>
  );
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
