/**
 * What a station says about its queue, always in view (docs/stations-offline.md): online, offline with N entries
 * saved on this device, sending N, or signed out with entries waiting; what came of a replay; each entry still
 * waiting; and, for a station whose answers are one message, what came of the latest entry.
 */
import type { StationMessage } from "../station-entry";
import type { StationQueue } from "../use-station-queue";

export function StationBar({
  queue: { status, waiting, replay, latest },
  signInHref,
  timezone,
  showsAnswer = false,
}: {
  queue: StationQueue<unknown>;
  signInHref: string;
  /** The event's time zone: an entry's time reads as the rest of the station's times do. */
  timezone: string;
  /** The station's answers are StationMessages, said under the bar (the door says its own in its status line). */
  showsAnswer?: boolean;
}) {
  const answer = showsAnswer ? (latest?.answer as StationMessage | null | undefined) : null;
  const clock = new Intl.DateTimeFormat("en-US", { timeStyle: "short", timeZone: timezone });
  const count = waiting.length;
  const entries = `${count} ${count === 1 ? "entry" : "entries"}`;
  return (
    <>
      <section className={`station-bar station-bar--${status}`} aria-label="Connection">
        <p className="station-bar__line" role="status" aria-live="polite">
          <span className="station-bar__dot" aria-hidden="true" />
          {status === "online" ? (
            <span>
              <strong>Online.</strong> Every action is saved on the server as you take it.
            </span>
          ) : status === "offline" ? (
            <span>
              <strong>Offline.</strong>{" "}
              {count > 0
                ? `${entries} saved on this device, sent when the network is back. Keep this page open.`
                : "Keep working: what you do is saved on this device and sent when the network is back."}
            </span>
          ) : status === "sending" ? (
            <span>
              <strong>Sending {entries}…</strong>
            </span>
          ) : (
            <span>
              <strong>Signed out.</strong> {entries} saved on this device wait to be sent:{" "}
              <a href={signInHref} target="_blank" rel="noreferrer">
                sign in again
              </a>{" "}
              in a new tab, then come back here.
            </span>
          )}
        </p>
        {replay ? (
          <p className="station-bar__replay">
            Back online: {replay.sent} {replay.sent === 1 ? "entry" : "entries"} taken offline sent
            {replay.conflicts > 0
              ? `; ${replay.conflicts} the server turned down, listed under “To deal with”.`
              : ", all recorded."}
          </p>
        ) : null}
        {/* Folded, and there from the moment the station is offline: the screen below must not move as entries
            queue up, or a tap meant for one guest lands on the next. */}
        {status !== "online" || count > 0 ? (
          <details className="station-bar__details">
            <summary>Waiting to send: {count}</summary>
            <ol className="station-bar__waiting" aria-label="Waiting to send">
              {waiting.map((entry) => (
                <li key={entry.key}>
                  <span>{entry.label}</span>{" "}
                  <time dateTime={entry.occurredAt} className="station-bar__time">
                    {clock.format(new Date(entry.occurredAt))}
                  </time>
                </li>
              ))}
            </ol>
          </details>
        ) : null}
      </section>
      {answer ? (
        <p className={`station-answer station-answer--${answer.tone}`} role="status">
          {answer.message}
        </p>
      ) : null}
    </>
  );
}
