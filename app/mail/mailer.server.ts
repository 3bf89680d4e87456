/**
 * Gavel's one way to send mail (nodemailer). With SMTP_URL, messages go through that SMTP server. Without it they
 * are not sent: the log notes each (with its text outside production only), and the development mailbox page
 * (/dev/mailbox, DEV_MAILBOX) keeps them, so sign-up and reset links can be followed on a machine with no mail server.
 *
 * An event's own SMTP server is the organiser's choice, not the operator's: it is reached only at a public address
 * (sendMailThroughEventServer), so no organiser can make Gavel connect into its own network.
 */
import { isIP } from "node:net";
import nodemailer, { type Transporter } from "nodemailer";
import { config } from "~/config.server";
import { canonicalHost, publicAddresses, type Lookup } from "~/security/network-address.server";
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
  console.log(unsentMailLine(message));
  if (config.DEV_MAILBOX)
    keepInDevelopmentMailbox({
      ...content,
      from: fromName ? `${fromName} <${addressOf(config.MAIL_FROM)}>` : config.MAIL_FROM,
    });
  return { messageId: message.messageId ?? null, response: "not sent: no SMTP_URL (written to the log)" };
}

/** Where an smtp:// or smtps:// address leads: only these parts are used (no proxy, no TLS switches from its query). */
export interface SmtpAddress {
  host: string;
  port: number;
  secure: boolean;
  auth?: { user: string; pass: string };
}

/** Reads an event's smtp:// or smtps:// address; null when it is not one. */
export function parseSmtpAddress(smtpUrl: string): SmtpAddress | null {
  let url: URL;
  try {
    url = new URL(smtpUrl);
  } catch {
    return null;
  }
  if (url.protocol !== "smtp:" && url.protocol !== "smtps:") return null;
  const host = canonicalHost(decodeURIComponent(url.hostname).replace(/^\[|\]$/g, ""));
  if (!host) return null;
  const secure = url.protocol === "smtps:";
  const user = decodeURIComponent(url.username);
  return {
    host,
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    ...(user ? { auth: { user, pass: decodeURIComponent(url.password) } } : {}),
  };
}

/**
 * A connection to an event's own SMTP server. Its host is resolved here and every address checked (no loopback,
 * private, link-local, metadata or other non-public address, unless ALLOW_PRIVATE_EVENT_SMTP, for tests); the
 * connection goes to the checked address, with the host name kept for TLS (SNI and the certificate's name), so the
 * name cannot resolve elsewhere between the check and the connection. Rejects with NonPublicAddressError.
 */
async function eventServerTransport(
  smtpUrl: string,
  options: { lookup?: Lookup; allowPrivate?: boolean },
): Promise<Transporter> {
  const address = parseSmtpAddress(smtpUrl);
  if (!address) throw new Error("The event's mail server address is not an smtp:// or smtps:// address.");
  const allowPrivate = options.allowPrivate ?? config.ALLOW_PRIVATE_EVENT_SMTP;
  const [connectTo] = allowPrivate ? [address.host] : await publicAddresses(address.host, options.lookup);
  return nodemailer.createTransport({
    host: connectTo,
    port: address.port,
    secure: address.secure,
    auth: address.auth,
    tls: isIP(address.host) ? {} : { servername: address.host },
    connectionTimeout: 20_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  });
}

/** Sends through an event's own SMTP server; rejects with NonPublicAddressError, or with what nodemailer rejected. */
export async function sendMailThroughEventServer(
  message: MailMessage,
  smtpUrl: string,
  options: { lookup?: Lookup; allowPrivate?: boolean } = {},
): Promise<MailAnswer> {
  const transport = await eventServerTransport(smtpUrl, options);
  try {
    const { fromName, ...content } = message;
    const from = fromName ? { name: fromName, address: addressOf(config.MAIL_FROM) } : config.MAIL_FROM;
    const info = (await transport.sendMail({ from, ...content })) as { messageId?: string; response?: string };
    return { messageId: info.messageId ?? null, response: info.response ?? "" };
  } finally {
    transport.close();
  }
}

/**
 * Connects to an event's own SMTP server as sending would, and signs in when the address names a user (nodemailer's
 * verify: the greeting, TLS, AUTH), without sending anything. Rejects as sending would.
 */
export async function verifyEventServer(
  smtpUrl: string,
  options: { lookup?: Lookup; allowPrivate?: boolean } = {},
): Promise<void> {
  const transport = await eventServerTransport(smtpUrl, options);
  try {
    await transport.verify();
  } finally {
    transport.close();
  }
}

/**
 * What the log says of a mail not sent for want of SMTP_URL. In production only that it was not sent, its subject and
 * its masked recipient: its text may carry a sign-in code or a link that signs in or pays (one log held 676 codes).
 * Elsewhere (development, tests) the whole text, to follow links on a machine with no mail server.
 */
export function unsentMailLine(message: Pick<MailMessage, "to" | "subject" | "text">, env = config.NODE_ENV): string {
  if (env === "production")
    return `[mail] (no SMTP_URL: not sent) "${message.subject}" to ${maskedAddress(message.to)}; set SMTP_URL to send mail`;
  return `[mail] (no SMTP_URL: not sent) To: ${message.to} · Subject: ${message.subject}\n${message.text}`;
}

/** a***@example.org: enough to tell messages apart, not to read someone's address from the log. */
function maskedAddress(address: string): string {
  const at = address.lastIndexOf("@");
  return at < 1 ? "***" : `${address[0]}***${address.slice(at)}`;
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
