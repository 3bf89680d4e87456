/**
 * The bidder's message preferences form, shared by the gallery's page (Conform checks it in the browser) and its
 * action (parseForm). Client-safe, and apart from the organisers' forms (message-forms.ts) so that a guest's page does
 * not load every message template with them.
 */
import { z } from "zod";
import { optionalMobile, yesNo } from "~/forms/rules";

export const OUTBID_CHANNELS = ["email", "text", "both", "none"] as const;
export type OutbidChannel = (typeof OUTBID_CHANNELS)[number];

/** The bidder's choice on their own page: how outbid messages reach them, and consent to texts. */
export const PREFERENCE_FORM = "message-preferences";
export const preferenceSchema = z
  .object({
    outbid_channel: z.enum(OUTBID_CHANNELS, { message: "Choose how to be told." }),
    phone: optionalMobile,
    text_consent: yesNo,
  })
  .superRefine((value, context) => {
    if (value.outbid_channel !== "text" && value.outbid_channel !== "both") return;
    if (!value.phone)
      context.addIssue({ code: "custom", path: ["phone"], message: "Enter the mobile number to text." });
    if (!value.text_consent)
      context.addIssue({ code: "custom", path: ["text_consent"], message: "Tick the box to agree to texts." });
  });
