import { z } from "zod";
import { readMoney } from "~/forms/rules";
/**
 * Short lists typed one item per line, the fastest way for staff to enter them: paddle-raise levels
 * ("5000 Fund a classroom"), raffle bundles ("5 for 40") and prizes ("Weekend in Napa = 1200"). Each reader gives
 * the items, or the first line it cannot read with why. Client-safe.
 */
import { centsToInput as units } from "~/ui/money-input";

export type LinesReading<T> = { items: T[] } | { error: string };

/** A form field of such a list: its items, or the reader's message; `empty` is the message when none is given. */
export const linesField = <T>(read: (text: string) => LinesReading<T>, empty: string | null) =>
  z
    .string()
    .default("")
    .transform((value, context) => {
      const reading = read(value);
      if ("error" in reading) {
        context.addIssue({ code: "custom", message: reading.error });
        return z.NEVER;
      }
      if (empty && reading.items.length === 0) {
        context.addIssue({ code: "custom", message: empty });
        return z.NEVER;
      }
      return reading.items;
    });

function lines(text: string): { line: number; text: string }[] {
  return text
    .split(/\r?\n/)
    .map((value, index) => ({ line: index + 1, text: value.trim() }))
    .filter((entry) => entry.text !== "");
}

export type Level = { amount: number; label: string | null };

/** "5000 Fund a classroom", "$1,000 — Books for a year", "500": amount first, then what it pays for. */
export function readLevels(text: string): LinesReading<Level> {
  const items: Level[] = [];
  const seen = new Set<number>();
  for (const { line, text: value } of lines(text)) {
    const match = /^([$€£]?\s*[\d,]+(?:\.\d{1,2})?)\s*(?:[-–—:]\s*)?(.*)$/.exec(value);
    const reading = match ? readMoney(match[1]) : null;
    if (!match || !reading || "error" in reading || reading.cents === null || reading.cents === 0) {
      return { error: `Line ${line}: start with the amount, such as “5000 Fund a classroom”.` };
    }
    if (seen.has(reading.cents)) return { error: `Line ${line}: the amount ${match[1].trim()} is already a level.` };
    if (match[2].length > 120) return { error: `Line ${line}: keep the label to 120 characters.` };
    seen.add(reading.cents);
    items.push({ amount: reading.cents, label: match[2].trim() || null });
  }
  return { items: items.sort((a, b) => b.amount - a.amount) };
}

export function writeLevels(levels: readonly Level[]): string {
  return levels.map((level) => [units(level.amount), level.label].filter(Boolean).join(" ")).join("\n");
}

export type Bundle = { quantity: number; price: number };

/** "1 for 10", "5 for $40": tickets, then the price of the bundle. */
export function readBundles(text: string): LinesReading<Bundle> {
  const items: Bundle[] = [];
  const seen = new Set<number>();
  for (const { line, text: value } of lines(text)) {
    const match = /^(\d{1,5})\s*(?:tickets?\s*)?(?:for|=|@)\s*(.+)$/i.exec(value);
    const reading = match ? readMoney(match[2]) : null;
    if (!match || !reading || "error" in reading || reading.cents === null || Number(match[1]) < 1) {
      return { error: `Line ${line}: write the tickets and the price, such as “5 for 40”.` };
    }
    const quantity = Number(match[1]);
    if (seen.has(quantity)) return { error: `Line ${line}: there is already a bundle of ${quantity}.` };
    seen.add(quantity);
    items.push({ quantity, price: reading.cents });
  }
  return { items: items.sort((a, b) => a.quantity - b.quantity) };
}

export function writeBundles(bundles: readonly Bundle[]): string {
  return bundles.map((bundle) => `${bundle.quantity} for ${units(bundle.price)}`).join("\n");
}

export type Prize = { title: string; value: number | null };

/** "Weekend in Napa = 1200", "Gift basket": the prize, then its value after "=" if known. */
export function readPrizes(text: string): LinesReading<Prize> {
  const items: Prize[] = [];
  for (const { line, text: value } of lines(text)) {
    const [title, amount] = value.split(/\s*=\s*(?=-?[$€£]?\s*[\d,.]+\s*$)/);
    if (!title || title.length > 200) return { error: `Line ${line}: name the prize (at most 200 characters).` };
    let cents: number | null = null;
    if (amount !== undefined) {
      const reading = readMoney(amount);
      if ("error" in reading) return { error: `Line ${line}: ${reading.error}` };
      cents = reading.cents;
    }
    items.push({ title: title.trim(), value: cents });
  }
  return { items };
}

export function writePrizes(prizes: readonly Prize[]): string {
  return prizes
    .map((prize) => (prize.value === null ? prize.title : `${prize.title} = ${units(prize.value)}`))
    .join("\n");
}
