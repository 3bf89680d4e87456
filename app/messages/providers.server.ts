/**
 * The providers that carry messages: email over SMTP (nodemailer, app/mail) and texts over Twilio (the official
 * `twilio` SDK). The outbox worker sends through these interfaces, so tests can count what a provider was asked to do
 * without a network, and the real ones are exercised against local stand-ins (an SMTP server, a fake Twilio gateway).
 */
import twilio from "twilio";
import { config } from "~/config.server";
import { sendMail, sendMailThroughEventServer } from "~/mail/mailer.server";
import { NonPublicAddressError } from "~/security/network-address.server";
import type RequestClient from "twilio/lib/base/RequestClient";
import type { MailMessage } from "~/mail/mail-message";

export interface ProviderAnswer {
  providerMessageId: string | null;
  /** What the provider said, kept with the attempt. */
  answer: Record<string, unknown>;
}

/** A provider's refusal. permanent: trying again cannot help (a bad number, a rejected address). */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    readonly answer: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "ProviderError";
  }
}

export interface EmailProvider {
  name: string;
  send(message: MailMessage & { idempotencyKey: string }): Promise<ProviderAnswer>;
}

export interface TextProvider {
  name: string;
  send(text: { to: string; body: string; idempotencyKey: string }): Promise<ProviderAnswer>;
}

/**
 * SMTP through the event's own server when it set one (reached at a public address only), else SMTP_URL (or the log
 * and development mailbox). A failure is recorded with a short reason that carries no network detail (an organiser
 * must not learn what answers at an address, or a port, by reading it); the whole error goes to the server's log.
 */
export function smtpProvider(smtpUrl?: string | null): EmailProvider {
  return {
    name: "smtp",
    async send({ idempotencyKey, ...message }) {
      const mail = { ...message, messageId: messageIdFor(idempotencyKey) };
      try {
        const answer = smtpUrl ? await sendMailThroughEventServer(mail, smtpUrl) : await sendMail(mail);
        return { providerMessageId: answer.messageId, answer: { response: answer.response } };
      } catch (error) {
        const code = (error as { responseCode?: number }).responseCode;
        console.error(`[messages] ${smtpUrl ? "the event's own" : "the"} mail server did not take a message:`, error);
        // 5xx from the server is a refusal of this message; connection trouble and 4xx are worth another try.
        throw new ProviderError(mailFailureReason(error), code !== undefined && code >= 500, {
          responseCode: code ?? null,
        });
      }
    },
  };
}

/** What an organiser reads of a mail server's failure: what went wrong, never where or what answered. */
export function mailFailureReason(error: unknown): string {
  if (error instanceof NonPublicAddressError)
    return "The mail server could not be reached: its address is a private or local one, which Gavel does not use.";
  const { code, responseCode } = error as { code?: string; responseCode?: number };
  if (code === "EAUTH" || responseCode === 530 || responseCode === 534 || responseCode === 535)
    return "The mail server refused the sign-in.";
  if (responseCode !== undefined && responseCode >= 500)
    return `The mail server refused the message (${responseCode}).`;
  if (responseCode !== undefined && responseCode >= 400)
    return `The mail server asked to try again later (${responseCode}).`;
  if (code === "EDNS" || code === "ENOTFOUND" || code === "EAI_AGAIN")
    return "The mail server's name could not be found.";
  return "The mail server could not be reached.";
}

/** The outbox's key as a Message-ID: a message sent again after a crash is the same message to the mail client. */
function messageIdFor(idempotencyKey: string): string {
  return `<${idempotencyKey.replace(/[^A-Za-z0-9._-]/g, "-")}@gavel.messages>`;
}

export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  from: string;
}

/**
 * The Twilio SDK's HTTP client, pointed at TWILIO_API_URL when it is set (the tests' fake gateway) and carrying the
 * message's idempotency key in I-Twilio-Idempotency-Token. The SDK builds https://api.twilio.com/… itself: its
 * documented extension point is a custom httpClient, so the rewrite happens here, below the SDK.
 */
class GavelTwilioClient extends twilio.RequestClient {
  constructor(
    private readonly apiUrl: string | undefined,
    private readonly idempotencyKey: string | null,
  ) {
    super({ timeout: 15_000, autoRetry: false });
  }

  request<TData>(opts: RequestClient.RequestOptions<TData>) {
    const uri = new URL(opts.uri);
    if (this.apiUrl) {
      const base = new URL(this.apiUrl);
      uri.protocol = base.protocol;
      uri.host = base.host;
    }
    return super.request<TData>({
      ...opts,
      uri: uri.href,
      headers: this.idempotencyKey
        ? { ...opts.headers, "I-Twilio-Idempotency-Token": this.idempotencyKey }
        : opts.headers,
    });
  }
}

export function twilioProvider(settings: TwilioSettings, apiUrl = config.TWILIO_API_URL): TextProvider {
  return {
    name: "twilio",
    async send({ to, body, idempotencyKey }) {
      const client = twilio(settings.accountSid, settings.authToken, {
        httpClient: new GavelTwilioClient(apiUrl, idempotencyKey),
      });
      try {
        const sent = await client.messages.create({ to, from: settings.from, body });
        return { providerMessageId: sent.sid, answer: { sid: sent.sid, status: sent.status } };
      } catch (error) {
        const status = (error as { status?: number }).status;
        const code = (error as { code?: number }).code;
        // Twilio answers 400 for a number it will not text (invalid, landline, unsubscribed: 21610); 5xx and network
        // trouble are worth another try.
        throw new ProviderError(
          error instanceof Error ? error.message : String(error),
          status !== undefined && status >= 400 && status < 500 && status !== 429,
          { status: status ?? null, code: code ?? null },
        );
      }
    },
  };
}

/**
 * What Twilio says of an account and a number: confirmed (the token opens the account and the number is one of its
 * own), refused (the SID and token do not open an account), not_owned (the account has no such number), unreachable.
 */
export type TwilioNumberCheck = "confirmed" | "refused" | "not_owned" | "unreachable";

/**
 * Asks Twilio (through the SDK, as sending does) whether `from` is one of the account's own numbers. Replies to texts
 * are accepted only for a confirmed account and number, so that no one can claim another organisation's number.
 */
export async function checkTwilioNumber(
  settings: TwilioSettings,
  apiUrl = config.TWILIO_API_URL,
): Promise<TwilioNumberCheck> {
  const client = twilio(settings.accountSid, settings.authToken, { httpClient: new GavelTwilioClient(apiUrl, null) });
  try {
    const owned = await client.api.v2010
      .accounts(settings.accountSid)
      .incomingPhoneNumbers.list({ phoneNumber: settings.from, limit: 20 });
    return owned.some((number) => number.phoneNumber === settings.from) ? "confirmed" : "not_owned";
  } catch (error) {
    const status = (error as { status?: number }).status;
    if (status === 401 || status === 403 || status === 404) return "refused";
    console.error("[messages] could not ask Twilio to confirm a texting number:", error);
    return "unreachable";
  }
}
