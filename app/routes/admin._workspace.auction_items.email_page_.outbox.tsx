import { Link, useLoaderData } from "@remix-run/react";
import { requireEventPermission } from "~/auth/access.server";
import { eventSettings } from "~/events/event-settings.server";
import { parseForm } from "~/forms/form-contract";
import { readPostedForm } from "~/forms/posted-form.server";
import { backWithToast } from "~/http/toast.server";
import { retrySchema } from "~/messages/message-forms";
import { MESSAGE_STATUSES, outboxSearch, readOutboxFilters } from "~/messages/outbox-filters";
import { listOutbox, outboxTallies, retryMessage } from "~/messages/outbox-list.server";
import { TEMPLATES, type TemplateName } from "~/messages/templates";
import { MessagesTabs } from "~/messages/ui/messages-tabs";
import { OutboxFilterForm } from "~/messages/ui/outbox-filters";
import { OutboxTable } from "~/messages/ui/outbox-table";
import messagesHref from "~/styles/messages.css";
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
      <OutboxFilterForm filters={filters} eventIdInQuery={eventIdInQuery} />
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
        <OutboxTable entries={entries} />
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
