/**
 * Taking money for an invoice: charging the card on file, cash, a check, and comping a line. No path charges twice
 * (docs/decisions/025-payments.md):
 * - every change goes through the invoice's row lock, so two staff at once, or a guest in two tabs, see each
 *   other's payment;
 * - a card charge is first written as a pending payment with its idempotency key, committed, and only then sent
 *   to the provider with that key; anyone who finds a pending card payment (a retry, a second click, a resumed
 *   "charge all") sends the same key again, and the provider answers the first charge's result instead of charging;
 * - cash, checks and a card charged from a form carry the form's submission key, so a double post records one
 *   payment (a card's second post answers the first charge's result, paid or declined);
 * - a payment page the guest left open holds nothing: taking money any other way closes it first.
 * Amounts obey ./amount-rules.ts (above zero, no more than owed, a card's minimum).
 */
import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { db } from "~/db.server";
import { Refusal } from "~/forms/refusal";
import { ProviderRefusedError, ProviderUnavailableError } from "~/payments/provider";
import { invoice, invoice_line, payment } from "~drizzle/schema";
import { paymentAmountProblem } from "./amount-rules";
import { afterCardPaymentSucceeded } from "./card-payment-succeeded.server";
import { cardOnFile, CardsNotSetUpError } from "./cards.server";
import { closeOpenPages, openPagesOf } from "./checkout.server";
import { coveredFee, type CoveredFeeNote } from "./fee-lines.server";
import { chargedEvent } from "./hosted-pages.server";
import {
  BILLING_LINE_KINDS,
  insertInvoicePayment,
  lockInvoice,
  payableOnInvoice,
  syncInvoices,
} from "./invoice.server";
import { whenPaidInFull } from "./paid-in-full.server";
import { paymentProviderFor } from "./settings.server";
import type { Executor } from "./line-sources/line-source";
import type { Transaction } from "~/db/connection.server";

export type ChargeResult =
  | { status: "paid"; paymentId: number; amount: number }
  | { status: "nothing_owed" }
  | { status: "no_card" }
  | { status: "declined" | "requires_authentication"; paymentId: number; amount: number; message: string };

export class ProviderDidNotAnswerError extends Refusal {
  constructor() {
    super(
      "The payment service did not answer, so we cannot tell yet whether the card was charged. Try again: the same " +
        "charge is asked again, never a second one.",
    );
  }
}

async function invoiceOf(executor: Transaction, eventId: number, invoiceId: number) {
  const row = await lockInvoice(executor, eventId, invoiceId);
  if (!row) throw new Response("Invoice not found", { status: 404 });
  await syncInvoices(executor, eventId, [row.usr_id]);
  return row;
}

export interface CardChargeOptions {
  byUsrId: number | null;
  /** Part of the balance (a split); the whole balance when omitted. */
  amount?: number;
  coverFee?: boolean;
  /**
   * The form's submission key (made when it was shown): the same form sent twice charges once, and the second post
   * answers the first charge's result. Without one (charge all, which keeps its own keys) every call is a new charge.
   */
  submissionKey?: string;
}

/**
 * Charges the guest's card on file for what the invoice still owes. Safe to call again after a timeout or a crash,
 * and from two places at once: see the module's comment.
 */
export async function chargeCardOnFile(
  eventId: number,
  invoiceId: number,
  options: CardChargeOptions,
): Promise<ChargeResult> {
  const provider = await paymentProviderFor(eventId);
  if (!provider) throw new CardsNotSetUpError();
  const eventRow = await chargedEvent(eventId);
  const key = options.submissionKey ? `charge-${invoiceId}-${options.submissionKey}` : `charge-${randomUUID()}`;
  // A form sent again after its charge ended answers that charge, before any page is closed or anything asked.
  const ended = options.submissionKey ? await chargeWithKey(db, eventId, key) : null;
  if (ended && ended.status !== "pending") return chargeResultOf(ended);

  const prepared = await withPagesClosed(eventId, invoiceId, async (tx) => {
    const row = await invoiceOf(tx, eventId, invoiceId);
    const earlier = options.submissionKey ? await chargeWithKey(tx, eventId, key) : null;
    if (earlier && earlier.status !== "pending") return { result: chargeResultOf(earlier) };
    const [unfinished] = await tx
      .select()
      .from(payment)
      .where(and(eq(payment.invoice_id, invoiceId), eq(payment.method, "card"), eq(payment.status, "pending")));
    const card = await cardOnFile(tx, eventId, row.usr_id);
    if (unfinished) return { payment: unfinished, card };
    const owed = await payableOnInvoice(tx, invoiceId);
    if (owed <= 0) return { result: { status: "nothing_owed" } as const };
    if (!card || card.mode !== provider.mode) return { result: { status: "no_card" } as const };
    const base = options.amount ?? owed;
    const problem = paymentAmountProblem(base, { owed, way: "card", currency: eventRow.currency });
    if (problem) throw new Refusal(problem, "amount");
    const fee = options.coverFee ? await coveredFee(tx, eventId, base) : 0;
    const note: CoveredFeeNote = { covered_fee: fee };
    const [created] = await insertInvoicePayment(
      tx,
      { eventId, invoiceId, usrId: row.usr_id },
      {
        amount: base + fee,
        method: "card",
        status: "pending",
        provider_mode: provider.mode,
        idempotency_key: key,
        taken_by_usr_id: options.byUsrId,
        payment_result: note,
      },
    ).returning();
    return { payment: created, card };
  });
  if (prepared.result) return prepared.result;
  const pending = prepared.payment!;
  if (!prepared.card) return { status: "no_card" };

  let outcome;
  try {
    outcome = await provider.chargeSavedCard({
      card: prepared.card,
      amount: pending.amount,
      currency: eventRow.currency,
      description: `${eventRow.title}: invoice payment`,
      metadata: {
        gavel_event: String(eventId),
        gavel_invoice: String(invoiceId),
        gavel_payment: String(pending.payment_id),
      },
      idempotencyKey: pending.idempotency_key!,
    });
  } catch (error) {
    if (error instanceof ProviderUnavailableError) throw new ProviderDidNotAnswerError();
    // The provider refused the request itself (not the card): nothing was charged, and asking again with the same
    // key would be refused again, so the attempt ends here and the balance stays payable.
    if (error instanceof ProviderRefusedError) {
      await failPending(pending.payment_id, error.message);
      throw new Refusal(`Not charged: ${error.message}`, "amount");
    }
    throw error;
  }

  return db.transaction(async (tx) => {
    await lockInvoice(tx, eventId, invoiceId);
    const status = outcome.status === "succeeded" ? "paid" : "failed";
    const [updated] = await tx
      .update(payment)
      .set({
        status,
        provider_ref: outcome.paymentIntentId,
        failure_message: outcome.status === "succeeded" ? null : outcome.message,
        payment_result: { ...(pending.payment_result as CoveredFeeNote | null), outcome: outcome.status },
      })
      .where(and(eq(payment.payment_id, pending.payment_id), eq(payment.status, "pending")))
      .returning();
    // A webhook may have settled it first; the row then already says what happened.
    const final = updated ?? (await tx.select().from(payment).where(eq(payment.payment_id, pending.payment_id)))[0];
    if (final.status === "paid") await afterCardPaymentSucceeded(tx, eventId, final);
    if (final.status === "paid") return { status: "paid", paymentId: final.payment_id, amount: final.amount };
    return {
      status: outcome.status === "requires_authentication" ? "requires_authentication" : "declined",
      paymentId: final.payment_id,
      amount: final.amount,
      message: final.failure_message ?? (outcome.status === "succeeded" ? "" : outcome.message),
    };
  });
}

export interface ManualPaymentInput {
  method: "cash" | "check";
  amount: number;
  checkNumber: string | null;
  byUsrId: number;
  /** The form's submission key: a double post records one payment. */
  submissionKey: string;
}

/** Records cash or a check taken by staff. */
export async function recordManualPayment(eventId: number, invoiceId: number, input: ManualPaymentInput) {
  if (input.method === "check" && !input.checkNumber) throw new Refusal("Enter the check's number.", "check_number");
  const key = `manual-${input.submissionKey}`;
  // A resent form answers the payment it recorded, before anything else is asked of the provider.
  const earlier = await paymentByKey(db, eventId, key);
  if (earlier !== null) return earlier;
  const { currency } = await chargedEvent(eventId);
  return withPagesClosed(eventId, invoiceId, async (tx) => {
    const row = await invoiceOf(tx, eventId, invoiceId);
    const already = await paymentByKey(tx, eventId, key);
    if (already !== null) return already;
    const owed = await payableOnInvoice(tx, invoiceId);
    const problem = paymentAmountProblem(input.amount, { owed, way: input.method, currency });
    if (problem) throw new Refusal(problem, "amount");
    const [created] = await insertInvoicePayment(
      tx,
      { eventId, invoiceId, usrId: row.usr_id },
      {
        amount: input.amount,
        method: input.method,
        status: "paid",
        check_number: input.checkNumber,
        idempotency_key: key,
        taken_by_usr_id: input.byUsrId,
      },
    ).returning({ id: payment.payment_id });
    await whenPaidInFull(tx, eventId, invoiceId);
    return created.id;
  });
}

/**
 * Runs `take` in a transaction holding the invoice's lock, once no payment page of the invoice is open. Pages are
 * closed outside the lock (the provider is asked); one opened meanwhile is closed in turn. So money is never taken
 * at the desk while a page could still take the same balance (only the provider out of reach leaves one to credit).
 */
async function withPagesClosed<T>(
  eventId: number,
  invoiceId: number,
  take: (tx: Transaction) => Promise<T>,
): Promise<T> {
  // Another event's invoice id is refused before any page is asked to close.
  const [own] = await db
    .select({ id: invoice.invoice_id })
    .from(invoice)
    .where(and(eq(invoice.event_id, eventId), eq(invoice.invoice_id, invoiceId)));
  if (!own) throw new Response("Invoice not found", { status: 404 });
  for (let attempt = 0; attempt < 3; attempt++) {
    await closeOpenPages(eventId, invoiceId);
    const done = await db.transaction(async (tx) => {
      await lockInvoice(tx, eventId, invoiceId);
      if ((await openPagesOf(tx, eventId, invoiceId)).length > 0) return { reopened: true as const };
      return { value: await take(tx) };
    });
    if (!("reopened" in done)) return done.value;
  }
  throw new Refusal("The guest is opening a payment page for this invoice right now. Try again in a moment.");
}

async function paymentByKey(executor: Executor, eventId: number, key: string): Promise<number | null> {
  const [row] = await executor
    .select({ id: payment.payment_id })
    .from(payment)
    .where(and(eq(payment.event_id, eventId), eq(payment.idempotency_key, key)));
  return row?.id ?? null;
}

/** A card charge by its idempotency key. */
async function chargeWithKey(executor: Executor, eventId: number, key: string) {
  const [row] = await executor
    .select()
    .from(payment)
    .where(and(eq(payment.event_id, eventId), eq(payment.idempotency_key, key), eq(payment.method, "card")));
  return row ?? null;
}

/** What an ended card charge answered: paid, or declined (or the bank asking the cardholder) with its message. */
function chargeResultOf(row: typeof payment.$inferSelect): ChargeResult {
  if (row.status === "paid") return { status: "paid", paymentId: row.payment_id, amount: row.amount };
  const outcome = (row.payment_result as { outcome?: string } | null)?.outcome;
  return {
    status: outcome === "requires_authentication" ? "requires_authentication" : "declined",
    paymentId: row.payment_id,
    amount: row.amount,
    message: row.failure_message ?? "The card was declined.",
  };
}

/** A saved-card charge the provider refused to make (its request, not the card): it ends, failed, charging nothing. */
async function failPending(paymentId: number, message: string) {
  await db
    .update(payment)
    .set({ status: "failed", failure_message: message })
    .where(and(eq(payment.payment_id, paymentId), eq(payment.status, "pending")));
}

/** Comps a line: adds a negative line with the reason, so the history keeps both. */
export async function compLine(
  eventId: number,
  invoiceId: number,
  lineId: number,
  { reason, byUsrId }: { reason: string; byUsrId: number },
) {
  await db.transaction(async (tx) => {
    await invoiceOf(tx, eventId, invoiceId);
    const [line] = await tx
      .select()
      .from(invoice_line)
      .where(and(eq(invoice_line.invoice_line_id, lineId), eq(invoice_line.invoice_id, invoiceId)));
    if (!line || line.amount <= 0) throw new Refusal("That line cannot be comped.", "line");
    const [undone] = await tx
      .select({ id: invoice_line.invoice_line_id })
      .from(invoice_line)
      .where(
        and(
          eq(invoice_line.invoice_id, invoiceId),
          eq(invoice_line.reverses_line_id, lineId),
          inArray(invoice_line.source, [BILLING_LINE_KINDS.comp, BILLING_LINE_KINDS.reversal]),
        ),
      );
    if (undone) throw new Refusal("That line is already comped or removed.", "line");
    await tx.insert(invoice_line).values({
      invoice_id: invoiceId,
      event_id: eventId,
      source: BILLING_LINE_KINDS.comp,
      source_key: `line:${lineId}`,
      description: `Comped: ${line.description}`,
      amount: -line.amount,
      fair_market_value: -line.fair_market_value,
      deductible: -line.deductible,
      auction_item_id: line.auction_item_id,
      reverses_line_id: lineId,
      reason,
      added_by_usr_id: byUsrId,
    });
  });
}

/** The invoice id of a guest at the event, made when they owe something; null when they owe nothing at all. */
export async function invoiceIdFor(eventId: number, usrId: number): Promise<number | null> {
  return db.transaction(async (tx) => {
    await syncInvoices(tx, eventId, [usrId]);
    const [row] = await tx
      .select({ id: invoice.invoice_id })
      .from(invoice)
      .where(and(eq(invoice.event_id, eventId), eq(invoice.usr_id, usrId)));
    return row?.id ?? null;
  });
}
