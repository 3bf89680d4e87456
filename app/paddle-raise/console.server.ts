/**
 * What the clerk's paddle raise screen (/admin/bids/paddleraises) loads: the event's raises, the one being run
 * (?raise=, else the first open one), its levels with their counts, the log, the recent gifts, and every paddle
 * with its holder's name.
 */
import { eq, sql } from "drizzle-orm";
import { event, pledge } from "~drizzle/schema";
import { levelCounts, pledgeLog, raiseSummaries, recentGifts } from "./board.server";
import { paddleDirectory } from "./pledges.server";
import type { Permission } from "~/auth/permissions";
import type { Database } from "~/db/connection.server";

/** A bid spotter or whoever runs the room: the same rule as app/auth/route-access.ts. */
export const PADDLE_RAISE_STAFF: Permission[] = ["can_bid", "can_control_event"];

/**
 * Changes whenever a pledge of the event is added, cancelled or corrected: the live stream's snapshot, which tells
 * the screen whether it missed anything while disconnected.
 */
export async function pledgesMarker(db: Database, eventId: number): Promise<string> {
  const [row] = await db
    .select({
      last: sql<number>`coalesce(max(${pledge.pledge_id}), 0)::int`,
      changed: sql<string>`coalesce(max(${pledge.changed_at})::text, '')`,
    })
    .from(pledge)
    .where(eq(pledge.event_id, eventId));
  return `${row.last}/${row.changed}`;
}

async function eventDisplay(db: Database, eventId: number) {
  const [row] = await db
    .select({ currency: event.currency, timezone: event.timezone })
    .from(event)
    .where(eq(event.event_id, eventId));
  return { currency: row?.currency ?? "USD", timezone: row?.timezone || "UTC" };
}

export async function paddleRaiseConsole(db: Database, eventId: number, requestedRaise: number | null) {
  const [raises, { currency, timezone }, directory, marker] = await Promise.all([
    raiseSummaries(db, eventId),
    eventDisplay(db, eventId),
    paddleDirectory(db, eventId),
    pledgesMarker(db, eventId),
  ]);
  const raise =
    raises.find((candidate) => candidate.id === requestedRaise) ??
    raises.find((candidate) => candidate.isActive) ??
    raises[0] ??
    null;
  const [levels, log, recent] = raise
    ? await Promise.all([levelCounts(db, raise.id), pledgeLog(db, raise.id), recentGifts(db, raise.id)])
    : [[], [], []];
  // Times are written on the server, in the event's time zone, so the page reads the same wherever it is opened.
  const clock = new Intl.DateTimeFormat("en-US", { timeStyle: "short", timeZone: timezone });
  const stamp = (iso: string | null) => (iso ? clock.format(new Date(iso)) : null);
  const entries = log.map((entry) => ({ ...entry, atLabel: stamp(entry.at)!, changedAtLabel: stamp(entry.changedAt) }));
  return { raises, raise, levels, log: entries, recent, currency, timezone, directory, marker };
}

export type PaddleRaiseConsoleData = Awaited<ReturnType<typeof paddleRaiseConsole>>;
