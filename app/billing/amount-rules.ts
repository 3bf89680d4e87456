/**
 * The rules every payment's amount obeys, in one place (issue 31): cents only (the money field reads them), never
 * zero, never more than is owed, and a card payment at least the provider's minimum charge. Each answers the message
 * to show beside the amount field, with the amounts formatted as the screen shows them, or null when the amount is
 * fine. Client-safe: the same words on the server's refusal and the page's help.
 */
import { formatMoney } from "~/ui/format";

/**
 * The smallest card charge Stripe accepts, by currency (its "minimum and maximum charge amounts"): a smaller one is
 * refused by the provider, so it is refused here first, with a message a cashier can act on.
 */
const CARD_MINIMUMS: Record<string, number> = { GBP: 30, HKD: 400, MXN: 1_000, NOK: 300, SEK: 300, DKK: 250 };
const DEFAULT_CARD_MINIMUM = 50;

export function minimumCardCharge(currency: string): number {
  return CARD_MINIMUMS[currency.toUpperCase()] ?? DEFAULT_CARD_MINIMUM;
}

/**
 * What a new payment may take: what is still owed, less the saved-card charges already in flight (an open payment
 * page holds nothing: taking money any other way closes it first).
 */
export function payableNow(totals: { balance: number; charging: number }): number {
  return totals.balance - totals.charging;
}

export type PaymentWay = "card" | "cash" | "check";

/** Why `amount` (cents) cannot be taken by `way` when `owed` is still owed, or null when it can. */
export function paymentAmountProblem(
  amount: number,
  { owed, way, currency }: { owed: number; way: PaymentWay; currency: string },
): string | null {
  const money = (cents: number) => formatMoney(cents, currency);
  if (owed <= 0) return "Nothing is owed on this invoice.";
  if (!Number.isSafeInteger(amount) || amount <= 0) return "Enter an amount above zero.";
  if (amount > owed) return `That is more than the ${money(owed)} still owed.`;
  const minimum = minimumCardCharge(currency);
  if (way === "card" && amount < minimum)
    return owed < minimum
      ? `A card payment must be at least ${money(minimum)}: take the last ${money(owed)} in cash or by check.`
      : `A card payment must be at least ${money(minimum)}.`;
  return null;
}
