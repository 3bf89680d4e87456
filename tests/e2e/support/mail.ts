// The mail the app sent during the end-to-end run, as the SMTP stand-in (smtp-sink.mjs) wrote it to E2E_MAIL_DIR.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { decodeQuotedPrintable, linksIn, subjectOf } from "../../support/mail-message";

export interface ReceivedMail {
  to: string[];
  subject: string | undefined;
  raw: string;
  /** The message's links, decoded. */
  links: string[];
}

function receivedMail(): ReceivedMail[] {
  const folder = process.env.E2E_MAIL_DIR!;
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .reverse()
    .map((name) => {
      const { to, raw } = JSON.parse(readFileSync(path.join(folder, name), "utf8")) as { to: string[]; raw: string };
      return { to, raw, subject: subjectOf(raw), links: linksIn(raw) };
    });
}

/** Waits for the newest message to `to` with this subject (mail is sent in the background). */
export async function waitForMail(to: string, subject: string | RegExp, timeoutMs = 10_000): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  const matches = (actual: string | undefined) =>
    typeof subject === "string" ? actual === subject : actual !== undefined && subject.test(actual);
  for (;;) {
    const found = receivedMail().find((mail) => mail.to.includes(to) && matches(mail.subject));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No mail "${subject}" to ${to} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The message's link to a path of the app (the first; the HTML part repeats it). */
export function linkTo(mail: ReceivedMail, pathname: string): string {
  const link = mail.links.find((href) => new URL(href).pathname === pathname);
  if (!link) throw new Error(`No link to ${pathname} in "${mail.subject}"`);
  return link;
}

/** The sign-in code of a "Your Gavel sign-in code" message, as typed: a guest's 6 digits, a team member's 10. */
export function signInCodeIn(mail: ReceivedMail): string | undefined {
  return /sign-in code is (\d{5} \d{5}|\d{6})/.exec(decodeQuotedPrintable(mail.raw))?.[1].replace(" ", "");
}
