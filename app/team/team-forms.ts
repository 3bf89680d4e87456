/**
 * The team screen's forms: one zod schema each, fed from FormData by the action (checkbox groups come as lists).
 * Client-safe. The invitation is on the form contract (form id "invite"); the grid's forms answer TeamFormErrors.
 */
import { z } from "zod";
import { PERMISSIONS, TEAM_FLAGS, type Permission } from "~/auth/permissions";
import { MAX_ROW_ID } from "~/db/row-id";

const memberId = z.coerce
  .number({ message: "Choose a team member." })
  .int("Choose a team member.")
  .positive("Choose a team member.")
  .max(MAX_ROW_ID, "Choose a team member.");

/** The form id of the invitation. */
export const INVITE_FORM = "invite";

/** A checkbox group as posted: nothing, one value, or several. */
const ticked = z.preprocess(
  (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
  z.array(z.string()),
);

export const inviteSchema = z.object({
  email: z
    .string({ message: "Enter the email address to send the invitation to." })
    .trim()
    .min(1, "Enter the email address to send the invitation to.")
    .max(254, "That email address is too long.")
    .email("Enter an email address such as name@example.org.")
    .transform((email) => email.toLowerCase()),
  first_name: z.string().trim().max(80, "Keep the first name under 80 characters.").optional(),
  last_name: z.string().trim().max(80, "Keep the last name under 80 characters.").optional(),
  /** The ticked permissions (checkboxes named "permission"). */
  permission: ticked.refine(
    (chosen): chosen is Permission[] => chosen.every((name) => (PERMISSIONS as readonly string[]).includes(name)),
    "That is not a permission.",
  ),
});

/** A row of the team grid: the flags that are ticked; the others are cleared. */
export const memberFlagsSchema = z.object({
  usr_id: memberId,
  flags: z.array(z.enum(TEAM_FLAGS, { message: "That is not a permission or notification." })),
});

export const bulkSchema = z.object({
  usr_ids: z.array(memberId).min(1, "Select at least one member to change."),
  flag: z.enum(TEAM_FLAGS, { message: "Choose the permission or notification to change." }),
  value: z.enum(["set", "clear"], { message: "Choose whether to give or take away." }),
});

export const removeSchema = z.object({ usr_id: memberId });

/** What the action answers when it refuses a form: messages by field, or one for the whole form. */
export type TeamFormErrors = {
  intent: "update" | "bulk" | "remove";
  usrId?: number;
  fieldErrors?: Record<string, string[] | undefined>;
  formError?: string;
  values?: Record<string, string | string[]>;
};
