import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useRef } from "react";
import { eventIdFromQuery, requireEventPermission, requireTeamMember } from "~/auth/access.server";
import { permissionSummary, roleLabel } from "~/auth/permissions";
import { config } from "~/config.server";
import { DEFAULT_TIMEZONE, newEventSchema, timeZones } from "~/events/event-fields";
import { selectEvent, teamEventsOfUser } from "~/events/events.server";
import { archiveEvent, createEventBeside } from "~/events/manage-events.server";
import { EventIdentityFields, type EventIdentityErrors } from "~/events/ui/event-identity-fields";
import { readPostedForm } from "~/forms/posted-form.server";
import { redirectWithToast } from "~/http/toast.server";
import { workStart } from "~/navigation/admin-navigation.server";
import { Button } from "~/ui/button";
import { ConfirmDialog } from "~/ui/confirm-dialog";
import { EmptyState } from "~/ui/empty-state";
import { titleMeta } from "~/ui/error-page";
import { formatEventDate } from "~/ui/format";
import { useFocusFirstError } from "~/ui/use-focus-first-error";

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
    timeZones: timeZones(),
    appHost: config.APP_HOST,
  };
}

/**
 * Three intents. "select": choosing an event saves the choice for the user, then opens the screen of their work
 * (`workStart`: the dashboard for organisers, the door for a door volunteer); the event is the one in ?id (this page and the home page post to /admin/events?id=…), and
 * requireTeamMember checks the user is on its team. "create" (can_edit_event on the current event): a new event
 * in the same organisation. "archive" (can_edit_event on the event in ?id).
 */
export async function action({ request }: ActionFunctionArgs) {
  const { user, eventId, role } = await requireTeamMember(request);
  const form = await readPostedForm(request);
  switch (form.get("intent")) {
    case "select": {
      if (eventIdFromQuery(request) === undefined) throw new Response("Choose an event to work on.", { status: 400 });
      const title = await selectEvent(user.usr_id, eventId);
      return redirectWithToast(workStart(role), { title: `Now working on ${title}` });
    }
    case "create": {
      await requireEventPermission(request, "can_edit_event");
      const values = {
        title: String(form.get("title") ?? ""),
        slug: String(form.get("slug") ?? ""),
        subdomain: String(form.get("subdomain") ?? ""),
        timezone: String(form.get("timezone") ?? ""),
      };
      const parsed = newEventSchema.safeParse(values);
      if (!parsed.success) {
        return data({ errors: parsed.error.flatten().fieldErrors as EventIdentityErrors, values }, { status: 400 });
      }
      const created = await createEventBeside(user.usr_id, eventId, parsed.data);
      if (!created.ok)
        return data({ errors: { [created.field]: [created.message] } as EventIdentityErrors, values }, { status: 400 });
      return redirectWithToast("/admin/setup/modules", {
        title: `${parsed.data.title} is created`,
        description: "Switch on the modules it uses, then fill in its details.",
      });
    }
    case "archive": {
      await requireEventPermission(request, "can_edit_event");
      if (eventIdFromQuery(request) === undefined) throw new Response("Choose the event to archive.", { status: 400 });
      const title = await archiveEvent(eventId);
      return redirectWithToast("/admin/events", {
        title: `${title} is archived`,
        description: "It stays under “Show archived events”, with its records and reports.",
      });
    }
    default:
      throw new Response("This form does not say what to do.", { status: 400 });
  }
}

export default function EventsPage() {
  const { events, archivedCount, showArchived, currentEventId, selectedEventId, canCreate, timeZones, appHost } =
    useLoaderData<typeof loader>();
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
        <div className="table-wrap">
          <table className="data-table">
            <caption className="visually-hidden">Your events</caption>
            <thead>
              <tr>
                <th scope="col">Event</th>
                <th scope="col">Date</th>
                <th scope="col">Your role</th>
                <th scope="col">Permissions</th>
                <th scope="col">
                  <span className="visually-hidden">Select</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {events.map((e) => (
                <tr key={e.event_id} aria-current={e.event_id === currentEventId ? "true" : undefined}>
                  <th scope="row">
                    {e.title}
                    {e.event_id === currentEventId ? <span className="badge">Current</span> : null}
                    {e.is_archived ? <span className="badge badge--muted">Archived</span> : null}
                  </th>
                  <td>{e.date ?? "No date yet"}</td>
                  <td>{e.role}</td>
                  <td className="data-table__wrap">{e.permissions}</td>
                  <td className="data-table__actions">
                    <div className="cluster">
                      <Form method="post" action={`/admin/events?id=${e.event_id}`}>
                        <input type="hidden" name="intent" value="select" />
                        <Button
                          type="submit"
                          size="sm"
                          variant={e.event_id === currentEventId ? "primary" : "secondary"}
                        >
                          Select<span className="visually-hidden"> {e.title}</span>
                        </Button>
                      </Form>
                      {e.canArchive ? (
                        <ConfirmDialog
                          action={`/admin/events?id=${e.event_id}`}
                          fields={{ intent: "archive" }}
                          trigger={
                            <>
                              Archive<span className="visually-hidden"> {e.title}</span>
                            </>
                          }
                          triggerVariant="ghost"
                          triggerSize="sm"
                          title={`Archive ${e.title}?`}
                          description="It leaves the list of current events but keeps its guests, bids, payments and reports. An archived event cannot be brought back."
                          confirmLabel="Archive"
                          confirmVariant="danger"
                        />
                      ) : null}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {archivedCount > 0 ? (
        <p className="table-footnote">
          <Link to={toggleHref}>
            {showArchived ? "Hide archived events" : `Show archived events (${archivedCount})`}
          </Link>
        </p>
      ) : null}
      {canCreate ? <CreateEventForm timeZones={timeZones} appHost={appHost} /> : null}
    </>
  );
}

/** A new event in the same organisation; open by itself when the last try came back with errors. */
function CreateEventForm({ timeZones, appHost }: { timeZones: string[]; appHost: string }) {
  const actionData = useActionData<typeof action>();
  const formRef = useRef<HTMLFormElement>(null);
  const errors = actionData && "errors" in actionData ? actionData.errors : undefined;
  const values = actionData && "values" in actionData ? actionData.values : undefined;
  useFocusFirstError(formRef, errors);
  return (
    <details className="card create-event" open={errors !== undefined}>
      <summary className="create-event__summary">Create an event</summary>
      <Form method="post" ref={formRef} className="settings-form" noValidate>
        <input type="hidden" name="intent" value="create" />
        <p className="muted">In the same organisation as the current event. You become its owner and switch to it.</p>
        <EventIdentityFields
          values={{ timezone: DEFAULT_TIMEZONE, ...values }}
          errors={errors}
          timeZones={timeZones}
          appHost={appHost}
        />
        <div className="settings-form__actions">
          <Button type="submit" variant="primary">
            Create the event
          </Button>
        </div>
      </Form>
    </details>
  );
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
