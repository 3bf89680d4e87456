/**
 * The event of a public page typed without ?id (/pi, /woa2025monitor on a projector; issue 33). The spec's rule comes
 * first: the signed-in user's selected event. Then the one public event running now (or, with none running, the next
 * to start). When that does not name one event, the visitor chooses from the current public events: never a 404 for
 * a path the product has. A monitor's address belongs to the event whose monitor is set up at it.
 */
import { and, asc, eq, gte, inArray, isNotNull, or, sql, type SQL } from "drizzle-orm";
import { db } from "~/db.server";
import { event } from "~drizzle/schema";
import { isEventLive } from "./feature-switches";
import type { EventChoice } from "~/ui/event-choices";

/** How long an event without an end time counts as running after its start. */
const RUNNING_WITHOUT_END_MS = 12 * 60 * 60 * 1000;
/** The choices listed, soonest first. */
const CHOICES_LISTED = 20;

/** Either the event to show, or the events to choose from. */
export type BarePathAnswer = { eventId: number } | { choices: EventChoice[] };

/** The address of the page for one event: the same path and query, with ?id. */
export function withEventId(url: URL, eventId: number): string {
  const params = new URLSearchParams(url.search);
  params.set("id", String(eventId));
  return `${url.pathname}?${params}`;
}

/**
 * The event a bare public path shows. `among` narrows the candidates (a monitor's address: the events whose monitor
 * is set up at it); when it holds exactly one event that is not archived, that event is the answer.
 */
export async function eventOfBarePath(
  url: URL,
  selectedEvent: number | null | undefined,
  among?: readonly number[],
  now = new Date(),
): Promise<BarePathAnswer> {
  const candidate = among ? inArray(event.event_id, [...among]) : undefined;
  if (selectedEvent != null && (!among || among.includes(selectedEvent))) {
    const [selected] = await db
      .select({ event_id: event.event_id })
      .from(event)
      .where(and(eq(event.event_id, selectedEvent), eq(event.is_archived, false)));
    if (selected) return { eventId: selected.event_id };
  }
  if (among) {
    const open = await db
      .select({ event_id: event.event_id })
      .from(event)
      .where(and(candidate, eq(event.is_archived, false)));
    if (open.length === 1) return { eventId: open[0].event_id };
  }
  const current = (await currentPublicEvents(candidate, now)).filter(isEventLive);
  const running = current.filter((row) => row.start_date_time! <= now);
  const upcoming = current.filter((row) => row.start_date_time! > now);
  if (running.length === 1) return { eventId: running[0].event_id };
  if (running.length === 0 && upcoming.length > 0) return { eventId: upcoming[0].event_id };
  return {
    choices: current.slice(0, CHOICES_LISTED).map((row) => ({
      title: row.title,
      startsAt: row.start_date_time?.toISOString() ?? null,
      timezone: row.timezone,
      href: withEventId(url, row.event_id),
    })),
  };
}

/** Events not archived, with a start time, that have not ended: running now or still to come, soonest first. */
async function currentPublicEvents(candidate: SQL | undefined, now: Date) {
  const stillOn = or(
    gte(event.end_date_time, now),
    and(
      sql`${event.end_date_time} is null`,
      gte(event.start_date_time, new Date(now.getTime() - RUNNING_WITHOUT_END_MS)),
    ),
  );
  return db
    .select()
    .from(event)
    .where(and(candidate, eq(event.is_archived, false), isNotNull(event.start_date_time), stillOn))
    .orderBy(asc(event.start_date_time), asc(event.event_id))
    .limit(200);
}
