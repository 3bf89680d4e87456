/** A message as Gavel sends it: the mailer sends it, the development mailbox keeps it, the email builders make it. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Images the HTML shows inline by cid (QR codes): mail clients block data: addresses. */
  attachments?: { filename: string; content: Buffer; cid: string; contentType: string }[];
}
