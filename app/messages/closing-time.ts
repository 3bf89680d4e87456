/**
 * When bidding ends, as a message says it: the clock time in the event's zone when that is today there ("9:00 PM
 * EST"), with the day when it is not ("Sat Dec 19, 9:00 PM EST"; a guest reading "Ends 9:00 PM" on Friday would
 * think it is tonight), and the year too when it is another year's. An exact time rather than "in 10 minutes": a
 * message can arrive minutes late. `now` is when the message is written out (the worker's send).
 */
import { formatInTimeZone } from "date-fns-tz";
import { zoneAbbreviation } from "~/ui/zoned-time";

export function closingTime(closes: Date | string, timeZone: string, now: Date): string {
  const at = new Date(closes);
  const day = (date: Date) => formatInTimeZone(date, timeZone, "yyyy-MM-dd");
  const pattern =
    day(at) === day(now)
      ? "h:mm a"
      : day(at).slice(0, 4) === day(now).slice(0, 4)
        ? "EEE MMM d, h:mm a"
        : "EEE MMM d, yyyy, h:mm a";
  return `${formatInTimeZone(at, timeZone, pattern)} ${zoneAbbreviation(at, timeZone)}`;
}
