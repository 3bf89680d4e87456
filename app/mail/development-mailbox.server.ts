/**
 * Outside production without SMTP, sent messages are kept in memory (the latest 50) for /dev/mailbox. Kept on
 * globalThis so that development rebuilds do not empty it.
 */
import { randomUUID } from "node:crypto";
import type { MailMessage } from "./mail-message";

export interface KeptMessage extends MailMessage {
  id: string;
  from: string;
  sentAt: Date;
}

/** A text the demo's sandbox gateway took instead of a phone (app/demo/sandbox): shown beside the mails. */
export interface KeptText {
  id: string;
  to: string;
  from: string;
  body: string;
  sentAt: Date;
}

declare global {
  var __gavelDevelopmentMailbox: KeptMessage[] | undefined;
  var __gavelDevelopmentTexts: KeptText[] | undefined;
}

const MAILBOX_SIZE = 50;

export function keepInDevelopmentMailbox(message: MailMessage & { from: string }): void {
  const mailbox = (globalThis.__gavelDevelopmentMailbox ??= []);
  mailbox.unshift({ ...message, id: randomUUID(), sentAt: new Date() });
  mailbox.splice(MAILBOX_SIZE);
}

export function keepTextInDevelopmentMailbox(text: Omit<KeptText, "id" | "sentAt">): void {
  const texts = (globalThis.__gavelDevelopmentTexts ??= []);
  texts.unshift({ ...text, id: randomUUID(), sentAt: new Date() });
  texts.splice(MAILBOX_SIZE);
}

/** The kept texts, newest first. */
export function developmentTexts(): readonly KeptText[] {
  return globalThis.__gavelDevelopmentTexts ?? [];
}

/** The kept messages, newest first. */
export function developmentMailbox(): readonly KeptMessage[] {
  return globalThis.__gavelDevelopmentMailbox ?? [];
}

/**
 * The message's HTML as a mail client shows it: images it refers to by cid (a guest's QR code) are put in as data
 * addresses, which a page can show (mail clients block data: addresses, which is why the sent mail uses cid).
 */
export function htmlWithInlineImages(message: Pick<KeptMessage, "html" | "attachments">): string {
  const byCid = new Map(
    (message.attachments ?? [])
      .filter((attachment) => attachment.cid)
      .map((attachment) => [
        attachment.cid!,
        `data:${attachment.contentType};base64,${attachment.content.toString("base64")}`,
      ]),
  );
  return message.html.replace(/cid:([^"'\s)>]+)/g, (found, cid: string) => byCid.get(cid) ?? found);
}
