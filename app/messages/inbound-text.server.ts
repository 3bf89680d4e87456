/**
 * Replies to our texts, as Twilio posts them to /webhooks/twilio/sms: STOP (and Twilio's other opt-out words) stops
 * every text to that number from now on, START brings them back, HELP answers who we are and how to stop. The request
 * must carry Twilio's signature made with the auth token of the event whose number was texted (found by the account
 * and the number), or nothing changes.
 */
import { and, eq } from "drizzle-orm";
import twilio from "twilio";
import { openSecret } from "~/security/secret-box.server";
import { event, message_settings, text_opt_out } from "~drizzle/schema";
import { toE164 } from "./phone";
import type { Database } from "~/db/connection.server";

const STOP_WORDS = new Set(["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT", "REVOKE", "OPTOUT"]);
const START_WORDS = new Set(["START", "YES", "UNSTOP", "OPTIN"]);
const HELP_WORDS = new Set(["HELP", "INFO"]);

export type InboundAnswer = { status: 403; reply: null } | { status: 200; reply: string | null };

export async function handleInboundText(
  db: Database,
  input: { url: string; signature: string | null; params: Record<string, string> },
): Promise<InboundAnswer> {
  const accountSid = input.params.AccountSid ?? "";
  const to = toE164(input.params.To);
  const from = toE164(input.params.From);
  if (!accountSid || !to || !from || !input.signature) return { status: 403, reply: null };
  const [settings] = await db
    .select({
      eventId: message_settings.event_id,
      token: message_settings.twilio_auth_token_encrypted,
      title: event.title,
    })
    .from(message_settings)
    .innerJoin(event, eq(event.event_id, message_settings.event_id))
    .where(and(eq(message_settings.twilio_account_sid, accountSid), eq(message_settings.twilio_from_number, to)))
    .limit(1);
  const authToken = settings ? openSecret(settings.token, settings.eventId) : null;
  if (!authToken || !twilio.validateRequest(authToken, input.signature, input.url, input.params)) {
    return { status: 403, reply: null };
  }
  const word = (input.params.Body ?? "").trim().toUpperCase().split(/\s+/)[0] ?? "";
  if (STOP_WORDS.has(word) || START_WORDS.has(word)) {
    const optedOut = STOP_WORDS.has(word);
    await db
      .insert(text_opt_out)
      .values({ phone: from, opted_out: optedOut })
      .onConflictDoUpdate({ target: text_opt_out.phone, set: { opted_out: optedOut, updated_at: new Date() } });
    // Twilio's own opt-out handling answers STOP and START on standard numbers; we stay quiet so they get one reply.
    return { status: 200, reply: null };
  }
  if (HELP_WORDS.has(word)) {
    return {
      status: 200,
      reply: `${settings!.title}: texts about your bids. Reply STOP to stop them, START to have them again.`,
    };
  }
  return { status: 200, reply: null };
}

/** Twilio's reply format (TwiML): an empty Response sends nothing back. */
export function twimlReply(reply: string | null): string {
  const body = reply
    ? `<Message>${reply.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;")}</Message>`
    : "";
  return `<?xml version="1.0" encoding="UTF-8"?><Response>${body}</Response>`;
}
