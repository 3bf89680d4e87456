/**
 * Amounts as people type them ("1,250", "$1250.50", "1250.5") turned into integer cents (decision 003), with the
 * message to show when they cannot be. Client-safe: the item page proposes bids from the value as it is typed.
 */
import { z } from "zod";

/** The largest amount accepted anywhere: the integer column's ceiling, far above any gala transaction. */
export const MAX_CENTS = 2_000_000_000;

export type MoneyReading = { cents: number | null } | { error: string };

/** Blank reads as null (no amount). */
export function readMoney(input: string): MoneyReading {
  const text = input
    .trim()
    .replace(/^[$€£]\s*/, "")
    .replace(/[\s,]/g, "");
  if (text === "") return { cents: null };
  if (/^-/.test(text)) return { error: "Amounts cannot be negative." };
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return { error: "Enter an amount such as 1,250 or 1,250.50." };
  const cents = Math.round(Number(text) * 100);
  if (cents > MAX_CENTS) return { error: "That amount is too large." };
  return { cents };
}

/** A zod rule for a money field: the typed text in, cents (or null when blank and optional) out. */
export function moneyField({ required = false, label = "An amount" }: { required?: boolean; label?: string } = {}) {
  return z
    .string()
    .default("")
    .transform((value, context) => {
      const reading = readMoney(value);
      if ("error" in reading) {
        context.addIssue({ code: "custom", message: reading.error });
        return z.NEVER;
      }
      if (required && reading.cents === null) {
        context.addIssue({ code: "custom", message: `${label} is needed.` });
        return z.NEVER;
      }
      return reading.cents;
    });
}

/** Cents as a person would type them back into a field: "1250" or "1250.50"; blank for null. */
export function centsToInput(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return "";
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}
