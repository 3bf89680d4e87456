/**
 * Duels (client-safe): two sides race to give the most at /duel, in the increments staff set. The forms here are
 * shared by the screens and their actions.
 */
import { z } from "zod";
import { readMoney, requiredText, rowId, rowIdOr, yesNo } from "~/forms/rules";
import { zonedDateTimeSchema } from "~/ui/zoned-time-schema";

export const SIDES = ["a", "b"] as const;
export type Side = (typeof SIDES)[number];

export const MAX_INCREMENTS = 6;

/** The duels screen's posts: a new duel, a duel's settings saved, a duel removed. */
export const DUEL_INTENT = { create: "create", update: "update", remove: "remove" } as const;

export interface DuelSettings {
  title: string;
  side_a: string;
  side_b: string;
  increments: number[];
  ends_at: Date | null;
  is_active: boolean;
}

/** A duel as the room sees it: both sides' totals and gift counts, the leader, and when it ends. */
export interface DuelBoard {
  id: number;
  title: string;
  sides: Record<Side, { name: string; total: number; gifts: number }>;
  increments: number[];
  endsAt: string | null;
  isActive: boolean;
}

/** The side ahead, or null while they are level. */
export function leader(board: Pick<DuelBoard, "sides">): Side | null {
  if (board.sides.a.total === board.sides.b.total) return null;
  return board.sides.a.total > board.sides.b.total ? "a" : "b";
}

/** Whether gifts are taken at `now`. */
export function isOpen(board: Pick<DuelBoard, "isActive" | "endsAt">, now: number) {
  return board.isActive && (board.endsAt === null || Date.parse(board.endsAt) > now);
}

export const duelFormId = (duelId: number | "new") => `duel-${duelId}`;

/** The duel a post names (a saved duel's form, its Delete). */
export const duelRowSchema = z.object({ duel: rowIdOr("Choose a duel.") });

/** The form a post came from: the duel's it names, or the new duel's when it names none. */
export function duelFormOf(form: FormData) {
  const duel = duelRowSchema.safeParse({ duel: form.get("duel") ?? undefined });
  return duelFormId(duel.success ? duel.data.duel : "new");
}

/** "25, 50, 100": the amounts a guest may tap, read as cents, smallest first, each once. */
const incrementsField = z
  .string()
  .default("")
  .transform((text, context) => {
    const parts = text
      .split(/[,\s]+/)
      .map((part) => part.trim())
      .filter(Boolean);
    if (parts.length === 0) {
      context.addIssue({ code: "custom", message: "Give at least one amount, such as 25, 50, 100." });
      return z.NEVER;
    }
    if (parts.length > MAX_INCREMENTS) {
      context.addIssue({ code: "custom", message: `Give at most ${MAX_INCREMENTS} amounts.` });
      return z.NEVER;
    }
    const amounts: number[] = [];
    for (const part of parts) {
      const reading = readMoney(part);
      if ("error" in reading || reading.cents === null || reading.cents <= 0) {
        context.addIssue({ code: "custom", message: `“${part}” is not an amount: write amounts such as 25, 50, 100.` });
        return z.NEVER;
      }
      amounts.push(reading.cents);
    }
    return [...new Set(amounts)].sort((a, b) => a - b);
  });

const sideName = (which: string) =>
  requiredText(60, `Name ${which}, such as “Table 7”.`, "Keep a side's name to 60 characters.");

export function duelSchema(timeZone: string) {
  return z.object({
    title: requiredText(
      80,
      "Give the duel a title, such as “Table 7 vs Table 12”.",
      "Keep the title to 80 characters.",
    ),
    side_a: sideName("the first side"),
    side_b: sideName("the second side"),
    increments: incrementsField,
    ends_at: zonedDateTimeSchema(timeZone),
    is_active: yesNo,
  });
}

export const GIVE_FORM = "duel-give";

/**
 * A guest's gift: a side, one of the duel's increments (checked against them by the action), and the page's key. In
 * two posts with that key: the first (`step` review) answers what goes on the bill, only the second (`step` confirm)
 * gives. A post without a step is a review: nothing is given on one tap.
 */
export const giveSchema = z.object({
  duel: rowId,
  side: z.enum(SIDES, { errorMap: () => ({ message: "Choose a side." }) }),
  amount: z.coerce.number().int().positive(),
  key: z.string({ message: "Reload the page and give again." }).min(8).max(100),
  step: z.enum(["review", "confirm"]).default("review"),
});

/** Cents as the increments field shows them back: "25, 50, 100". */
export const incrementsText = (increments: number[]) =>
  increments.map((cents) => (cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2))).join(", ");
