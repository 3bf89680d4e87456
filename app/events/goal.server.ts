/** The event's fundraising goal, kept in its meta in cents; null when not set. */
import { eventSettings, saveEventSettings } from "~/events/event-settings.server";

type GoalMeta = { fundraising_goal?: number | null };

export function goalOf(meta: unknown): number | null {
  const goal = (meta as GoalMeta | null)?.fundraising_goal;
  return typeof goal === "number" && Number.isSafeInteger(goal) && goal > 0 ? goal : null;
}

export async function setGoal(eventId: number, cents: number | null): Promise<void> {
  const current = await eventSettings(eventId);
  await saveEventSettings(eventId, { meta: { ...current.meta, fundraising_goal: cents } });
}
