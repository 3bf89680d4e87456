/**
 * Formatting for people (decision 003: amounts are integer cents in the event's currency). Loaders format dates
 * and amounts on the server and send strings, so the server's and the browser's Intl data cannot disagree and
 * break hydration.
 */

/**
 * Formatters by currency and number of decimals: making one costs far more than using it, and a page or a bid's
 * answer formats many amounts in the event's one currency.
 */
const moneyFormats = new Map<string, Intl.NumberFormat>();
function moneyFormat(currency: string, fraction?: number): Intl.NumberFormat {
  const key = `${currency}:${fraction ?? ""}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat("en-US", {
      style: "currency",
      currency,
      ...(fraction === undefined ? {} : { minimumFractionDigits: fraction, maximumFractionDigits: fraction }),
    });
    moneyFormats.set(key, format);
  }
  return format;
}

export function formatMoney(cents: number, currency: string): string {
  return moneyFormat(currency).format(cents / 100);
}

/** An amount for the room's screens and buttons: "$1,000" for whole units, "$12.50" otherwise. */
export function formatRoundMoney(cents: number, currency: string): string {
  return moneyFormat(currency, cents % 100 === 0 ? 0 : 2).format(cents / 100);
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

/** A person's name as shown: the first and last names given, either alone, or "" when neither is. */
export function fullName(first: string | null | undefined, last: string | null | undefined): string {
  return [first?.trim(), last?.trim()].filter(Boolean).join(" ");
}
