/**
 * A guest pays on /invoice with a card typed on the provider's hosted page (Checkout Session, payment mode): a
 * redirect there and back, so it works without JavaScript. The pending payment and its idempotency key are written
 * before the session is asked for; a second tab asking for the same payment is sent to the same page. The return from
 * the page and the provider's webhook both complete the payment, whichever comes first; the second changes nothing.
 *
 * An open page never locks the invoice (issue 31): it holds none of the balance, and any other payment (cash, a
 * check, the card on file, another page) first closes it at the provider. Closed there, it can no longer take money;
 * if the provider cannot be reached, it is marked superseded, and should the guest still pay on it, that payment is
 * recorded all the same and shows as the guest's credit: money collected is never lost, nor asked for twice.
 */
import { randomUUID } from "node:crypto";
import { and, eq, inArray, isNull } from "drizzle-orm";
import { db } from "~/db.server";
import { Refusal } from "~/forms/refusal";
import {
  ProviderRefusedError,
  ProviderUnavailableError,
  type CheckoutResult,
  type PaymentProvider,
} from "~/payments/provider";
import { payment } from "~drizzle/schema";
import { paymentAmountProblem } from "./amount-rules";
import { afterCardPaymentSucceeded } from "./card-payment-succeeded.server";
import { CardsNotSetUpError, customerFor, keepCard } from "./cards.server";
import { coveredFee } from "./fee-lines.server";
import { chargedEvent, openHostedPage, SESSION_MINUTES } from "./hosted-pages.server";
import { insertInvoicePayment, lockInvoice, payableOnInvoice, syncInvoices } from "./invoice.server";
import { paymentProviderFor, paymentProviderInMode } from "./settings.server";
import type { Executor } from "./line-sources/line-source";
import type { Transaction } from "~/db/connection.server";

export interface CheckoutPages {
  /** Must contain {CHECKOUT_SESSION_ID}: the provider puts the session's id there. */
  successUrl: string;
  cancelUrl: string;
}

interface PageNote {
  save_card?: boolean;
  covered_fee?: number;
}

/**
 * Starts the payment of the balance (or part of it) on a hosted page, or finds the page already open for the same
 * payment (the guest's other tab); answers its address. Pages open for another amount are closed first.
 */
export async function startInvoiceCheckout(
  eventId: number,
  invoiceId: number,
  options: {
    coverFee: boolean;
    saveCard: boolean;
    pages: CheckoutPages;
    /** Part of the balance (paying across two cards); the whole balance when omitted. */
    amount?: number;
  },
): Promise<string> {
  const provider = await paymentProviderFor(eventId);
  if (!provider) throw new CardsNotSetUpError();
  const charged = await chargedEvent(eventId);
  const wanted = async (tx: Transaction) => {
    const owed = await payableOnInvoice(tx, invoiceId);
    const base = options.amount ?? owed;
    const problem = paymentAmountProblem(base, { owed, way: "card", currency: charged.currency });
    if (problem) throw new Refusal(problem, options.amount === undefined ? undefined : "amount");
    const fee = options.coverFee ? await coveredFee(tx, eventId, base) : 0;
    return { base, fee };
  };
  // The guest's other tab asking for the same payment, on a page that can still take it.
  const sameAs = (row: typeof payment.$inferSelect, amount: number) =>
    row.amount === amount &&
    Boolean((row.payment_result as PageNote | null)?.save_card) === options.saveCard &&
    row.created_at.getTime() + SESSION_MINUTES * 60_000 > Date.now();

  // Pages open for another payment (or expired) are closed before this one starts, outside the invoice's lock (the provider is
  // asked). One that turns out paid is recorded, and the amount below is checked against what is then still owed.
  const before = await db.transaction(async (tx) => {
    const row = await lockInvoice(tx, eventId, invoiceId);
    if (!row) throw new Response("Invoice not found", { status: 404 });
    await syncInvoices(tx, eventId, [row.usr_id]);
    const { base, fee } = await wanted(tx);
    return (await openPagesOf(tx, eventId, invoiceId)).filter((open) => !sameAs(open, base + fee));
  });
  for (const open of before) await closePage(await pageProvider(eventId, open.provider_mode), eventId, open);

  const pending = await db.transaction(async (tx) => {
    const row = await lockInvoice(tx, eventId, invoiceId);
    if (!row) throw new Response("Invoice not found", { status: 404 });
    const { base, fee } = await wanted(tx);
    const open = await openPagesOf(tx, eventId, invoiceId);
    const same = open.find((page) => sameAs(page, base + fee));
    if (same) return same;
    if (open.length > 0) throw new Refusal("Another payment was started on this invoice just now. Try again.");
    const note: PageNote = { save_card: options.saveCard, covered_fee: fee };
    const [created] = await insertInvoicePayment(
      tx,
      { eventId, invoiceId, usrId: row.usr_id },
      {
        amount: base + fee,
        method: "checkout",
        status: "pending",
        idempotency_key: `checkout-${randomUUID()}`,
        payment_result: note,
      },
    ).returning();
    return created;
  });

  return openHostedPage(provider, pending.payment_id, async () =>
    provider.startCheckout({
      customerId: await customerFor(provider, eventId, pending.usr_id!),
      amount: pending.amount,
      currency: charged.currency,
      description: `${charged.title}: invoice`,
      successUrl: options.pages.successUrl,
      cancelUrl: options.pages.cancelUrl,
      metadata: {
        gavel_event: String(eventId),
        gavel_invoice: String(invoiceId),
        gavel_payment: String(pending.payment_id),
        gavel_purpose: "invoice_payment",
      },
      idempotencyKey: pending.idempotency_key!,
      saveCard: Boolean((pending.payment_result as PageNote | null)?.save_card),
      expiresAt: new Date(pending.created_at.getTime() + SESSION_MINUTES * 60_000),
    }),
  );
}

/**
 * Applies a finished hosted payment to its invoice (and keeps the card when asked). Safe to call twice. A page paid
 * after it was superseded is recorded too: the provider took the money, so it counts (as credit if nothing is owed).
 */
export async function completeCheckout(eventId: number, sessionId: string, known?: CheckoutResult) {
  // Only a page this event opened is asked about: the provider refuses a session it never made, such as one typed
  // into the address.
  const [own] = await db
    .select({ id: payment.payment_id, mode: payment.provider_mode })
    .from(payment)
    .where(and(eq(payment.event_id, eventId), eq(payment.checkout_session_id, sessionId)));
  if (!own) return;
  // Read back in the mode the page was made in: a test page still open when the event goes live is a test page.
  const provider = await pageProvider(eventId, own.mode);
  if (!provider) throw new CardsNotSetUpError();
  const result = known ?? (await provider.readCheckout(sessionId));
  await db.transaction(async (tx) => {
    const [found] = await tx
      .select()
      .from(payment)
      .where(and(eq(payment.event_id, eventId), eq(payment.checkout_session_id, sessionId)));
    if (!found) return;
    await lockInvoice(tx, eventId, found.invoice_id!);
    if (result.status === "complete" && result.kind === "payment") {
      const [paid] = await tx
        .update(payment)
        .set({ status: "paid", provider_ref: result.paymentIntentId, failure_message: null })
        .where(and(eq(payment.payment_id, found.payment_id), inArray(payment.status, ["pending", "cancelled"])))
        .returning();
      // The payment's own webhook may have marked it paid first: the card asked to be saved is kept either way (the
      // webhook's event does not carry it), and what follows a success is keyed, so it is done once.
      const settled = paid ?? (found.status === "paid" ? found : null);
      const saveCard = (found.payment_result as PageNote | null)?.save_card;
      if (settled && saveCard && result.card) await keepCard(tx, eventId, found.usr_id!, provider.mode, result.card);
      if (settled) await afterCardPaymentSucceeded(tx, eventId, settled);
    } else if (result.status === "expired") {
      await tx
        .update(payment)
        .set({ status: "cancelled", failure_message: "The payment page expired." })
        .where(and(eq(payment.payment_id, found.payment_id), eq(payment.status, "pending")));
    }
  });
}

/**
 * The invoice's payment pages that are open (made and neither paid, expired nor closed), of this event only: an
 * invoice id posted to another event's screen must not close its pages.
 */
export async function openPagesOf(executor: Executor, eventId: number, invoiceId: number) {
  return executor
    .select()
    .from(payment)
    .where(
      and(
        eq(payment.event_id, eventId),
        eq(payment.invoice_id, invoiceId),
        eq(payment.method, "checkout"),
        eq(payment.status, "pending"),
      ),
    );
}

/**
 * Closes the invoice's open payment pages before another payment is taken (or because the guest left the page):
 * each is expired at the provider, then read back, so a page paid meanwhile is recorded as paid and any other can no
 * longer take money. The provider out of reach (the venue's Wi-Fi) does not stop the desk: the page is marked
 * superseded, and a payment made on it after all is recorded when the provider tells (completeCheckout).
 */
export async function closeOpenPages(eventId: number, invoiceId: number) {
  for (const page of await openPagesOf(db, eventId, invoiceId))
    await closePage(await pageProvider(eventId, page.provider_mode), eventId, page);
}

/** The provider of the mode a page was made in (the event's current one for a page not yet made). */
async function pageProvider(eventId: number, mode: string | null) {
  return mode === "live" || mode === "test" ? paymentProviderInMode(eventId, mode) : paymentProviderFor(eventId);
}

async function closePage(provider: PaymentProvider | null, eventId: number, page: typeof payment.$inferSelect) {
  const sessionId = page.checkout_session_id;
  if (provider && sessionId) {
    try {
      await provider.expireCheckout(sessionId);
      await completeCheckout(eventId, sessionId);
      return;
    } catch (error) {
      // Refused: the page finished (paid or expired) as it was being closed; reading it back tells which.
      if (error instanceof ProviderRefusedError) return completeCheckout(eventId, sessionId);
      if (!(error instanceof ProviderUnavailableError)) throw error;
    }
  }
  // Not made at the provider yet, or the provider out of reach: superseded here. Only as it was read: a page whose
  // making ended meanwhile (its session kept since) can take money, so it is closed at the provider after all.
  const [superseded] = await db
    .update(payment)
    .set({
      status: "cancelled",
      failure_message: "Closed when another payment was taken. If the guest pays on it after all, it becomes credit.",
    })
    .where(
      and(
        eq(payment.event_id, eventId),
        eq(payment.payment_id, page.payment_id),
        eq(payment.status, "pending"),
        sessionId ? eq(payment.checkout_session_id, sessionId) : isNull(payment.checkout_session_id),
      ),
    )
    .returning({ id: payment.payment_id });
  if (superseded || sessionId) return;
  const [now] = await db
    .select()
    .from(payment)
    .where(and(eq(payment.event_id, eventId), eq(payment.payment_id, page.payment_id), eq(payment.status, "pending")));
  if (now) await closePage(provider ?? (await pageProvider(eventId, now.provider_mode)), eventId, now);
}
