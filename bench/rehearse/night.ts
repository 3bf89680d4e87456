/**
 * What the acts of the evening share: the clock (minutes of the evening, played `speed` times faster), the guests as
 * the rehearsal knows them, the seeded chance, the tally, and the record of every answer the app acknowledged, which
 * the checks afterwards look for in the database.
 */
import { performance } from "node:perf_hooks";
import { seededRandom, type SeededRandom } from "../../tests/support/seeded-random";
import { sleep } from "../support/stats";
import { Browser, type Answer, type Retrying } from "./browser";
import type { Gala } from "./gala";
import type { Stream } from "./silent";
import type { Stage } from "./stage";
import type { StationLinks } from "./stations";
import type { Outcome, Tally } from "./tally";

export interface Guest {
  usrId: number;
  email: string;
  name: string;
  phone: Browser;
  /** A phone without JavaScript: its posts are document posts. */
  noScript: boolean;
  registrantId: number | null;
  /** --stations: when the doors' lists learnt the guest (performance.now()). */
  listedAt?: number;
  paddle: number | null;
  checkedIn: boolean;
  /** The card saved on file, if any ("declining" saves, then declines when charged). */
  card: "good" | "declining" | null;
}

/** What the app acknowledged: each must be in the database afterwards. */
export interface Acknowledged {
  bids: { usrId: number; key: string; itemId: number; amount: number | null; buyNow: boolean }[];
  checkIns: Set<number>;
  pledges: { key: string; paddle: number; amount: number }[];
  raffleSales: { submission: string; paddle: number }[];
  /** Cash and checks taken at the desks: the form's submission key and its amount. */
  deskPayments: Map<string, { amount: number; method: "cash" | "check" }>;
  /** Gifts paid on the sandbox's card page (the page answered with the way back to the app). */
  cardGifts: number;
  lotsSold: number;
}

export interface Night {
  stage: Stage;
  gala: Gala;
  tally: Tally;
  random: SeededRandom;
  speed: number;
  guests: Guest[];
  staff: Record<keyof Gala["team"], Browser>;
  acknowledged: Acknowledged;
  /** The phones' open streams of the silent auction (the room's screen aside). */
  streams: Stream[];
  /** --stations: the doors and the paddle raise work through their stations' queues, with outages (stations.ts). */
  links: StationLinks | null;
  log(line: string): void;
  /** Resolves at `minute` of the evening (at once if it has passed). */
  at(minute: number): Promise<void>;
  /** The evening's minute now. */
  minute(): number;
  /** Records the answer of an action of `kind`: ok, refused (a rule of the product said no), or an error. */
  judge(kind: string, answer: Answer, ok: (answer: Answer) => boolean, refused?: (answer: Answer) => boolean): Outcome;
}

/**
 * The evening as the rehearsal plays it, starting at `startsAt` (epoch ms; the silent auction's close was set from it
 * before the app started).
 */
export async function openNight(
  stage: Stage,
  tally: Tally,
  { speed, seed, startsAt, chaos }: { speed: number; seed: number; startsAt: number; chaos: boolean },
  log: (line: string) => void,
) {
  const random = seededRandom(seed);
  const { gala } = stage;
  // Under --chaos people try again what failed, as the pages and the desk do; otherwise a failure is the answer.
  const retrying: Retrying | undefined = chaos
    ? { retryForMs: 60_000, failed: (kind, example) => tally.error(kind, example) }
    : undefined;
  const staff = {} as Night["staff"];
  for (const [role, usrId] of Object.entries(gala.team) as [keyof Gala["team"], number][])
    staff[role] = new Browser(stage.app.url, await stage.cookieOf(usrId), retrying);
  const guests: Guest[] = [];
  for (const person of gala.guests)
    guests.push({
      usrId: person.usrId,
      email: person.email,
      name: `${person.firstName} ${person.lastName}`,
      phone: new Browser(stage.app.url, await stage.cookieOf(person.usrId), retrying),
      noScript: random.chance(0.3),
      registrantId: null,
      paddle: null,
      checkedIn: false,
      card: null,
    });
  const startedAt = performance.now() + (startsAt - Date.now());
  const msPerMinute = 60_000 / speed;
  const night: Night = {
    stage,
    gala,
    tally,
    random,
    speed,
    guests,
    staff,
    acknowledged: {
      bids: [],
      checkIns: new Set(),
      pledges: [],
      raffleSales: [],
      deskPayments: new Map(),
      cardGifts: 0,
      lotsSold: 0,
    },
    streams: [],
    links: null,
    log,
    at: async (minute) => {
      await sleep(Math.max(0, startedAt + minute * msPerMinute - performance.now()));
    },
    minute: () => (performance.now() - startedAt) / msPerMinute,
    judge(kind, answer, ok, refused) {
      const outcome: Outcome = ok(answer) ? "ok" : refused?.(answer) ? "refused" : "error";
      tally.record(kind, outcome, answer.ms);
      if (outcome === "error") tally.error(`${kind}: ${answer.status}`, alertIn(answer.text) ?? answer.text);
      return outcome;
    },
  };
  return night;
}

/** A redirect (a document post's 302/303, or single fetch's 202/204). */
export const redirected = (answer: Answer) => [202, 204, 302, 303].includes(answer.status);
/** Answered with data or a page (200), not a redirect nor a refusal. */
export const answered = (answer: Answer) => answer.status === 200;
/** Refused beside its fields (400) or as a conflict (409). */
export const refusedByRule = (answer: Answer) => answer.status === 400 || answer.status === 409;

/** The page's message about the whole form (FormAlert, role="alert"), if it shows one. */
function alertIn(text: string): string | null {
  const found = /role="alert"[^>]*>([\s\S]*?)<\/p>/.exec(text)?.[1];
  return found ? `the page says: ${found.replace(/<[^>]+>/g, "")}` : null;
}

/** Runs `work` for each of `list`, `width` at a time. */
export async function inTurn<T>(list: T[], width: number, work: (entry: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, list.length) }, async () => {
      while (next < list.length) await work(list[next++]);
    }),
  );
}

/** The value of a form's hidden field in a page (`name` first or `value` first), or in single fetch's data. */
export function fieldIn(text: string, name: string): string | null {
  return (
    new RegExp(`name="${name}"[^>]*?value="([^"]*)"`).exec(text)?.[1] ??
    new RegExp(`value="([^"]*)"[^>]*?name="${name}"`).exec(text)?.[1] ??
    null
  );
}
