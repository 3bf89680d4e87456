/** The event's fundraising goal, kept in its meta in cents; null when not set. */
import { z } from "zod";
import { eventSettings, saveEventSettings } from "~/events/event-settings.server";

type GoalMeta = { fundraising_goal?: number | null };

export function goalOf(meta: unknown): number | null {
  const goal = (meta as GoalMeta | null)?.fundraising_goal;
  return typeof goal === "number" && Number.isSafeInteger(goal) && goal > 0 ? goal : null;
}

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

export async function setGoal(eventId: number, cents: number | null): Promise<void> {
  const current = await eventSettings(eventId);
  await saveEventSettings(eventId, { meta: { ...current.meta, fundraising_goal: cents } });
}
