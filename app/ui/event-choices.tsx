import { formatInZone } from "./zoned-time";

/** An event a public path typed without ?id may show, as the chooser lists it (events/bare-path-event.server.ts). */
export type EventChoice = { title: string; startsAt: string | null; timezone: string; href: string };

/** The answer of a public path typed without ?id when it names no one event. */
export function isEventChoices(data: unknown): data is { choices: EventChoice[] } {
  return typeof data === "object" && data !== null && Array.isArray((data as { choices?: unknown }).choices);
}

/** The current public events, each a link to this page for it; or, with none, what to do instead. */
export function EventChoices({ choices }: { choices: EventChoice[] }) {
  if (choices.length === 0) {
    return <p>No event is open at the moment. Use the link your event sent you, or ask its organisers.</p>;
  }
  return (
    <>
      <p>Several events are open. Which one are you at?</p>
      <ul className="event-choices">
        {choices.map((choice) => (
          <li key={choice.href}>
            <a href={choice.href}>
              <span className="event-choices__title">{choice.title}</span>
              {choice.startsAt ? (
                <span className="event-choices__when">{formatInZone(choice.startsAt, choice.timezone)}</span>
              ) : null}
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}
