/**
 * Gavel's one way to send mail (nodemailer). With SMTP_URL, messages go through that SMTP server. Without it they
 * are written to the log, and outside production also kept for the development mailbox page (/dev/mailbox), so
 * sign-up and reset links can be followed on a machine with no mail server.
 */
import nodemailer, { type Transporter } from "nodemailer";
import { config } from "~/config.server";
import { keepInDevelopmentMailbox } from "./development-mailbox.server";
import type { MailMessage } from "./mail-message";

const transports = new Map<string, Transporter>();

function smtpTransport(smtpUrl: string): Transporter {
  // Created on first use: a process that never sends mail never opens a connection.
  let transport = transports.get(smtpUrl);
  if (!transport) {
    transport = nodemailer.createTransport(smtpUrl);
    transports.set(smtpUrl, transport);
  }
  return transport;
}

/** What the SMTP server answered, kept with the outbox's attempt. */
export interface MailAnswer {
  messageId: string | null;
  response: string;
}

/**
 * Sends the message now, through `smtpUrl` (an event's own server) or SMTP_URL; rejects when the SMTP server refuses
 * it or cannot be reached.
 */
export async function sendMail(message: MailMessage, smtpUrl = config.SMTP_URL): Promise<MailAnswer> {
  const { fromName, ...content } = message;
  const from = fromName ? { name: fromName, address: addressOf(config.MAIL_FROM) } : config.MAIL_FROM;
  if (smtpUrl) {
    const info = (await smtpTransport(smtpUrl).sendMail({ from, ...content })) as {
      messageId?: string;
      response?: string;
    };
    return { messageId: info.messageId ?? null, response: info.response ?? "" };
  }
  console.log(`[mail] (no SMTP_URL: not sent) To: ${message.to} · Subject: ${message.subject}\n${message.text}`);
  if (config.DEV_MAILBOX)
    keepInDevelopmentMailbox({
      ...content,
      from: fromName ? `${fromName} <${addressOf(config.MAIL_FROM)}>` : config.MAIL_FROM,
    });
  return { messageId: message.messageId ?? null, response: "not sent: no SMTP_URL (written to the log)" };
}

/** The address of "Name <address>" or of a bare address. */
function addressOf(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1] ?? from;
}

const deliveries = new Set<Promise<void>>();

/**
 * Sends the message without making the request wait for the mail server. Used where the time a request takes
 * must not depend on whether mail was sent (no hint whether an address has an account). Failures are logged.
 */
export function queueMail(message: MailMessage): void {
  const delivery: Promise<void> = sendMail(message)
    .then(() => undefined)
    .catch((error: unknown) => console.error(`[mail] could not send "${message.subject}" to ${message.to}:`, error))
    .finally(() => deliveries.delete(delivery));
  deliveries.add(delivery);
}

/** Resolves once every queued message has been handed over (or has failed): for shutdown, and for tests. */
export async function queuedMailSent(): Promise<void> {
  while (deliveries.size > 0) await Promise.all(deliveries);
}
