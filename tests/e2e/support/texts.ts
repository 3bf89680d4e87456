// The texts the app sent during the end-to-end run, as the fake Twilio gateway (app/demo/sandbox/twilio.ts, started standalone) wrote them to
// E2E_SMS_DIR.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export interface ReceivedText {
  to: string;
  from: string;
  body: string;
}

/** The fake gateway's account, to enter on /admin/setup/texting. */
export const FAKE_TWILIO = {
  accountSid: process.env.E2E_TWILIO_SID!,
  authToken: process.env.E2E_TWILIO_TOKEN!,
  /** The number the account owns. */
  number: process.env.E2E_TWILIO_NUMBER!,
};

function receivedTexts(): ReceivedText[] {
  const folder = process.env.E2E_SMS_DIR!;
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .reverse()
    .map((name) => JSON.parse(readFileSync(path.join(folder, name), "utf8")) as ReceivedText);
}

/** Waits for the newest text to `to` (E.164) whose body matches (texts are sent by the outbox worker). */
export async function waitForText(to: string, body: RegExp, timeoutMs = 15_000): Promise<ReceivedText> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = receivedTexts().find((text) => text.to === to && body.test(text.body));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No text matching ${body} to ${to} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
