// The mail the app "sent" during an integration test: without SMTP_URL it lands in the development mailbox. Mail
// waiting in the outbox is sent first, as the app's worker would within a second.
import { db } from "~/db.server";
import { developmentMailbox, type KeptMessage } from "~/mail/development-mailbox.server";
import { queuedMailSent } from "~/mail/mailer.server";
import { runOutbox } from "~/messages/worker.server";
import { outboxEnrichers } from "~/outbox-enrichers.server";

/** Every message sent to the address so far, newest first (after queued and outbox mail has gone out). */
export async function mailTo(address: string): Promise<KeptMessage[]> {
  await runOutbox(db, { enrichers: outboxEnrichers });
  await queuedMailSent();
  return developmentMailbox().filter((message) => message.to.toLowerCase() === address.toLowerCase());
}

export async function lastMailTo(address: string): Promise<KeptMessage> {
  const [message] = await mailTo(address);
  if (!message) throw new Error(`No mail to ${address}`);
  return message;
}

/** The link in the message's text that goes to `path` on the app. */
export function linkTo(message: KeptMessage, path: string): URL {
  const link = message.text
    .match(/https?:\/\/\S+/g)
    ?.map((href) => new URL(href))
    .find((url) => url.pathname === path);
  if (!link) throw new Error(`No link to ${path} in "${message.subject}":\n${message.text}`);
  return link;
}
