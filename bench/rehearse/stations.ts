/**
 * --stations: the offline stations drill (issue 36). Four staff stations speak the stations' queue as the app's pages
 * do (app/stations/use-station-queue.ts): the two doors' check-ins and two paddle-raise consoles' pledges each go into
 * a station's queue with a key and the time they were taken, and are sent in order, one at a time, to the station's
 * `…/sync` route. Each station loses the network at random moments of the evening (outages of 1 to 6 of the
 * evening's minutes): what it takes meanwhile waits, and goes when it is back. One send in ten loses its answer (the
 * connection dies after the request left) and is sent again. At the end every entry taken must have been answered,
 * once each in station_entry, with the answer the station was given.
 */
import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { and, eq, inArray } from "drizzle-orm";
import { station_entry } from "~drizzle/schema";
import { sleep } from "../support/stats";
import type { SeededRandom } from "../../tests/support/seeded-random";
import type { Browser } from "./browser";
import type { Night } from "./night";
import type { Database } from "~/db/connection.server";
import type { SyncAnswer } from "~/stations/station-entry";

const LOST_ANSWER_CHANCE = 0.1;

interface Entry {
  key: string;
  intent: string;
  fields: Record<string, string>;
  occurredAt: Date;
  takenOffline: boolean;
  settle: (answer: SyncAnswer) => void;
}

/** One station: its queue, its outages, and what came of each entry. */
export class StationLink {
  private readonly queue: Entry[] = [];
  private draining = false;
  /** performance.now() until which the station has no network; 0 when it has. */
  private downUntil = 0;
  /** When the current outage began (performance.now()), for what the station's list holds. */
  downSince = 0;
  readonly outages: { minute: number; minutes: number }[] = [];
  readonly answers = new Map<string, SyncAnswer>();
  taken = 0;
  takenOffline = 0;
  lostAnswers = 0;
  replays = 0;
  longestWaitMs = 0;

  constructor(
    readonly name: string,
    private readonly browser: Browser,
    private readonly syncPath: string,
    private readonly random: SeededRandom,
  ) {}

  get down() {
    return performance.now() < this.downUntil;
  }

  /** Loses the network for `ms`; what waits is sent when it is back. */
  cut(ms: number, minute: number) {
    this.downSince = performance.now();
    this.downUntil = this.downSince + ms;
    this.outages.push({ minute, minutes: 0 });
    setTimeout(() => void this.drain(), ms + 5);
  }

  /** Takes an action: answers the server's answer, however long the station waits to send it. */
  take(intent: string, fields: Record<string, string>): Promise<SyncAnswer> {
    this.taken += 1;
    if (this.down) this.takenOffline += 1;
    return new Promise((settle) => {
      this.queue.push({ key: randomUUID(), intent, fields, occurredAt: new Date(), takenOffline: this.down, settle });
      void this.drain();
    });
  }

  /** Sends what waits, in order, one at a time, while the network is there. */
  private async drain() {
    if (this.draining) return;
    this.draining = true;
    try {
      while (this.queue.length > 0 && !this.down) {
        const entry = this.queue[0];
        const posted = {
          intent: entry.intent,
          ...entry.fields,
          entry_key: entry.key,
          occurred_at: entry.occurredAt.toISOString(),
          sent_at: new Date().toISOString(),
          taken_offline: entry.takenOffline ? "yes" : "no",
        };
        const answer = await this.browser.send("POST", this.syncPath, posted);
        // The connection died after the request left: the station never saw the answer, and sends it again.
        const lost = answer.status === 200 && this.random.chance(LOST_ANSWER_CHANCE);
        if (answer.status !== 200 || lost) {
          if (lost) this.lostAnswers += 1;
          entry.takenOffline = true;
          await sleep(250);
          continue;
        }
        const synced = JSON.parse(answer.text) as SyncAnswer;
        if (synced.replayed) this.replays += 1;
        this.queue.shift();
        this.answers.set(entry.key, synced);
        this.longestWaitMs = Math.max(this.longestWaitMs, Date.now() - entry.occurredAt.getTime());
        entry.settle(synced);
      }
    } finally {
      this.draining = false;
    }
  }

  /** Waits until everything taken has been answered (the network back, the queue empty). */
  async settled() {
    while (this.queue.length > 0 || this.draining) {
      void this.drain();
      await sleep(100);
    }
  }
}

export interface StationLinks {
  door1: StationLink;
  door2: StationLink;
  pledges1: StationLink;
  pledges2: StationLink;
}

/** The four stations, with outages while they work: the doors in minutes 0–14, the paddle raise in 45–51. */
export function openStations(night: Night): StationLinks {
  const { gala, staff, random } = night;
  const door = `/admin/registration/checkinout/sync?id=${gala.eventId}`;
  const raise = `/admin/bids/paddleraises/sync?id=${gala.eventId}`;
  const links: StationLinks = {
    door1: new StationLink("door 1", staff.door1, door, random),
    door2: new StationLink("door 2", staff.door2, door, random),
    pledges1: new StationLink("paddle raise 1", staff.spotter, raise, random),
    pledges2: new StationLink("paddle raise 2", staff.organiser, raise, random),
  };
  void playOutages(night, links.door1, { from: 0, to: 14, longest: 4 });
  void playOutages(night, links.door2, { from: 0, to: 14, longest: 4 });
  void playOutages(night, links.pledges1, { from: 45, to: 51, longest: 2 });
  void playOutages(night, links.pledges2, { from: 45, to: 51, longest: 2 });
  return links;
}

/** Two or three outages starting between `from` and `to`, each from half a minute to `longest` minutes. */
async function playOutages(night: Night, link: StationLink, window: { from: number; to: number; longest: number }) {
  const { random } = night;
  const span = window.to - window.from;
  const starts = Array.from({ length: 2 + random.below(2) }, () => window.from + random.below(span * 10) / 10);
  for (const start of starts.sort((a, b) => a - b)) {
    await night.at(start);
    if (link.down) continue;
    const minutes = 0.5 + random.below((window.longest - 0.5) * 10) / 10;
    link.cut((minutes * 60_000) / night.speed, start);
    link.outages[link.outages.length - 1].minutes = minutes;
  }
}

export interface StationsReport {
  stations: {
    name: string;
    taken: number;
    takenOffline: number;
    outages: { minute: number; minutes: number }[];
    lostAnswers: number;
    replays: number;
    longestWaitMs: number;
    outcomes: Record<string, number>;
  }[];
  /** Every entry answered, once each in station_entry, with the outcome the station was given. */
  accountedFor: boolean;
  problems: string[];
}

/** Waits for every station to have sent everything, then accounts for each entry in the database. */
export async function accountForStations(db: Database, eventId: number, links: StationLinks): Promise<StationsReport> {
  await Promise.all(Object.values(links).map((link) => link.settled()));
  const problems: string[] = [];
  const all = Object.values(links).flatMap((link) => [...link.answers]);
  for (const link of Object.values(links))
    if (link.answers.size !== link.taken)
      problems.push(`${link.name}: ${link.taken} entries taken, ${link.answers.size} answered`);
  const keys = all.map(([key]) => key);
  const stored =
    keys.length === 0
      ? []
      : await db
          .select({ key: station_entry.entry_key, outcome: station_entry.outcome })
          .from(station_entry)
          .where(and(eq(station_entry.event_id, eventId), inArray(station_entry.entry_key, keys)));
  const storedBy = new Map<string, string[]>();
  for (const row of stored) storedBy.set(row.key, [...(storedBy.get(row.key) ?? []), row.outcome]);
  for (const [key, answer] of all) {
    const rows = storedBy.get(key) ?? [];
    if (rows.length !== 1) problems.push(`entry ${key}: ${rows.length} rows in station_entry`);
    else if (rows[0] !== answer.outcome) problems.push(`entry ${key}: answered ${answer.outcome}, stored ${rows[0]}`);
  }
  return {
    stations: Object.values(links).map((link) => ({
      name: link.name,
      taken: link.taken,
      takenOffline: link.takenOffline,
      outages: link.outages,
      lostAnswers: link.lostAnswers,
      replays: link.replays,
      longestWaitMs: link.longestWaitMs,
      outcomes: [...link.answers.values()].reduce<Record<string, number>>((counts, answer) => {
        counts[answer.outcome] = (counts[answer.outcome] ?? 0) + 1;
        return counts;
      }, {}),
    })),
    accountedFor: problems.length === 0,
    problems: problems.slice(0, 20),
  };
}
