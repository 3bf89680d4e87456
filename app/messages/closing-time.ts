/**
 * When bidding ends, as a message says it: the clock time in the event's zone when that is today there ("9:00 PM
 * EST"), with the day when it is not ("Sat Dec 19, 9:00 PM EST"; a guest reading "Ends 9:00 PM" on Friday would
 * think it is tonight), and the year too when it is another year's. An exact time rather than "in 10 minutes": a
 * message can arrive minutes late. `now` is when the message is written out (the worker's send).
 */
import { clockTime, dayKey, monthName, wallClock, weekdayName, zoneAbbreviation } from "~/ui/zoned-time";

export function closingTime(closes: Date | string, timeZone: string, now: Date): string {
  const at = new Date(closes);
  const close = wallClock(at, timeZone);
  const today = wallClock(now, timeZone);
  const day = `${weekdayName(close)} ${monthName(close)} ${close.day}`;
  const shown =
    dayKey(close) === dayKey(today)
      ? clockTime(close)
      : close.year === today.year
        ? `${day}, ${clockTime(close)}`
        : `${day}, ${close.year}, ${clockTime(close)}`;
  return `${shown} ${zoneAbbreviation(at, timeZone)}`;
}
