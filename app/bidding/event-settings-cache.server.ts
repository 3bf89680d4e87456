/**
 * Each process's copy of the events' rows and auction rules that the bidder pages and every bid read
 * (decision 043). A copy counts while the event's settings_version is the one the request reads with its bidder:
 * database triggers bump it in the transaction of any change to the event's row or its rules, so a save takes effect
 * on the next request in every process, with no message between processes to wait for or to lose.
 */
import { db, perDatabase } from "~/db.server";
import { publicEventRow, type PublicEvent } from "~/events/public-event.server";
import { loadEventAuctionRules, type EventAuctionRules } from "./auction-rules.server";

export interface EventSettings {
  event: PublicEvent;
  /** Null when the event's auctions take no bids (archived). */
  rules: EventAuctionRules | null;
}

/** An event's settings as of one settings_version; frozen, since every request of this process shares them. */
interface CachedSettings extends EventSettings {
  version: number;
}

/** Events a process keeps: far more than one organisation runs at once; past it, the oldest is dropped. */
const MOST_EVENTS = 500;
const cached = perDatabase(() => new Map<number, CachedSettings>());

/**
 * The event's row and rules at `version` (the event's settings_version just read): the process's copy when it is of
 * that version, otherwise read now and kept. Undefined when there is no such event.
 */
export async function eventSettingsAt(eventId: number, version: number): Promise<EventSettings | undefined> {
  const kept = cached().get(eventId);
  if (kept?.version === version) return kept;
  const [event, rules] = await Promise.all([publicEventRow(eventId), loadEventAuctionRules(db, eventId)]);
  if (!event) return undefined;
  // Two statements: kept only when both read the same version, i.e. no change committed between them.
  if (rules !== null && rules.settingsVersion === event.settings_version) keep(eventId, event, rules);
  return { event, rules };
}

function keep(eventId: number, event: PublicEvent, rules: EventAuctionRules) {
  const cache = cached();
  cache.delete(eventId);
  if (cache.size >= MOST_EVENTS) cache.delete(cache.keys().next().value!);
  cache.set(eventId, {
    version: event.settings_version,
    event: Object.freeze(event),
    rules: Object.freeze(rules),
  });
}
