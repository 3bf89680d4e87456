/**
 * The team screen's forms, on the form contract: one zod schema each, which the browser and the action both read
 * (checkbox groups come as lists). Client-safe.
 */
import { z } from "zod";
import { PERMISSIONS, TEAM_FLAGS } from "~/auth/permissions";
import { emailAddress, rowIdOr, tickedChoices, tickedValues } from "~/forms/rules";

const memberId = rowIdOr("Choose a team member.");

/** The team screen's posts: an invitation, a member's permissions saved, several members' at once, a member removed. */
export const TEAM_INTENT = { invite: "invite", update: "update", bulk: "bulk", remove: "remove" } as const;

/** The form id of the invitation. */
export const INVITE_FORM = "invite";

/** The form changing several members at once (the selection boxes of the rows join it through `form`). */
export const BULK_FORM = "team-bulk";

/** The form id of a member's row, which saves the flags ticked in it (its checkboxes join it through `form`). */
export const memberFormId = (usrId: number | string) => `team-member-${usrId}`;

/** The form id of a member's removal. */
export const removeFormId = (usrId: number | string) => `team-remove-${usrId}`;

export const inviteSchema = z.object({
  email: emailAddress(
    z
      .string({ message: "Enter the email address to send the invitation to." })
      .trim()
      .min(1, "Enter the email address to send the invitation to."),
    { tooLong: "That email address is too long.", notEmail: "Enter an email address such as name@example.org." },
  ).transform((email) => email.toLowerCase()),
  first_name: z.string().trim().max(80, "Keep the first name under 80 characters.").optional(),
  last_name: z.string().trim().max(80, "Keep the last name under 80 characters.").optional(),
  /** The ticked permissions (checkboxes named "permission"). */
  permission: tickedChoices(PERMISSIONS, "That is not a permission."),
});

/** A row of the team grid: the flags that are ticked (checkboxes named "flag"); the others are cleared. */
export const memberFlagsSchema = z.object({
  usr_id: memberId,
  flag: tickedValues.pipe(z.array(z.enum(TEAM_FLAGS, { message: "That is not a permission or notification." }))),
});

/** A change to the selected members (checkboxes named "usr_id"): give (`set`) or take away (`clear`) one flag. */
export const bulkSchema = z.object({
  usr_id: tickedValues.pipe(z.array(memberId).min(1, "Select at least one member to change.")),
  flag: z.enum(TEAM_FLAGS, { message: "Choose the permission or notification to change." }),
  value: z.enum(["set", "clear"], { message: "Choose whether to give or take away." }),
});

export const removeSchema = z.object({ usr_id: memberId });
