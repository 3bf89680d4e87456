import { Form, Link } from "@remix-run/react";
import { EVENTS_INTENT } from "~/events/event-fields";
import { paths } from "~/http/paths";
import { Button, ButtonLink } from "~/ui/button";
import { EmptyState } from "~/ui/empty-state";
import type { HomeEvent } from "../home.server";

/** The signed-in person's events on the home page, each opened with a POST that makes it the current event. */
export function YourEvents({ events }: { events: HomeEvent[] }) {
  return (
    <section className="auth-panel home__panel" aria-labelledby="your-events">
      <h2 id="your-events">Your events</h2>
      {events.length === 0 ? (
        <EmptyState
          headingLevel={3}
          title="No events yet"
          text="Set up your organisation and its first event, or ask an organiser to invite you to their team."
          action={
            <ButtonLink to="/teamsignup" variant="primary">
              Set up your organisation
            </ButtonLink>
          }
        />
      ) : (
        <>
          <ul className="home__events">
            {events.map((event) => (
              <li key={event.eventId} className="home__event">
                <div className="home__event-text">
                  <h3>
                    {event.title}
                    {event.isArchived ? <span className="home__tag">Archived</span> : null}
                  </h3>
                  <p className="muted">{event.organisation}</p>
                  {event.dates ? <p>{event.dates}</p> : null}
                  <p className="home__role">{event.role}</p>
                </div>
                {event.isTeamMember ? (
                  <Form method="post" action={paths.adminEvents(event.eventId)}>
                    <input type="hidden" name="intent" value={EVENTS_INTENT.select} />
                    <Button type="submit" variant="primary">
                      Open<span className="visually-hidden"> {event.title}</span>
                    </Button>
                  </Form>
                ) : null}
              </li>
            ))}
          </ul>
          <p className="home__more">
            <Link to="/teamsignup">Set up another organisation</Link>
          </p>
        </>
      )}
    </section>
  );
}
