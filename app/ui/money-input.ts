/**
 * Cents as a person would type them back into a money field (decision 003): "1250" or "1250.50"; blank for null.
 * The field's rule, which reads what is typed into cents, is moneyField in app/forms/rules.ts.
 */
export function centsToInput(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return "";
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}
