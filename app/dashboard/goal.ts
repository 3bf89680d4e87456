/** The fundraising goal's form, client-safe: the dashboard's form and its action read it with the same schema. */
import { z } from "zod";

export const GOAL_FORM = "goal";

/** Whole currency units as people type them ("25,000", "$25000", "25000.00"); blank clears the goal. */
export const goalSchema = z.object({
  goal: z
    .string()
    .trim()
    .transform((value) => value.replace(/^\$/, "").replaceAll(",", ""))
    .refine((value) => value === "" || /^\d+(\.\d{1,2})?$/.test(value), "Enter an amount such as 25,000.")
    .transform((value) => (value === "" ? null : Math.round(Number(value) * 100)))
    .refine(
      (cents) => cents === null || (cents > 0 && cents <= 100_000_000_00),
      "Enter an amount between 1 and 100,000,000.",
    ),
});
