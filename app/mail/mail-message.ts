/** A message as Gavel sends it: the mailer sends it, the development mailbox keeps it, the email builders make it. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Images the HTML shows inline by cid (QR codes): mail clients block data: addresses. */
  attachments?: { filename: string; content: Buffer; cid?: string; contentType: string }[];
  /** The sender's name shown with MAIL_FROM's address (the charity, for an event's messages). */
  fromName?: string;
  replyTo?: string;
  /** A fixed Message-ID (the outbox's idempotency key): a resend after a crash is the same message to mail clients. */
  messageId?: string;
}
