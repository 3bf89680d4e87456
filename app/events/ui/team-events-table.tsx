import { Form } from "@remix-run/react";
import { paths } from "~/http/paths";
import { Button } from "~/ui/button";
import { ConfirmDialog } from "~/ui/confirm-dialog";
import { EVENTS_INTENT } from "../event-fields";

/** An event of the user's teams, as /admin/events lists it: their role, its permissions in words. */
export interface TeamEventRow {
  event_id: number;
  title: string;
  is_archived: boolean;
  date: string | null;
  role: string;
  permissions: string;
  canArchive: boolean;
}

/** The user's events, the current one marked, each with "Select" and, for its editors, "Archive". */
export function TeamEventsTable({ events, currentEventId }: { events: TeamEventRow[]; currentEventId: number }) {
  return (
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
                  <Form method="post" action={paths.adminEvents(e.event_id)}>
                    <input type="hidden" name="intent" value={EVENTS_INTENT.select} />
                    <Button type="submit" size="sm" variant={e.event_id === currentEventId ? "primary" : "secondary"}>
                      Select<span className="visually-hidden"> {e.title}</span>
                    </Button>
                  </Form>
                  {e.canArchive ? (
                    <ConfirmDialog
                      action={paths.adminEvents(e.event_id)}
                      fields={{ intent: EVENTS_INTENT.archive }}
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
  );
}
