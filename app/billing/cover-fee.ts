/**
 * "Cover the processing fee": the guest adds enough that, after the card processor takes its percentage and fixed
 * part of the whole charge, the charity receives the full balance. With p the rate and f the fixed part:
 *
 *   charge = ceil((balance + f) / (1 − p)),   fee line = charge − balance
 *
 * in integer cents (the rate in basis points, 290 = 2.90%), rounded up so the charity is never a cent short.
 * Client-safe: /invoice shows the same figure it will charge.
 */
export interface FeeRule {
  basisPoints: number;
  fixed: number;
}

export function coverFee(balance: number, rule: FeeRule): number {
  if (balance <= 0) return 0;
  const numerator = (balance + rule.fixed) * 10_000;
  const denominator = 10_000 - rule.basisPoints;
  const charge = Math.ceil(numerator / denominator);
  // Math.ceil of a float quotient could overshoot by one when the division is exact in integers: check it.
  const exact = numerator % denominator === 0 ? numerator / denominator : charge;
  return exact - balance;
}

/** The formula in words, for the setup screen and the invoice. */
export function feeFormula(rule: FeeRule, format: (cents: number) => string): string {
  return `${(rule.basisPoints / 100).toFixed(2)}% + ${format(rule.fixed)} of the whole charge`;
}
