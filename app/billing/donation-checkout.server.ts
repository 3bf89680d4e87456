/**
 * A gift paid by card on the provider's hosted page (/dp): one-time (payment mode) or monthly (subscription mode), a
 * redirect there and back, so it works without JavaScript. A pending payment holds the gift's details and the
 * idempotency key before the page is asked for; the same form sent twice finds that payment and the same page. The
 * gift itself is written only when the page reports the payment complete, by the return or the webhook, whichever
 * comes first (writeGift keys it by the payment): a declined card, a page left or expired, records nothing.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { db } from "~/db.server";
import { Refusal } from "~/forms/refusal";
import { fullName } from "~/ui/format";
import { donation, fundraiser, payment } from "~drizzle/schema";
import { queueGiftReceipt } from "./gift-receipt-mail.server";
import { writeGift, type Gift } from "./gift-records.server";
import { chargedEvent, openHostedPage, SESSION_MINUTES } from "./hosted-pages.server";
import { paymentProviderFor } from "./settings.server";
import type { CheckoutPages } from "./checkout.server";
import type { Transaction } from "~/db/connection.server";
import type { CheckoutResult, ProviderMode } from "~/payments/provider";

export const GIFT_PURPOSE = "donation";

interface PendingGift {
  purpose: typeof GIFT_PURPOSE;
  gift: Gift;
}

const pendingGiftOf = (result: unknown): PendingGift | null =>
  (result as PendingGift | null)?.purpose === GIFT_PURPOSE ? (result as PendingGift) : null;

/**
 * Starts (or, for the same submission, finds again) the hosted page for a gift; answers its address. The
 * submission key comes from the form, so a double tap or a second tab of the same form is one payment.
 */
export async function startGiftCheckout(
  eventId: number,
  gift: Gift,
  submissionKey: string,
  pages: CheckoutPages,
): Promise<string> {
  const provider = await paymentProviderFor(eventId);
  if (!provider) throw new Refusal("Card gifts are not open for this event yet.");
  if (!gift.email) throw new Refusal("Enter your email address for the receipt.", "email");
  // The same form sent twice is one payment; the same form changed (the donor came back and chose another amount)
  // is another.
  const key = `${giftKeyPrefix(eventId, submissionKey)}${gift.amount + gift.fee}-${gift.frequency}`;
  await db
    .insert(payment)
    .values({
      event_id: eventId,
      usr_id: gift.usrId,
      amount: gift.amount + gift.fee,
      method: "checkout",
      status: "pending",
      idempotency_key: key,
      payment_result: { purpose: GIFT_PURPOSE, gift } satisfies PendingGift,
    })
    .onConflictDoNothing();
  const [pending] = await db
    .select()
    .from(payment)
    .where(and(eq(payment.event_id, eventId), eq(payment.idempotency_key, key)));
  if (pending.status !== "pending") throw new Refusal("This gift was already sent. Thank you!");
  const stored = pendingGiftOf(pending.payment_result)!.gift;
  const eventRow = await chargedEvent(eventId);
  const name = fullName(stored.firstName, stored.lastName) || stored.email!;
  const metadata = {
    gavel_event: String(eventId),
    gavel_payment: String(pending.payment_id),
    gavel_purpose: GIFT_PURPOSE,
  };
  return openHostedPage(provider, pending.payment_id, async () => {
    const customerId = await provider.createCustomer({
      email: stored.email!,
      name,
      metadata: { gavel_event: String(eventId) },
      idempotencyKey: `${key}-customer`,
    });
    const common = {
      customerId,
      amount: pending.amount,
      currency: eventRow.currency,
      successUrl: pages.successUrl,
      cancelUrl: pages.cancelUrl,
      metadata,
      idempotencyKey: key,
      expiresAt: new Date(pending.created_at.getTime() + SESSION_MINUTES * 60_000),
    };
    return stored.frequency === "monthly"
      ? provider.startSubscriptionCheckout({ ...common, description: `${eventRow.title}: monthly gift` })
      : provider.startCheckout({ ...common, description: `${eventRow.title}: gift`, saveCard: false });
  });
}

/** The start of the keys of the payments one /dp form opened. */
export const giftKeyPrefix = (eventId: number, submissionKey: string) => `gift-${eventId}-${submissionKey}-`;

/** Whether a hosted page is a gift's (the webhook asks, to send it here rather than to the invoice's checkout). */
export async function isGiftSession(eventId: number, sessionId: string): Promise<boolean> {
  const [row] = await db
    .select({ result: payment.payment_result })
    .from(payment)
    .where(and(eq(payment.event_id, eventId), eq(payment.checkout_session_id, sessionId)));
  return pendingGiftOf(row?.result) !== null;
}

/**
 * Applies what the hosted page says: complete writes the gift (once), expired cancels the payment, open changes
 * nothing. Answers the gift's id when there is one. Safe to call twice, and from the return and the webhook at once.
 */
export async function completeGiftCheckout(
  eventId: number,
  sessionId: string,
  known?: CheckoutResult,
): Promise<number | null> {
  const provider = await paymentProviderFor(eventId);
  // Only a page this event opened for a gift is asked about: the provider refuses a session it never made, such as
  // one typed into the address (a 500 until drill 2).
  if (!provider || !(known || (await isGiftSession(eventId, sessionId)))) return null;
  const result = known ?? (await provider.readCheckout(sessionId));
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select()
      .from(payment)
      .where(and(eq(payment.event_id, eventId), eq(payment.checkout_session_id, sessionId)))
      .for("update");
    const pending = pendingGiftOf(found?.payment_result);
    if (!found || !pending) return null;
    if (result.status === "complete" && result.kind !== "setup") {
      // The payment's own webhook may have marked it paid already; the gift is written here either way.
      await tx
        .update(payment)
        .set({ status: "paid", provider_ref: result.kind === "payment" ? result.paymentIntentId : found.provider_ref })
        .where(and(eq(payment.payment_id, found.payment_id), inArray(payment.status, ["pending", "failed"])));
      const donationId = await writeGift(tx, eventId, pending.gift, {
        method: "card",
        status: "paid",
        source: "online",
        paymentId: found.payment_id,
        subscriptionRef: result.kind === "subscription" ? result.subscriptionId : null,
      });
      await queueGiftReceipt(tx, eventId, donationId);
      return donationId;
    }
    if (result.status === "expired")
      await tx
        .update(payment)
        .set({ status: "cancelled", failure_message: "The payment page expired." })
        .where(and(eq(payment.payment_id, found.payment_id), eq(payment.status, "pending")));
    return null;
  });
}

/**
 * A later month of a monthly gift, paid by the provider on its own: a gift of its own, with the first month's details
 * and a paid payment keyed by the provider's invoice, so a webhook delivered twice records one month.
 */
export async function recordMonthlyGift(
  tx: Transaction,
  eventId: number,
  month: { subscriptionId: string; invoiceRef: string; amount: number; mode?: ProviderMode },
) {
  const [first] = await tx
    .select()
    .from(donation)
    .where(and(eq(donation.event_id, eventId), eq(donation.subscription_ref, month.subscriptionId)))
    .orderBy(asc(donation.donation_id))
    .limit(1);
  if (!first) return;
  const [paid] = await tx
    .insert(payment)
    .values({
      event_id: eventId,
      usr_id: first.usr_id,
      amount: month.amount,
      method: "card",
      status: "paid",
      idempotency_key: `subscription-invoice-${month.invoiceRef}`,
      provider_mode: month.mode ?? null,
      payment_result: { subscription: month.subscriptionId, invoice: month.invoiceRef },
    })
    .onConflictDoNothing()
    .returning({ id: payment.payment_id });
  if (!paid) return;
  // A later month counts on the fundraiser's page only while it runs: an ended page keeps its final total.
  const [running] = first.fundraiser_id
    ? await tx
        .select({ id: fundraiser.fundraiser_id })
        .from(fundraiser)
        .where(
          and(
            eq(fundraiser.fundraiser_id, first.fundraiser_id),
            sql`(${fundraiser.ends_at} is null or ${fundraiser.ends_at} > now())`,
          ),
        )
    : [];
  const donationId = await writeGift(
    tx,
    eventId,
    {
      amount: first.amount,
      fee: first.fee,
      frequency: "monthly",
      firstName: first.first_name,
      lastName: first.last_name,
      email: first.email,
      isAnonymous: first.is_anonymous,
      message: null,
      tributeKind: first.tribute_kind as Gift["tributeKind"],
      tributeName: first.tribute_name,
      usrId: first.usr_id,
      fundraiserId: running?.id ?? null,
    },
    { method: "card", status: "paid", source: "online", paymentId: paid.id, subscriptionRef: month.subscriptionId },
  );
  await queueGiftReceipt(tx, eventId, donationId);
}

/** The donor came back through the page's cancel link: close the page, so nothing can be paid on it later. */
export async function abandonGiftCheckout(eventId: number, sessionId: string) {
  const provider = await paymentProviderFor(eventId);
  if (!provider || !(await isGiftSession(eventId, sessionId))) return;
  await provider.expireCheckout(sessionId);
  await completeGiftCheckout(eventId, sessionId);
}
