/**
 * The organisers' forms of messaging, one zod schema each, shared by the pages (Conform checks them in the browser) and
 * the actions (parseForm). Client-safe. The bidder's own choice is in preference-form.ts, apart: these forms read every
 * template, which a guest's page has no need to load.
 */
import { z } from "zod";
import {
  countWithin,
  digitsText,
  optional,
  optionalEmail,
  optionalMobile,
  optionalText,
  smtpAddress,
  twilioAccountSid,
  yesNo,
} from "~/forms/rules";
import { RICH_TEXT_MAX_LENGTH } from "~/rich-text/limits";
import { TEMPLATE_NAMES } from "./templates";

const automaticFlags = Object.fromEntries(TEMPLATE_NAMES.map((name) => [`auto_${name}`, yesNo])) as Record<
  `auto_${(typeof TEMPLATE_NAMES)[number]}`,
  typeof yesNo
>;
const templateTexts = Object.fromEntries(
  TEMPLATE_NAMES.flatMap((name) => [
    [`subject_${name}`, optionalText(200, "The subject")],
    [`body_${name}`, optionalText(RICH_TEXT_MAX_LENGTH, "The message")],
  ]),
) as Record<string, ReturnType<typeof optionalText>>;

/** /admin/setup/email: the sender, an SMTP server of the event's own (a secret), the automatic emails and texts. */
export const EMAIL_SETUP_FORM = "email-setup";
export const emailSetupSchema = z.object({
  sender_name: optionalText(80, "The sender's name"),
  reply_to: optionalEmail,
  smtp_url: optional(smtpAddress),
  clear_smtp_url: yesNo,
  ...automaticFlags,
  ...templateTexts,
});

/** /admin/setup/texting: the Twilio account and number, the outbid throttle, the texts of the templates. */
export const TEXTING_SETUP_FORM = "texting-setup";
export const textingSetupSchema = z.object({
  twilio_account_sid: optional(twilioAccountSid),
  twilio_auth_token: optional(z.string().max(200, "This is longer than a Twilio auth token.")),
  twilio_from_number: optionalMobile,
  outbid_window_minutes: countWithin(1, 240, {
    missing: "Enter a number of minutes.",
    notWhole: "Enter whole minutes.",
    tooFew: "At least 1 minute.",
    tooMany: "At most 240 minutes (4 hours).",
  }),
  ...Object.fromEntries(TEMPLATE_NAMES.map((name) => [`text_${name}`, optionalText(320, "The text")])),
});

/** A test send to oneself, from either setup screen. */
export const TEST_SEND_FORM = "test-send";
export const testSendSchema = z.object({
  channel: z.enum(["email", "text"]),
  phone: optionalMobile,
});

/** Who a send to guests goes to. */
export const AUDIENCES = {
  registrants: "All registered guests",
  bidders: "Bidders (everyone holding a paddle)",
  winners_with_balance: "Guests with a balance to pay",
  not_checked_in: "Guests not checked in yet",
  table: "One table",
} as const;
export type Audience = keyof typeof AUDIENCES;

export const SEND_FORM = "send-to-guests";
/** The write-to-guests form's two buttons: see the message as its first guest gets it, or send it. */
export const SEND_INTENT = { preview: "preview", send: "send" } as const;
export const sendSchema = z
  .object({
    audience: z.enum(Object.keys(AUDIENCES) as [Audience, ...Audience[]], { message: "Choose who gets it." }),
    tbl_id: optional(digitsText("Choose a table.")),
    channel: z.enum(["email", "text"], { message: "Choose email or text." }),
    subject: optionalText(200, "The subject"),
    body: z
      .string()
      .trim()
      .min(1, "Write the message.")
      .max(5_000, "Keep the message to 5,000 characters.")
      .default(""),
  })
  .superRefine((value, context) => {
    if (value.audience === "table" && !value.tbl_id)
      context.addIssue({ code: "custom", path: ["tbl_id"], message: "Choose a table." });
    if (value.channel === "email" && !value.subject)
      context.addIssue({ code: "custom", path: ["subject"], message: "Write a subject for the email." });
    if (value.channel === "text" && value.body.length > 320)
      context.addIssue({ code: "custom", path: ["body"], message: "Keep a text to 320 characters (two parts)." });
  });

/** The message being written, as the send form posted it: a page drawn again without JavaScript keeps it. */
export function writtenDraft(form: FormData): Record<string, string> {
  return Object.fromEntries(
    ["audience", "tbl_id", "channel", "subject", "body"].map((name) => [name, String(form.get(name) ?? "")]),
  );
}

/** The outbox screen's retry of a failed message: which one, and the retry count the page showed (a replay's guard). */
export const RETRY_FORM = "retry-message";
export const retrySchema = z.object({
  message_id: z.coerce.number().int().positive().max(2_147_483_647),
  retry_count: z.coerce.number().int().min(0).max(2_147_483_647),
});
