/**
 * Paying for tickets by card at registration: the order is registered first (its seats held, its payment pending),
 * then the buyer pays on the provider's hosted page, a redirect there and back, so it works without JavaScript. The
 * return and the provider's webhook both complete it, whichever comes first; the second changes nothing. A page left
 * or expired charges nothing, and the order becomes one to pay at the event (the door collects it, or the buyer
 * pays by card again from the confirmation page).
 */
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { db } from "~/db.server";
import { Refusal } from "~/forms/refusal";
import { ProviderRefusedError, ProviderUnavailableError, type CheckoutResult } from "~/payments/provider";
import { fullName } from "~/ui/format";
import { payment, ticket_payment } from "~drizzle/schema";
import { chargedEvent, openHostedPage, SESSION_MINUTES } from "./hosted-pages.server";
import { paymentProviderFor } from "./settings.server";
import type { CheckoutPages } from "./checkout.server";

export const TICKETS_PURPOSE = "tickets";

interface TicketPayment {
  purpose: typeof TICKETS_PURPOSE;
  /** How many hosted pages this order has opened: each needs an idempotency key of its own. */
  attempt: number;
}

const ticketPaymentOf = (result: unknown): TicketPayment | null =>
  (result as TicketPayment | null)?.purpose === TICKETS_PURPOSE ? (result as TicketPayment) : null;

/**
 * Opens the hosted page for a pending order's tickets and answers its address. The order turns into a card order
 * while the page is open.
 */
export async function startTicketCheckout(eventId: number, paymentId: number, pages: CheckoutPages): Promise<string> {
  const provider = await paymentProviderFor(eventId);
  if (!provider) throw new Refusal("Card payments are not open for this event: pay at the event instead.");
  // A page this order opened before (another tab, the buyer back from it) is closed first: open, it could still take
  // the same money; paid meanwhile, it is recorded and the order is paid.
  await closeTicketPage(eventId, paymentId);
  const order = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(payment)
      .where(and(eq(payment.event_id, eventId), eq(payment.payment_id, paymentId)))
      .for("update");
    if (!row) throw new Response("There is no such order.", { status: 404 });
    if (row.status !== "pending" || !["card", "pay_at_event"].includes(row.method))
      throw new Refusal("This order is already paid.");
    // Another press of the button opened one since (a double click, two tabs): that page stands.
    if (row.checkout_session_id)
      throw new Refusal("A payment page for this order was opened just now. Look at the order, then try again.");
    const attempt = (ticketPaymentOf(row.payment_result)?.attempt ?? 0) + 1;
    const [updated] = await tx
      .update(payment)
      .set({
        method: "card",
        checkout_session_id: null,
        payment_result: { purpose: TICKETS_PURPOSE, attempt } satisfies TicketPayment,
      })
      .where(eq(payment.payment_id, row.payment_id))
      .returning();
    return updated;
  });
  const [buyer] = await db
    .select({ first: ticket_payment.first_name, last: ticket_payment.last_name, email: ticket_payment.email })
    .from(ticket_payment)
    .where(eq(ticket_payment.payment_id, paymentId))
    .orderBy(asc(ticket_payment.ticket_payment_id))
    .limit(1);
  const eventRow = await chargedEvent(eventId);
  const key = `tickets-${paymentId}-${ticketPaymentOf(order.payment_result)!.attempt}`;
  try {
    return await openHostedPage(provider, paymentId, async () => {
      const customerId = await provider.createCustomer({
        email: buyer?.email ?? "",
        name: fullName(buyer?.first, buyer?.last) || (buyer?.email ?? "Guest"),
        metadata: { gavel_event: String(eventId) },
        idempotencyKey: `${key}-customer`,
      });
      return provider.startCheckout({
        customerId,
        amount: order.amount,
        currency: eventRow.currency,
        description: `${eventRow.title}: tickets`,
        successUrl: pages.successUrl,
        cancelUrl: pages.cancelUrl,
        metadata: { gavel_event: String(eventId), gavel_payment: String(paymentId), gavel_purpose: TICKETS_PURPOSE },
        idempotencyKey: key,
        saveCard: false,
        expiresAt: new Date(Date.now() + SESSION_MINUTES * 60_000),
      });
    });
  } catch (error) {
    // No page opened: the order is one to pay at the event again (the door can collect it), unless another press
    // opened one meanwhile.
    await db
      .update(payment)
      .set({ method: "pay_at_event" })
      .where(
        and(
          eq(payment.payment_id, paymentId),
          eq(payment.status, "pending"),
          eq(payment.method, "card"),
          isNull(payment.checkout_session_id),
        ),
      );
    throw error;
  }
}

/** Whether a hosted page pays for tickets (the webhook asks, to send it here). */
export async function isTicketSession(eventId: number, sessionId: string): Promise<boolean> {
  const [row] = await db
    .select({ result: payment.payment_result })
    .from(payment)
    .where(and(eq(payment.event_id, eventId), eq(payment.checkout_session_id, sessionId)));
  return ticketPaymentOf(row?.result) !== null;
}

/**
 * Applies what the hosted page says to the order it pays for (the order named, when the return link names one):
 * complete pays the order and its tickets; expired makes it an order to pay at the event; open changes nothing.
 * Safe to call twice, and from the return and the webhook at once.
 */
export async function completeTicketCheckout(
  eventId: number,
  sessionId: string,
  options: { paymentId?: number; known?: CheckoutResult } = {},
): Promise<void> {
  const provider = await paymentProviderFor(eventId);
  if (!provider) return;
  const [found] = await db
    .select({ id: payment.payment_id, result: payment.payment_result })
    .from(payment)
    .where(and(eq(payment.event_id, eventId), eq(payment.checkout_session_id, sessionId)));
  if (!found || !ticketPaymentOf(found.result)) return;
  if (options.paymentId !== undefined && options.paymentId !== found.id) return;
  const result = options.known ?? (await provider.readCheckout(sessionId));
  await db.transaction(async (tx) => {
    if (result.status === "complete" && result.kind === "payment") {
      // The payment's own webhook may have marked it paid already; its tickets are settled here either way.
      await tx
        .update(payment)
        .set({ status: "paid", provider_ref: result.paymentIntentId, failure_message: null })
        .where(and(eq(payment.payment_id, found.id), inArray(payment.status, ["pending", "failed"])));
      await tx
        .update(ticket_payment)
        .set({ status: "paid" })
        .where(and(eq(ticket_payment.payment_id, found.id), eq(ticket_payment.status, "pending")));
    } else if (result.status === "expired") {
      // Only while the order still names this page: a newer one, opened meanwhile, may still take the money.
      await tx
        .update(payment)
        .set({ method: "pay_at_event", checkout_session_id: null })
        .where(
          and(
            eq(payment.payment_id, found.id),
            eq(payment.status, "pending"),
            eq(payment.method, "card"),
            eq(payment.checkout_session_id, sessionId),
          ),
        );
    }
  });
}

/** Expires the order's open page at the provider and applies what it then says (paid, or closed). */
export async function closeTicketPage(eventId: number, paymentId: number) {
  const [row] = await db
    .select({ sessionId: payment.checkout_session_id, result: payment.payment_result })
    .from(payment)
    .where(and(eq(payment.event_id, eventId), eq(payment.payment_id, paymentId), eq(payment.status, "pending")));
  if (!row?.sessionId || !ticketPaymentOf(row.result)) return;
  const provider = await paymentProviderFor(eventId);
  if (!provider) return;
  try {
    await provider.expireCheckout(row.sessionId);
  } catch (error) {
    // Refused: the page finished (paid or expired) as it was being closed; reading it back tells which.
    if (error instanceof ProviderUnavailableError)
      throw new Refusal("The payment service did not answer. Try again in a moment.");
    if (!(error instanceof ProviderRefusedError)) throw error;
  }
  await completeTicketCheckout(eventId, row.sessionId, { paymentId });
}

/** The buyer came back through the page's cancel link: close the page, so the order is one to pay at the event. */
export async function abandonTicketCheckout(eventId: number, paymentId: number) {
  await closeTicketPage(eventId, paymentId);
}
