/** A donor's thank-you letter (client-safe): the form that /admin/auction_items/email_page sends and prints. */
import { z } from "zod";
import { requiredText, rowId, TEXT_LIMITS } from "~/forms/rules";

export const ACKNOWLEDGEMENT_FORM = "acknowledgement";

export const acknowledgementSchema = z.object({
  donor: rowId,
  subject: requiredText(200, "Give the email a subject.", "Keep the subject to 200 characters."),
  message: requiredText(
    TEXT_LIMITS.description,
    "Write the message.",
    `Keep the message to ${TEXT_LIMITS.description.toLocaleString("en-US")} characters.`,
  ),
});
