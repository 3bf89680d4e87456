/**
 * An event's messaging setup, as /admin/setup/email and /admin/setup/texting show and save it. Secrets go in
 * encrypted and never come back out: the screens learn only whether one is stored.
 */
import { eq } from "drizzle-orm";
import { db } from "~/db.server";
import { Refusal } from "~/forms/refusal";
import { parseSmtpAddress, verifyEventServer } from "~/mail/mailer.server";
import { sanitizeRichText } from "~/rich-text/sanitize.server";
import { releaseFromSandbox, SANDBOX_TWILIO, twilioApiFor } from "~/sandbox/switch.server";
import { NonPublicAddressError } from "~/security/network-address.server";
import { canStoreSecrets, openSecret, sealSecret } from "~/security/secret-box.server";
import { storedSecretsOff } from "~/security/stored-secrets";
import { message_settings } from "~drizzle/schema";
import { toE164 } from "./phone";
import { checkTwilioNumber, mailFailureReason, type TwilioNumberCheck } from "./providers.server";
import { isRichBody, plainBodyAsHtml, renderBodyText } from "./rich-body";
import { TEMPLATE_NAMES, TEMPLATES, type TemplateOverride } from "./templates";
import type { emailSetupSchema, textingSetupSchema } from "./message-forms";
import type { z } from "zod";

export interface MessageSetup {
  senderName: string;
  replyTo: string;
  hasOwnSmtp: boolean;
  twilioAccountSid: string;
  hasTwilioToken: boolean;
  twilioFromNumber: string;
  textingOn: boolean;
  outbidWindowMinutes: number;
  automatic: Record<string, boolean>;
  templates: Record<string, TemplateOverride>;
  /** SECRETS_KEY is set: secrets can be stored. */
  canStoreSecrets: boolean;
  /** When the settings were last saved: the pages remount their forms then, so a typed secret does not linger. */
  savedAt: string;
}

async function settingsRow(eventId: number) {
  const [row] = await db.select().from(message_settings).where(eq(message_settings.event_id, eventId));
  return row ?? null;
}

export async function loadMessageSetup(eventId: number): Promise<MessageSetup> {
  const row = await settingsRow(eventId);
  const automatic = (row?.automatic ?? {}) as Record<string, boolean>;
  return {
    senderName: row?.sender_name ?? "",
    replyTo: row?.reply_to ?? "",
    hasOwnSmtp: Boolean(row?.smtp_url_encrypted),
    twilioAccountSid: row?.twilio_account_sid ?? "",
    hasTwilioToken: Boolean(row?.twilio_auth_token_encrypted),
    twilioFromNumber: row?.twilio_from_number ?? "",
    textingOn: Boolean(row?.twilio_account_sid && row.twilio_auth_token_encrypted && row.twilio_from_number),
    outbidWindowMinutes: row?.outbid_window_minutes ?? 10,
    automatic: Object.fromEntries(TEMPLATE_NAMES.map((name) => [name, automatic[name] !== false])),
    templates: (row?.templates ?? {}) as Record<string, TemplateOverride>,
    canStoreSecrets: canStoreSecrets(),
    savedAt: row?.updated_at.toISOString() ?? "",
  };
}

async function upsert(eventId: number, values: Partial<typeof message_settings.$inferInsert>) {
  await db
    .insert(message_settings)
    .values({ event_id: eventId, ...values })
    .onConflictDoUpdate({ target: message_settings.event_id, set: { ...values, updated_at: new Date() } });
}

/** Keeps the organiser's text only where it differs from ours, so an improved default reaches them. */
function ownText(value: string | null, fallback: string): string | undefined {
  return value && value.trim() !== fallback.trim() ? value : undefined;
}

/**
 * The body as the editor sent it (rich text, sanitised as all rich text is before it is stored), kept only where it
 * says something other than ours; an emptied editor goes back to ours.
 */
function ownBody(value: string | null, fallback: string): string | undefined {
  if (!value || !isRichBody(value)) return ownText(value, fallback);
  const clean = sanitizeRichText(value);
  if (renderBodyText(clean, {}) === "") return undefined;
  return clean === sanitizeRichText(plainBodyAsHtml(fallback)) ? undefined : clean;
}

/**
 * An event's own mail server must be on the internet: one at a loopback, private, link-local or metadata address
 * (named as such, or by a name that resolves there) is refused beside the field. Then Gavel connects and signs in as
 * sending will (verifyEventServer), without sending anything: a server that does not answer, or refuses the sign-in,
 * is refused beside the field and nothing is saved. An organiser who types a server expects the event's mail to go
 * through it; saving one that fails would leave every outbid, receipt and reminder failing until someone looked at
 * the outbox. Mail is checked again, address by address, each time it is sent.
 */
async function assertWorkingMailServer(smtpUrl: string) {
  const address = parseSmtpAddress(smtpUrl);
  if (!address) throw new Refusal("Enter an address such as smtps://user:password@smtp.example.org:465.", "smtp_url");
  try {
    await verifyEventServer(smtpUrl);
  } catch (error) {
    if (error instanceof NonPublicAddressError)
      throw new Refusal(
        `This mail server is at a private or local network address (${error.reason}), which Gavel does not connect ` +
          "to: enter the address of a mail server on the internet.",
        "smtp_url",
      );
    console.error("[messages] an event's own mail server failed its check:", error);
    throw new Refusal(
      `Gavel could not use this mail server: ${mailFailureReason(error)} Nothing was saved; check the address, ` +
        "user name and password, or ask whoever runs the server.",
      "smtp_url",
    );
  }
}

export async function saveEmailSetup(eventId: number, form: z.output<typeof emailSetupSchema>) {
  const current = await settingsRow(eventId);
  if (form.smtp_url && !canStoreSecrets()) throw new Refusal(storedSecretsOff("a mail server's password"), "smtp_url");
  if (form.smtp_url && !form.clear_smtp_url) await assertWorkingMailServer(form.smtp_url);
  const templates = { ...((current?.templates ?? {}) as Record<string, TemplateOverride>) };
  const automatic: Record<string, boolean> = {};
  const values = form as unknown as Record<string, string | boolean | null>;
  for (const name of TEMPLATE_NAMES) {
    if (TEMPLATES[name].automatic) automatic[name] = values[`auto_${name}`] === true;
    templates[name] = {
      ...templates[name],
      subject: ownText(values[`subject_${name}`] as string | null, TEMPLATES[name].subject),
      body: ownBody(values[`body_${name}`] as string | null, TEMPLATES[name].body),
    };
  }
  await upsert(eventId, {
    sender_name: form.sender_name,
    reply_to: form.reply_to,
    automatic,
    templates,
    ...(form.clear_smtp_url
      ? { smtp_url_encrypted: null }
      : form.smtp_url
        ? { smtp_url_encrypted: sealSecret(form.smtp_url, eventId) }
        : {}),
  });
}

/** Why Twilio did not confirm the account and number, beside the field to change. */
const TWILIO_CHECK_REFUSALS: Record<Exclude<TwilioNumberCheck, "confirmed">, { message: string; field: string }> = {
  refused: { message: "Twilio did not accept this Account SID and auth token.", field: "twilio_auth_token" },
  not_owned: { message: "This number is not one of the Twilio account's numbers.", field: "twilio_from_number" },
  unreachable: {
    message: "Twilio could not be reached to confirm the account: nothing was saved. Try again in a moment.",
    field: "twilio_account_sid",
  },
};

/**
 * Saves the texting setup. A complete account (SID, token, number) is saved only once Twilio confirms that the token
 * opens the account and that the number is one of its own (asked again whenever one of the three changes): replies
 * to texts (STOP, START) are accepted only for a confirmed number, so no organisation can claim another's.
 */
export async function saveTextingSetup(eventId: number, form: z.output<typeof textingSetupSchema>) {
  const current = await settingsRow(eventId);
  if (form.twilio_auth_token && !canStoreSecrets())
    throw new Refusal(storedSecretsOff("a Twilio token"), "twilio_auth_token");
  const templates = { ...((current?.templates ?? {}) as Record<string, TemplateOverride>) };
  const values = form as unknown as Record<string, string | number | null>;
  for (const name of TEMPLATE_NAMES) {
    templates[name] = {
      ...templates[name],
      text: ownText(values[`text_${name}`] as string | null, TEMPLATES[name].text),
    };
  }
  const accountSid = form.twilio_account_sid;
  const from = toE164(form.twilio_from_number);
  const authToken = form.twilio_auth_token || openSecret(current?.twilio_auth_token_encrypted ?? null, eventId);
  const unchanged =
    !form.twilio_auth_token && accountSid === current?.twilio_account_sid && from === current?.twilio_from_number;
  let verifiedAt: Date | null = null;
  if (accountSid && from && authToken) {
    if (unchanged && current?.twilio_verified_at) verifiedAt = current.twilio_verified_at;
    else {
      const apiUrl = twilioApiFor(eventId, accountSid);
      const check = apiUrl === "off" ? "refused" : await checkTwilioNumber({ accountSid, authToken, from }, apiUrl);
      if (check !== "confirmed")
        throw new Refusal(TWILIO_CHECK_REFUSALS[check].message, TWILIO_CHECK_REFUSALS[check].field);
      verifiedAt = new Date();
    }
  }
  await upsert(eventId, {
    twilio_account_sid: accountSid,
    twilio_from_number: from,
    twilio_verified_at: verifiedAt,
    outbid_window_minutes: form.outbid_window_minutes,
    templates,
    // A blank token keeps the stored one (it is never shown, so the field is always blank when the page opens).
    ...(form.twilio_auth_token ? { twilio_auth_token_encrypted: sealSecret(form.twilio_auth_token, eventId) } : {}),
  });
  // Another account replaces the sandbox's: from now on this event's texts are real ones.
  if (accountSid !== SANDBOX_TWILIO.accountSid) releaseFromSandbox(eventId, "texts");
}
