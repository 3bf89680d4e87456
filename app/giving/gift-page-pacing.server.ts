/**
 * Each card gift opens a payment page at the provider (a customer, a hosted page, a pending payment): a script posting
 * /dp in a loop would open thousands. They are paced per browser (its device cookie), and, for clients that send
 * none, per network address; a room of guests giving from their own phones on the venue's Wi-Fi is never held back
 * by one another (decision 035).
 */
import { clientWords, pacePerBrowser, waitText, type Pace, type PacedClient } from "~/auth/pacing.server";
import { db } from "~/db.server";
import { Refusal } from "~/forms/refusal";

const MINUTE = 60_000;

export const GIFT_PAGE_PACES = {
  device: { free: 5, firstDelayMs: 30_000, maxDelayMs: 15 * MINUTE },
  cookielessAddress: { free: 10, firstDelayMs: 30_000, maxDelayMs: 15 * MINUTE },
} satisfies Record<string, Pace>;

/** Counts a payment page about to open, or refuses it (with how long to wait) when the browser opened many just now. */
export async function paceGiftPage(opener: PacedClient, now = new Date()) {
  const wait = await pacePerBrowser(db, "gift-page", opener, GIFT_PAGE_PACES, now);
  if (wait) {
    throw new Refusal(
      `Many payment pages were opened from ${clientWords(wait.scope)} just now. Try again in ${waitText(wait.retryAt, now)}.`,
    );
  }
}
