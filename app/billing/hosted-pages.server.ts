/**
 * The provider's hosted payment pages, as the invoice, gift and ticket checkouts open them: how long one takes a
 * payment, the one way a page is opened and remembered, and the event a payment is charged for.
 */
import { and, eq, isNull, or } from "drizzle-orm";
import { db } from "~/db.server";
import { Refusal } from "~/forms/refusal";
import { ProviderUnavailableError, type HostedPage, type PaymentProvider } from "~/payments/provider";
import { event, payment } from "~drizzle/schema";
import type { Executor } from "./line-sources/line-source";

/** How long a hosted page takes the payment, from when it is opened. */
export const SESSION_MINUTES = 30;

/** The event's currency and title: a payment is charged in the one and named after the other. */
export async function chargedEvent(eventId: number, executor: Executor = db) {
  const [row] = await executor
    .select({ currency: event.currency, title: event.title })
    .from(event)
    .where(eq(event.event_id, eventId));
  return row;
}

/**
 * Opens the page for a pending payment and keeps its session on the payment (the return and the webhook find the
 * payment by it) with the mode it takes money in (only that mode's webhooks may settle it); answers the page's
 * address. A provider that does not answer is a refusal to try again. A payment closed while its page was being made
 * (the desk took cash meanwhile) gets no page: the one just made is closed at the provider before anyone can pay on
 * it, since nothing of ours would know of money taken there.
 */
export async function openHostedPage(
  provider: PaymentProvider,
  paymentId: number,
  open: () => Promise<HostedPage>,
): Promise<string> {
  try {
    const page = await open();
    const [kept] = await db
      .update(payment)
      .set({ checkout_session_id: page.sessionId, provider_mode: page.mode })
      // Kept by a payment waiting for this page (or holding it already: the guest's other tab). A closed one, or one
      // that another press gave another page meanwhile (a ticket order's double click), keeps none: this is expired.
      .where(
        and(
          eq(payment.payment_id, paymentId),
          eq(payment.status, "pending"),
          or(isNull(payment.checkout_session_id), eq(payment.checkout_session_id, page.sessionId)),
        ),
      )
      .returning({ id: payment.payment_id });
    if (!kept) {
      await provider.expireCheckout(page.sessionId);
      throw new Refusal("Another payment was taken meanwhile, so nothing was charged. Look at what is owed now.");
    }
    return page.url;
  } catch (error) {
    if (error instanceof ProviderUnavailableError)
      throw new Refusal("The payment service did not answer. Try again in a moment.");
    throw error;
  }
}
