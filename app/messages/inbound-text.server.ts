/**
 * Replies to our texts, as Twilio posts them to /webhooks/twilio/sms: STOP (and Twilio's other opt-out words) stops
 * texts from that account and number to the phone that sent it, START brings them back, HELP answers who we are and
 * how to stop. Opt-outs are kept as carriers keep them, per account and number texted (text_opt_out), so a reply to
 * one organisation's number never changes what another's texts do. The request is accepted only for an account and
 * number that Twilio confirmed when the texting setup was saved (twilio_verified_at), and must carry Twilio's
 * signature made with that account's auth token, or nothing changes.
 */
import { and, eq, isNotNull } from "drizzle-orm";
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
  // Every event that saved this confirmed account and number (an organisation's galas, year after year): the
  // signature must be one of their tokens'. An unconfirmed row (a made-up SID, or another organisation's number typed
  // in with a token of its own) is never asked.
  const candidates = await db
    .select({
      eventId: message_settings.event_id,
      token: message_settings.twilio_auth_token_encrypted,
      title: event.title,
    })
    .from(message_settings)
    .innerJoin(event, eq(event.event_id, message_settings.event_id))
    .where(
      and(
        eq(message_settings.twilio_account_sid, accountSid),
        eq(message_settings.twilio_from_number, to),
        isNotNull(message_settings.twilio_verified_at),
      ),
    )
    .orderBy(message_settings.event_id)
    .limit(50);
  const settings = candidates.find((candidate) => {
    const authToken = openSecret(candidate.token, candidate.eventId);
    return authToken !== null && twilio.validateRequest(authToken, input.signature!, input.url, input.params);
  });
  if (!settings) return { status: 403, reply: null };
  const word = (input.params.Body ?? "").trim().toUpperCase().split(/\s+/)[0] ?? "";
  if (STOP_WORDS.has(word) || START_WORDS.has(word)) {
    const optedOut = STOP_WORDS.has(word);
    await db
      .insert(text_opt_out)
      .values({ twilio_account_sid: accountSid, from_number: to, phone: from, opted_out: optedOut })
      .onConflictDoUpdate({
        target: [text_opt_out.twilio_account_sid, text_opt_out.from_number, text_opt_out.phone],
        set: { opted_out: optedOut, updated_at: new Date() },
      });
    // Twilio's own opt-out handling answers STOP and START on standard numbers; we stay quiet so they get one reply.
    return { status: 200, reply: null };
  }
  if (HELP_WORDS.has(word)) {
    return {
      status: 200,
      reply: `${settings.title}: texts about your bids. Reply STOP to stop them, START to have them again.`,
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
