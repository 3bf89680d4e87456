import { Link } from "@remix-run/react";
import { EmptyState } from "~/ui/empty-state";
import { AUDIENCES } from "../message-forms";
import type { listBroadcasts } from "../broadcasts.server";
import type { SerializeFrom } from "@remix-run/node";

/** A send to guests as the list shows it, its time written in the event's time zone. */
export type SentBroadcast = Omit<SerializeFrom<typeof listBroadcasts>[number], "createdAt"> & { createdAt: string };

/** The sends to guests, newest first, each with how far its sending has got; a send's link opens its deliveries. */
export function SentBroadcasts({ broadcasts }: { broadcasts: SentBroadcast[] }) {
  return (
    <section aria-labelledby="sends-title" className="settings-form">
      <h2 id="sends-title">Sent</h2>
      {broadcasts.length === 0 ? (
        <EmptyState
          size="sm"
          headingLevel={3}
          title="Nothing sent yet"
          text="Each message you send to guests is listed here, with how far its sending has got."
        />
      ) : (
        <ul className="stack">
          {broadcasts.map((broadcast) => {
            const done = broadcast.sent + broadcast.failed + broadcast.skipped;
            return (
              <li key={broadcast.id}>
                <Link to={`?broadcast=${broadcast.id}`}>
                  {broadcast.channel === "email" ? broadcast.subject : broadcast.body.slice(0, 60)}
                </Link>{" "}
                · {AUDIENCES[broadcast.audience as keyof typeof AUDIENCES] ?? broadcast.audience} ·{" "}
                {broadcast.createdAt}
                <br />
                <progress
                  className="send-progress"
                  max={broadcast.total}
                  value={done}
                  aria-label={`Progress of “${broadcast.subject ?? "text"}”`}
                />
                <span>
                  {broadcast.sent} sent · {broadcast.queued} queued · {broadcast.failed} failed · {broadcast.skipped}{" "}
                  not sent (opted out or no address)
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
