/**
 * Formatting for people (decision 003: amounts are integer cents in the event's currency). Loaders format dates
 * and amounts on the server and send strings, so the server's and the browser's Intl data cannot disagree and
 * break hydration.
 */

export function formatMoney(cents: number, currency: string): string {
  return new Intl.NumberFormat("en-US", { style: "currency", currency }).format(cents / 100);
}

/** An amount for the room's screens and buttons: "$1,000" for whole units, "$12.50" otherwise. */
export function formatRoundMoney(cents: number, currency: string): string {
  const fraction = cents % 100 === 0 ? 0 : 2;
  return new Intl.NumberFormat("en-US", {
    style: "currency",
    currency,
    minimumFractionDigits: fraction,
    maximumFractionDigits: fraction,
  }).format(cents / 100);
}

/** A day, such as "Mar 14, 2026", in the event's time zone. */
export function formatEventDate(date: Date | null, timeZone: string): string | null {
  if (!date) return null;
  return new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone }).format(date);
}

export function formatCount(n: number): string {
  return new Intl.NumberFormat("en-US").format(n);
}

/** A count with its noun in the right number: "1 bid", "2 bids". */
export function formatCountOf(n: number, one: string, many: string): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}
