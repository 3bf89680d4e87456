/**
 * Times of an event are shown and entered in the EVENT's time zone, whatever the zone of the browser or the
 * server. Forms carry them as wall-clock strings "YYYY-MM-DDTHH:mm" (the value of `<input type="datetime-local">`)
 * and the action turns them into instants with the event's zone (decision 009). Client-safe: no server imports.
 */
const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;
const DAY_MS = 24 * 60 * 60 * 1000;

const knownZones = new Map<string, boolean>();

/** Whether the runtime knows this IANA time zone name (e.g. "America/New_York"). */
export function isValidTimeZone(timeZone: string): boolean {
  let known = knownZones.get(timeZone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat("en-US", { timeZone });
      known = timeZone !== "";
    } catch {
      known = false;
    }
    knownZones.set(timeZone, known);
  }
  return known;
}

// An event's zone is checked when the event is saved, so an unknown one here is a bug, not bad input: it throws
// rather than answer null, which an action would report to the person as a badly entered date.
function assertTimeZone(timeZone: string) {
  if (!isValidTimeZone(timeZone)) throw new RangeError(`Unknown time zone: "${timeZone}"`);
}

/**
 * The instant at which clocks in `timeZone` show `local` ("YYYY-MM-DDTHH:mm", seconds optional), or null when
 * `local` is not such a string or names no real date (31 April, 24:00).
 *
 * Daylight saving time:
 * - In a gap (clocks jump from 2:00 to 3:00, so 2:30 never happens) the answer is null: the form asks again
 *   rather than guess which hour was meant.
 * - In an overlap (clocks fall back from 2:00 to 1:00, so 1:30 happens twice) the answer is the EARLIER instant,
 *   the first time the clock shows that time (still on daylight time). A wall-clock string cannot say which one
 *   was meant; the earlier is what a person planning "1:30 that night" usually expects.
 *
 * Throws a RangeError for an unknown time zone.
 */
export function zonedInputToUtc(local: string, timeZone: string): Date | null {
  assertTimeZone(timeZone);
  const wall = parseWallTime(local);
  if (wall === null) return null;

  // The zone's offsets around that day (a day before and after catch both sides of any transition); each gives
  // a candidate instant, kept when the zone's clock really shows the wall time then.
  const candidates = [-DAY_MS, 0, DAY_MS]
    .map((shift) => wall - offsetAt(wall + shift, timeZone))
    .filter((instant) => instant + offsetAt(instant, timeZone) === wall)
    .sort((a, b) => a - b);
  return candidates.length > 0 ? new Date(candidates[0]!) : null;
}

/** "YYYY-MM-DDTHH:mm[:ss]" read as if it were UTC, in milliseconds; null when malformed or not a real time. */
export function parseWallTime(local: string): number | null {
  const match = WALL_TIME.exec(local.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (hour > 23 || minute > 59 || second > 59) return null;
  return utcMillis(year, month, day, hour, minute, second);
}

/** The wall time read as if it were UTC, in milliseconds; null when the day does not exist (30 February). */
function utcMillis(year: number, month: number, day: number, hour: number, minute: number, second: number) {
  // setUTCFullYear keeps years below 100 from being read as 19xx, as Date.UTC would.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  date.setUTCHours(hour, minute, second, 0);
  return date.getTime();
}

const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * How far the zone's clocks are ahead of UTC at an instant, in milliseconds. (date-fns-tz's getTimezoneOffset
 * reads its date as a wall time, which is ambiguous exactly where this module needs to be precise.)
 */
export function offsetAt(instant: number, timeZone: string): number {
  let format = wallClockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    wallClockFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(instant)).map((part) => [part.type, part.value]));
  const wall = utcMillis(+parts.year!, +parts.month!, +parts.day!, +parts.hour!, +parts.minute!, +parts.second!)!;
  const wholeSeconds = instant - (((instant % 1000) + 1000) % 1000);
  return wall - wholeSeconds;
}

function toDate(date: Date | string | null | undefined): Date | null {
  if (date == null || date === "") return null;
  const value = typeof date === "string" ? new Date(date) : date;
  return Number.isNaN(value.getTime()) ? null : value;
}

/**
 * The wall-clock time "YYYY-MM-DDTHH:mm" in `timeZone` at `date` (a Date or an ISO string), for a form field's
 * value; "" for null or an invalid date. Seconds are dropped. Throws a RangeError for an unknown time zone.
 */
export function utcToZonedInput(date: Date | string | null | undefined, timeZone: string): string {
  assertTimeZone(timeZone);
  const value = toDate(date);
  if (!value) return "";
  const wall = wallClock(value, timeZone);
  return `${dayKey(wall)}T${pad(wall.hour)}:${pad(wall.minute)}`;
}

export type ZonedFormatStyle = "datetime" | "date" | "time" | "long" | "stamp";

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** What the zone's clocks and calendars show at an instant: month 0–11, weekday 0 (Sunday) to 6. */
export type WallClock = {
  year: number;
  month: number;
  day: number;
  weekday: number;
  hour: number;
  minute: number;
  second: number;
};

/**
 * The zone's wall clock at `date`: the instant moved by the zone's offset then, read in UTC. (Formatting by hand
 * rather than with date-fns-tz keeps its 9 KB out of every page's scripts: the error page formats times.)
 */
export function wallClock(date: Date, timeZone: string): WallClock {
  const wall = new Date(date.getTime() + offsetAt(date.getTime(), timeZone));
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth(),
    day: wall.getUTCDate(),
    weekday: wall.getUTCDay(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  };
}

/** A number with leading zeros: 7 → "07". */
export const pad = (value: number, width = 2) => String(value).padStart(width, "0");

/** "2027-03-14": the wall clock's day, as forms and comparisons of days want it. */
export const dayKey = (wall: WallClock) => `${pad(wall.year, 4)}-${pad(wall.month + 1)}-${pad(wall.day)}`;

/** "7:05 PM", or "7:05:09 PM" with seconds. */
export function clockTime(wall: WallClock, { seconds = false } = {}): string {
  const time = `${wall.hour % 12 || 12}:${pad(wall.minute)}${seconds ? `:${pad(wall.second)}` : ""}`;
  return `${time} ${wall.hour < 12 ? "AM" : "PM"}`;
}

export const weekdayName = (wall: WallClock, length: "short" | "long" = "short") =>
  length === "short" ? WEEKDAYS[wall.weekday]!.slice(0, 3) : WEEKDAYS[wall.weekday]!;

export const monthName = (wall: WallClock, length: "short" | "long" = "short") =>
  length === "short" ? MONTHS[wall.month]!.slice(0, 3) : MONTHS[wall.month]!;

const STYLES: Record<ZonedFormatStyle, { text: (wall: WallClock) => string; zone: boolean }> = {
  // Sat, 14 Mar 2027, 7:00 PM EDT
  datetime: {
    text: (wall) => `${weekdayName(wall)}, ${wall.day} ${monthName(wall)} ${wall.year}, ${clockTime(wall)}`,
    zone: true,
  },
  // Sat, 14 Mar 2027
  date: { text: (wall) => `${weekdayName(wall)}, ${wall.day} ${monthName(wall)} ${wall.year}`, zone: false },
  // 7:00 PM EDT
  time: { text: (wall) => clockTime(wall), zone: true },
  // Saturday, 14 March 2027 at 7:00 PM EDT
  long: {
    text: (wall) =>
      `${weekdayName(wall, "long")}, ${wall.day} ${monthName(wall, "long")} ${wall.year} at ${clockTime(wall)}`,
    zone: true,
  },
  // Sun 14 Mar, 7:05:09 PM EDT: when a bid was placed, to the second, in a list of the evening's bids
  stamp: {
    text: (wall) => `${weekdayName(wall)} ${wall.day} ${monthName(wall)}, ${clockTime(wall, { seconds: true })}`,
    zone: true,
  },
};

/**
 * `date` as people read it in `timeZone`, with the zone's abbreviation where the time is shown:
 * "Sat, 14 Mar 2027, 7:00 PM EDT". "" for null or an invalid date. Format on the server and send the string:
 * the browser's time zone data may name zones differently, and the page would not hydrate cleanly.
 */
export function formatInZone(
  date: Date | string | null | undefined,
  timeZone: string,
  style: ZonedFormatStyle = "datetime",
): string {
  assertTimeZone(timeZone);
  const value = toDate(date);
  if (!value) return "";
  const { text, zone } = STYLES[style];
  const shown = text(wallClock(value, timeZone));
  return zone ? `${shown} ${zoneAbbreviation(value, timeZone)}` : shown;
}

// English abbreviations live in the locales of the countries that use them: en-US knows "EDT" but calls London's
// summer time "GMT+1", which en-GB calls "BST"; en-AU knows "AEST" and "NZDT", en-IN "IST", ja-JP "JST".
const ABBREVIATION_LOCALES = ["en-US", "en-GB", "en-AU", "en-IN", "ja-JP"];
const zoneNameFormats = new Map<string, Intl.DateTimeFormat>();

/** The zone's short name at `date` ("EDT", "NZDT"), or its offset ("GMT+9") where no English abbreviation exists. */
export function zoneAbbreviation(date: Date, timeZone: string): string {
  let fallback = "";
  for (const locale of ABBREVIATION_LOCALES) {
    const key = `${locale} ${timeZone}`;
    let format = zoneNameFormats.get(key);
    if (!format) {
      format = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: "short" });
      zoneNameFormats.set(key, format);
    }
    const name = format.formatToParts(date).find((part) => part.type === "timeZoneName")?.value ?? "";
    if (/^[A-Z]{2,5}$/.test(name)) return name;
    fallback ||= name;
  }
  return fallback;
}

/**
 * A time zone as people say it: "New York time" for America/New_York, "Buenos Aires time" for
 * America/Argentina/Buenos_Aires, "UTC" for UTC. The zone's code name stays in the forms that set it.
 */
export function timeZoneLabel(timeZone: string): string {
  if (!timeZone.includes("/")) return timeZone;
  const place = timeZone.slice(timeZone.lastIndexOf("/") + 1).replaceAll("_", " ");
  return /^GMT[+-]/.test(place) ? place : `${place} time`;
}
