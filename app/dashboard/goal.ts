/** The fundraising goal's form, client-safe: the dashboard's form and its action read it with the same schema. */
import { z } from "zod";
import { fundraisingGoal } from "~/forms/rules";

export const GOAL_FORM = "goal";

/** The goal in currency units as people type them ("25,000"); blank clears the goal. */
export const goalSchema = z.object({ goal: fundraisingGoal });
