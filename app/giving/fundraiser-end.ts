/**
 * When a fundraiser's page ends (client-safe). Staff set any end, or none, and may reopen a page; a supporter sets the
 * end of their own page within the event's rules: only to a time still to come (a page cannot be closed backwards,
 * refusing gifts already promised on it), no later than the event's own end (staff may allow longer), and not once
 * the page has ended (reopening is the team's call). An end left as it was is always fine, so a supporter can change
 * their story on a page whose end staff set beyond the event's.
 */

export function hasEnded(endsAt: Date | string | null | undefined, now: Date = new Date()): boolean {
  return endsAt !== null && endsAt !== undefined && new Date(endsAt).getTime() <= now.getTime();
}

const sameEnd = (a: Date | null, b: Date | null) =>
  a === null ? b === null : b !== null && a.getTime() === b.getTime();

/** Why a supporter may not give their page this end, or null when they may. `eventEnd` is shown as given. */
export function supporterEndRefusal({
  current,
  next,
  eventEnd,
  eventEndText,
  now = new Date(),
}: {
  current: Date | null;
  next: Date | null;
  eventEnd: Date | null;
  eventEndText: string;
  now?: Date;
}): string | null {
  if (sameEnd(current, next)) return null;
  if (hasEnded(current, now)) return "Your page has ended. Ask the event's team if it should take gifts again.";
  if (next === null) return null;
  if (next.getTime() <= now.getTime()) return "Choose a time still to come.";
  if (eventEnd && next.getTime() > eventEnd.getTime())
    return `Choose a time no later than the event's end, ${eventEndText}.`;
  return null;
}
