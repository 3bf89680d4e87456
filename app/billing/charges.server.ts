/**
 * Taking money for an invoice: charging the card on file, cash, a check, and comping a line. No path charges twice
 * (docs/decisions/025-payments.md):
 * - every change goes through the invoice's row lock, so two staff at once, or a guest in two tabs, see each
 *   other's payment;
 * - a card charge is first written as a pending payment with its idempotency key, committed, and only then sent
 *   to the provider with that key; anyone who finds a pending card payment (a retry, a second click, a resumed
 *   "charge all") sends the same key again, and the provider answers the first charge's result instead of charging;
 * - cash and checks carry the form's submission key, so a double post records one payment.
 */
import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { db } from "~/db.server";
import { Refusal } from "~/forms/refusal";
import { ProviderUnavailableError } from "~/payments/provider";
import { invoice, invoice_line, payment } from "~drizzle/schema";
import { cardOnFile, CardsNotSetUpError } from "./cards.server";
import { settleOpenCheckouts } from "./checkout.server";
import { addFeeLine, reverseFeeLine } from "./fee-lines.server";
import { chargedEvent } from "./hosted-pages.server";
import {
  BILLING_LINE_KINDS,
  insertInvoicePayment,
  lockInvoice,
  owedBeyondPending,
  syncInvoices,
} from "./invoice.server";
import { whenPaidInFull } from "./paid-in-full.server";
import { paymentProviderFor } from "./settings.server";
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
  await settleOpenCheckouts(eventId, invoiceId);

  const prepared = await db.transaction(async (tx) => {
    const row = await invoiceOf(tx, eventId, invoiceId);
    const [unfinished] = await tx
      .select()
      .from(payment)
      .where(and(eq(payment.invoice_id, invoiceId), eq(payment.method, "card"), eq(payment.status, "pending")));
    const card = await cardOnFile(tx, eventId, row.usr_id);
    if (unfinished) return { payment: unfinished, card };
    const owed = await owedBeyondPending(tx, invoiceId);
    if (owed <= 0) return { result: { status: "nothing_owed" } as const };
    if (!card || card.mode !== provider.mode) return { result: { status: "no_card" } as const };
    if (options.amount !== undefined && (options.amount <= 0 || options.amount > owed))
      throw new Refusal(`Charge at most the ${owed / 100} still owed.`, "amount");
    const base = options.amount ?? owed;
    const key = `charge-${randomUUID()}`;
    const fee = options.coverFee ? await addFeeLine(tx, eventId, invoiceId, base, key) : 0;
    const [created] = await insertInvoicePayment(
      tx,
      { eventId, invoiceId, usrId: row.usr_id },
      {
        amount: base + fee,
        method: "card",
        status: "pending",
        idempotency_key: key,
        taken_by_usr_id: options.byUsrId,
      },
    ).returning();
    return { payment: created, card };
  });
  if (prepared.result) return prepared.result;
  const pending = prepared.payment!;
  if (!prepared.card) return { status: "no_card" };

  const eventRow = await chargedEvent(eventId);
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
        payment_result: { outcome: outcome.status },
      })
      .where(and(eq(payment.payment_id, pending.payment_id), eq(payment.status, "pending")))
      .returning();
    // A webhook may have settled it first; the row then already says what happened.
    const final = updated ?? (await tx.select().from(payment).where(eq(payment.payment_id, pending.payment_id)))[0];
    if (final.status !== "paid") await reverseFeeLine(tx, eventId, invoiceId, pending.idempotency_key!);
    else await whenPaidInFull(tx, eventId, invoiceId);
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
  return db.transaction(async (tx) => {
    const row = await invoiceOf(tx, eventId, invoiceId);
    const key = `manual-${input.submissionKey}`;
    const [already] = await tx
      .select({ id: payment.payment_id })
      .from(payment)
      .where(and(eq(payment.event_id, eventId), eq(payment.idempotency_key, key)));
    if (already) return already.id;
    const owed = await owedBeyondPending(tx, invoiceId);
    if (owed <= 0) throw new Refusal("Nothing is owed on this invoice.", "amount");
    if (input.amount > owed)
      throw new Refusal(`That is more than the ${(owed / 100).toFixed(2)} still owed.`, "amount");
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
