/**
 * The monitors' feed: one reading of an event's monitor state per change, per app process, shared by every monitor
 * screen of the event that this process serves, however many there are. A change anywhere the monitors look (a bid,
 * the clerk's console, a pledge, a donation, a raffle draw, a setting) asks for a new reading; readings come at most every READ_INTERVAL_MS,
 * and one that comes during a reading is served by the next. Each reading goes out as one JSON text to every screen.
 */
import { eventTopic, liveTopic } from "~/bidding/bid-messages.server";
import { donationTopic } from "~/billing/donation-topic";
import { paddleRaiseTopic } from "~/paddle-raise/topic";
import { raffleTopic } from "~/raffles/topic";
import { realtimeBus } from "~/realtime/bus.server";
import { eventDataTopic } from "~/realtime/data-area-topics";
import { readMonitorState } from "./monitor-state.server";
import { monitorTopic } from "./topic";
import type { Database, DatabaseConnection } from "~/db/connection.server";

export const READ_INTERVAL_MS = 100;

/** A reading as it goes to the screens: the state as JSON (null when the event is gone). */
export type MonitorReading = { json: string };
type Listener = (reading: MonitorReading) => void;

interface Feed {
  listeners: Set<Listener>;
  latest: MonitorReading | null;
  first: Promise<void>;
  leaveBus: (() => void) | null;
  timer: ReturnType<typeof setTimeout> | null;
  reading: boolean;
  again: boolean;
  lastRead: number;
  closed: boolean;
}

const feeds = new Map<string, Feed>();

/**
 * Follows an event's monitor state: `listener` gets every new reading; the reading to start from is returned.
 * `leave` must be called when the screen goes.
 */
export async function followMonitorState(
  db: Database,
  connection: DatabaseConnection,
  eventId: number,
  listener: Listener,
): Promise<{ reading: MonitorReading; leave: () => void }> {
  const key = `${eventId}`;
  let feed = feeds.get(key);
  if (!feed) {
    feed = openFeed(db, connection, eventId, () => feeds.delete(key));
    feeds.set(key, feed);
  }
  feed.listeners.add(listener);
  const current = feed;
  const leave = () => {
    current.listeners.delete(listener);
    if (current.listeners.size === 0) closeFeed(current, () => feeds.get(key) === current && feeds.delete(key));
  };
  try {
    await current.first;
  } catch (error) {
    leave();
    throw error;
  }
  return { reading: current.latest!, leave };
}

/** How many events' feeds this process keeps open (for tests: a feed closes with its last screen). */
export function openFeedCount() {
  return feeds.size;
}

function openFeed(db: Database, connection: DatabaseConnection, eventId: number, forget: () => void): Feed {
  const feed: Feed = {
    listeners: new Set(),
    latest: null,
    first: Promise.resolve(),
    leaveBus: null,
    timer: null,
    reading: false,
    again: false,
    lastRead: 0,
    closed: false,
  };
  const read = async () => {
    feed.timer = null;
    feed.reading = true;
    feed.lastRead = Date.now();
    try {
      const reading = { json: JSON.stringify(await readMonitorState(db, eventId)) };
      feed.latest = reading;
      for (const listener of feed.listeners) listener(reading);
    } catch (error) {
      // The screens keep what they show; the next change tries again.
      console.error("[monitors] could not read the monitor state:", error);
    } finally {
      feed.reading = false;
    }
    if (feed.again) {
      feed.again = false;
      schedule();
    }
  };
  const schedule = () => {
    if (feed.closed) return;
    if (feed.reading) feed.again = true;
    else feed.timer ??= setTimeout(read, Math.max(0, feed.lastRead + READ_INTERVAL_MS - Date.now()));
  };
  const bus = realtimeBus(connection);
  const subscriber = { onMessage: schedule, onResync: schedule };
  const topics = [
    eventTopic,
    liveTopic,
    paddleRaiseTopic,
    donationTopic,
    raffleTopic,
    monitorTopic,
    eventDataTopic,
  ].map((topic) => topic(eventId));
  feed.first = (async () => {
    const leaves = await Promise.all(topics.map((topic) => bus.subscribe(topic, subscriber)));
    feed.leaveBus = () => leaves.forEach((leaveTopic) => leaveTopic());
    // The last screen may have gone while the bus was joined.
    if (feed.closed) feed.leaveBus();
    feed.lastRead = Date.now();
    feed.latest = { json: JSON.stringify(await readMonitorState(db, eventId)) };
  })();
  feed.first.catch(() => {
    closeFeed(feed, forget);
  });
  return feed;
}

function closeFeed(feed: Feed, forget: () => void) {
  feed.closed = true;
  if (feed.timer) clearTimeout(feed.timer);
  feed.timer = null;
  feed.leaveBus?.();
  feed.leaveBus = null;
  forget();
}
