import { Form, useNavigation } from "@remix-run/react";
import { Button } from "~/ui/button";
import { RETRY_FORM } from "../message-forms";
import { MESSAGE_STATUSES } from "../outbox-filters";
import type { OutboxEntry } from "../outbox-list.server";

/** A message as the outbox shows it: its template's label as its kind, its times in the event's time zone. */
export type OutboxRow = Omit<OutboxEntry, "createdAt" | "sentAt" | "dueAt" | "retriedAt"> & {
  kind: string;
  createdAt: string;
  sentAt: string | null;
  dueAt: string;
  retriedAt: string | null;
};

/** The outbox's messages, newest first: to whom, status, tries, the provider's reason, and a failed one's retry. */
export function OutboxTable({ entries }: { entries: OutboxRow[] }) {
  const navigation = useNavigation();
  return (
    <div className="table-wrap">
      <table className="data-table outbox-table">
        <caption className="visually-hidden">Messages, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Written</th>
            <th scope="col">To</th>
            <th scope="col">Kind</th>
            <th scope="col">Status</th>
            <th scope="col" className="data-table__number">
              Tries
            </th>
            <th scope="col">Reason</th>
            <th scope="col" className="data-table__actions">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => {
            const retrying =
              navigation.state === "submitting" && navigation.formData?.get("message_id") === String(entry.id);
            return (
              <tr key={entry.id}>
                <td data-label="Written">
                  <div>{entry.createdAt}</div>
                </td>
                <td data-label="To">
                  <div>
                    {entry.to}
                    {entry.address && entry.address !== entry.to ? (
                      <span className="outbox-table__address">{entry.address}</span>
                    ) : null}
                  </div>
                </td>
                <td data-label="Kind">
                  <div>
                    {entry.kind}
                    <span className="outbox-table__note">{entry.channel === "email" ? "Email" : "Text"}</span>
                  </div>
                </td>
                <td data-label="Status">
                  <div>
                    <span className={`outbox-status outbox-status--${entry.status}`}>
                      {MESSAGE_STATUSES[entry.status as keyof typeof MESSAGE_STATUSES] ?? entry.status}
                    </span>
                    <span className="outbox-table__note">
                      {entry.status === "sent" ? entry.sentAt : entry.status === "queued" ? `Due ${entry.dueAt}` : null}
                    </span>
                  </div>
                </td>
                <td data-label="Tries" className="data-table__number">
                  <div>{entry.tries}</div>
                </td>
                <td data-label="Reason" className="outbox-table__reason">
                  <div>
                    {entry.reason ?? ""}
                    {entry.retriedAt ? (
                      <span className="outbox-table__note">
                        Retried by {entry.retriedBy ?? "a team member"}, {entry.retriedAt}
                      </span>
                    ) : null}
                  </div>
                </td>
                <td data-label="" className="data-table__actions">
                  <div>
                    {entry.status === "failed" ? (
                      <Form method="post" replace preventScrollReset>
                        <input type="hidden" name="message_id" value={entry.id} />
                        <input type="hidden" name="retry_count" value={entry.retryCount} />
                        <Button
                          type="submit"
                          size="sm"
                          name="intent"
                          value={RETRY_FORM}
                          disabled={retrying}
                          aria-label={`Retry the ${entry.kind.toLowerCase()} to ${entry.to}`}
                        >
                          {retrying ? "Retrying…" : "Retry"}
                        </Button>
                      </Form>
                    ) : null}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
