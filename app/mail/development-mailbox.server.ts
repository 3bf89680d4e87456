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

declare global {
  var __gavelDevelopmentMailbox: KeptMessage[] | undefined;
}

const MAILBOX_SIZE = 50;

export function keepInDevelopmentMailbox(message: MailMessage & { from: string }): void {
  const mailbox = (globalThis.__gavelDevelopmentMailbox ??= []);
  mailbox.unshift({ ...message, id: randomUUID(), sentAt: new Date() });
  mailbox.splice(MAILBOX_SIZE);
}

/** The kept messages, newest first. */
export function developmentMailbox(): readonly KeptMessage[] {
  return globalThis.__gavelDevelopmentMailbox ?? [];
}
