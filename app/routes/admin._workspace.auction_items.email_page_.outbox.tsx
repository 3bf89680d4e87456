import { Form, Link, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { requireEventPermission } from "~/auth/access.server";
import { eventSettings } from "~/events/event-settings.server";
import { parseForm } from "~/forms/form-contract";
import { readPostedForm } from "~/forms/posted-form.server";
import { backWithToast } from "~/http/toast.server";
import { RETRY_FORM, retrySchema } from "~/messages/message-forms";
import { MESSAGE_KINDS, MESSAGE_STATUSES, outboxSearch, readOutboxFilters } from "~/messages/outbox-filters";
import { listOutbox, outboxTallies, retryMessage } from "~/messages/outbox-list.server";
import { TEMPLATES, type TemplateName } from "~/messages/templates";
import { MessagesTabs } from "~/messages/ui/messages-tabs";
import messagesHref from "~/styles/messages.css";
import { Button } from "~/ui/button";
import { EmptyState } from "~/ui/empty-state";
import { titleMeta } from "~/ui/error-page";
import { formatCount } from "~/ui/format";
import { formatInZone } from "~/ui/zoned-time";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: messagesHref }];

export const meta = titleMeta("Outbox · Messages · Gavel");

/**
 * /admin/auction_items/email_page/outbox: every message of the event (automatic ones, sends to guests, thank-yous,
 * team notices, tests), newest first, fifty at a time, with its status, tries and the provider's reason, filtered by
 * guest, kind and status with a GET form; a failed message can be retried (can_send_messages). The spec names the
 * messages screens email_page and its children but no outbox, so it is one of them, a tab beside "Write to guests".
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId, role } = await requireEventPermission(request, "can_send_messages");
  const url = new URL(request.url);
  const filters = readOutboxFilters(url.searchParams);
  const [page, tallies, settings] = await Promise.all([
    listOutbox(eventId, filters),
    outboxTallies(eventId),
    eventSettings(eventId),
  ]);
  const when = (date: Date | string | null) => (date ? formatInZone(date, settings.timezone) : null);
  const queryId = url.searchParams.get("id") && /^\d{1,9}$/.test(url.searchParams.get("id")!) ? eventId : null;
  return {
    filters,
    eventIdInQuery: queryId,
    tallies,
    canThankDonors: role.can_edit_auction_items,
    entries: page.entries.map((entry) => ({
      ...entry,
      kind: TEMPLATES[entry.template as TemplateName]?.label ?? entry.template,
      createdAt: when(entry.createdAt)!,
      sentAt: when(entry.sentAt),
      dueAt: when(entry.dueAt)!,
      retriedAt: when(entry.retriedAt),
    })),
    olderHref: page.olderBefore === null ? null : outboxSearch(filters, queryId, page.olderBefore),
    newestHref: filters.before === null ? null : outboxSearch(filters, queryId, null),
  };
}

/** A retry of a failed message, checked on the server: the permission, the event, and that it is still failed. */
export async function action({ request }: ActionFunctionArgs) {
  const { eventId, user } = await requireEventPermission(request, "can_send_messages");
  const submission = parseForm(await readPostedForm(request), retrySchema);
  if (submission.status !== "success") throw new Response("This retry is not one the page offers.", { status: 400 });
  const outcome = await retryMessage(eventId, {
    messageId: submission.value.message_id,
    seenRetryCount: submission.value.retry_count,
    usrId: user.usr_id,
  });
  if (outcome === null) throw new Response("This message is not one of the event's.", { status: 404 });
  return backWithToast(
    request,
    outcome === "retried"
      ? { title: "Sending it again", description: "It leaves within a few seconds; its status follows here." }
      : {
          type: "info",
          title: outcome === "already_retried" ? "Already retried" : "Nothing to retry",
          description:
            outcome === "already_retried"
              ? "Someone retried this message already: it was not sent twice."
              : "Only a failed message can be retried.",
        },
  );
}

const STATUS_ORDER = ["failed", "queued", "sending", "sent", "skipped"] as const;

export default function OutboxPage() {
  const { filters, eventIdInQuery, tallies, canThankDonors, entries, olderHref, newestHref } =
    useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const filtered = Boolean(filters.guest || filters.kind || filters.status);
  return (
    <>
      <div className="page-header">
        <h1>Outbox</h1>
        <p>
          Every message of this event, automatic and sent by the team, newest first: whether it went, how many tries it
          took, and what the email server or Twilio said. A failed message can be sent again.
        </p>
        <MessagesTabs canThankDonors={canThankDonors} />
      </div>
      <ul className="outbox-tallies" aria-label="Messages by status">
        {STATUS_ORDER.map((status) => (
          <li key={status}>
            <span className={`outbox-status outbox-status--${status}`}>{MESSAGE_STATUSES[status]}</span>{" "}
            {formatCount(tallies[status] ?? 0)}
          </li>
        ))}
      </ul>
      <Form method="get" className="outbox-filters" aria-label="Filter the messages">
        {eventIdInQuery !== null ? <input type="hidden" name="id" value={eventIdInQuery} /> : null}
        <div className="outbox-filters__field">
          <label htmlFor="outbox-guest">Guest</label>
          <input
            id="outbox-guest"
            name="guest"
            type="search"
            defaultValue={filters.guest}
            placeholder="Name, email or phone"
            maxLength={100}
          />
        </div>
        <div className="outbox-filters__field">
          <label htmlFor="outbox-kind">Kind</label>
          <select id="outbox-kind" name="kind" defaultValue={filters.kind ?? ""}>
            <option value="">All kinds</option>
            {MESSAGE_KINDS.map((kind) => (
              <option key={kind.value} value={kind.value}>
                {kind.label}
              </option>
            ))}
          </select>
        </div>
        <div className="outbox-filters__field">
          <label htmlFor="outbox-status">Status</label>
          <select id="outbox-status" name="status" defaultValue={filters.status ?? ""}>
            <option value="">All statuses</option>
            {Object.entries(MESSAGE_STATUSES).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="outbox-filters__actions">
          <Button type="submit">Filter</Button>
          {filtered ? (
            <Link to={eventIdInQuery !== null ? `${pathname}?id=${eventIdInQuery}` : pathname}>Show all</Link>
          ) : null}
        </div>
      </Form>
      {entries.length === 0 ? (
        <EmptyState
          title={filtered ? "No messages match" : "No messages yet"}
          text={
            filtered
              ? "Try another guest, kind or status, or show all the messages."
              : "Outbid news, receipts, reminders and what the team sends to guests are listed here as they are written."
          }
        />
      ) : (
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
                          {entry.status === "sent"
                            ? entry.sentAt
                            : entry.status === "queued"
                              ? `Due ${entry.dueAt}`
                              : null}
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
      )}
      {olderHref || newestHref ? (
        <nav className="outbox-pages" aria-label="Pages of messages">
          {newestHref ? <Link to={newestHref}>Newest messages</Link> : <span />}
          {olderHref ? <Link to={olderHref}>Older messages</Link> : null}
        </nav>
      ) : null}
    </>
  );
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
