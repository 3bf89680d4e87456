/**
 * Gavel's one way to send mail (nodemailer). With SMTP_URL, messages go through that SMTP server. Without it they
 * are written to the log, and outside production also kept for the development mailbox page (/dev/mailbox), so
 * sign-up and reset links can be followed on a machine with no mail server.
 */
import nodemailer, { type Transporter } from "nodemailer";
import { config } from "~/config.server";
import { keepInDevelopmentMailbox } from "./development-mailbox.server";
import type { MailMessage } from "./mail-message";

let transport: Transporter | undefined;

function smtpTransport(smtpUrl: string): Transporter {
  // Created on first use: a process that never sends mail never opens a connection.
  transport ??= nodemailer.createTransport(smtpUrl);
  return transport;
}

/** Sends the message now; rejects when the SMTP server refuses it or cannot be reached. */
export async function sendMail(message: MailMessage): Promise<void> {
  if (config.SMTP_URL) {
    await smtpTransport(config.SMTP_URL).sendMail({ from: config.MAIL_FROM, ...message });
    return;
  }
  console.log(`[mail] (no SMTP_URL: not sent) To: ${message.to} · Subject: ${message.subject}\n${message.text}`);
  if (config.NODE_ENV !== "production") keepInDevelopmentMailbox({ from: config.MAIL_FROM, ...message });
}

const deliveries = new Set<Promise<void>>();

/**
 * Sends the message without making the request wait for the mail server. Used where the time a request takes
 * must not depend on whether mail was sent (no hint whether an address has an account). Failures are logged.
 */
export function queueMail(message: MailMessage): void {
  const delivery: Promise<void> = sendMail(message)
    .catch((error: unknown) => console.error(`[mail] could not send "${message.subject}" to ${message.to}:`, error))
    .finally(() => deliveries.delete(delivery));
  deliveries.add(delivery);
}

/** Resolves once every queued message has been handed over (or has failed): for shutdown, and for tests. */
export async function queuedMailSent(): Promise<void> {
  while (deliveries.size > 0) await Promise.all(deliveries);
}
