/** "Sat, Mar 14, 2026, 6:00 – 11:00 PM EDT": the start, and the end when there is one, in the event's time zone. */
export function formatEventDates(start: Date | null, end: Date | null, timeZone: string): string | null {
  if (!start) return null;
  const format = new Intl.DateTimeFormat("en-US", {
    timeZone,
    weekday: "short",
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  });
  return end && end > start ? format.formatRange(start, end) : format.format(start);
}
