/**
 * Each card gift opens a payment page at the provider (a customer, a hosted page, a pending payment): a script posting
 * /dp in a loop would open thousands. They are paced per browser (its device cookie), and, for clients that send
 * none, per network address; a room of guests giving from their own phones on the venue's Wi-Fi is never held back
 * by one another (decision 035).
 */
import { firstWait, recordAttempts, waitText, type Pace } from "~/auth/pacing.server";
import { db } from "~/db.server";
import { Refusal } from "~/forms/refusal";

const MINUTE = 60_000;

export const GIFT_PAGE_PACES = {
  device: { free: 5, firstDelayMs: 30_000, maxDelayMs: 15 * MINUTE },
  cookielessAddress: { free: 10, firstDelayMs: 30_000, maxDelayMs: 15 * MINUTE },
} satisfies Record<string, Pace>;

/** Who opens a payment page: the key of the browser's device cookie (when it sent one) and its network address. */
export type GiftPageOpener = { device: string | undefined; ip: string | undefined };

/** Counts a payment page about to open, or refuses it (with how long to wait) when the browser opened many just now. */
export async function paceGiftPage(opener: GiftPageOpener, now = new Date()) {
  const limits = [
    {
      scope: "device",
      counted: opener.device ? { kind: "gift-page:device", subject: opener.device } : undefined,
      pace: GIFT_PAGE_PACES.device,
    },
    {
      scope: "address",
      counted: !opener.device && opener.ip ? { kind: "gift-page:cookieless", subject: opener.ip } : undefined,
      pace: GIFT_PAGE_PACES.cookielessAddress,
    },
  ] as const;
  const wait = await firstWait(db, limits, now);
  if (wait) {
    const from = wait.scope === "device" ? "this browser" : "your network";
    throw new Refusal(
      `Many payment pages were opened from ${from} just now. Try again in ${waitText(wait.retryAt, now)}.`,
    );
  }
  await recordAttempts(
    db,
    limits.map((limit) => limit.counted),
    now,
  );
}
