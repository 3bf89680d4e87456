/**
 * An invoice as people read it (staff on /admin/billing/winners, the guest on /invoice, the receipt): the guest,
 * every line with its fair market value and deductible part, the payments, and what is still owed.
 */
import { and, asc, eq } from "drizzle-orm";
import { db } from "~/db.server";
import { fullName } from "~/ui/format";
import { event, invoice, payment, refund, usr, usr_event_paddle } from "~drizzle/schema";
import { cardLabel } from "./card-label";
import { cardOnFile } from "./cards.server";
import { deductiblePaid } from "./deductible-paid";
import { BILLING_LINE_KINDS, invoiceLines, invoiceTotals } from "./invoice.server";
import { billingSettings } from "./settings.server";

export const PAYMENT_METHOD_NAMES: Record<string, string> = {
  card: "Card on file",
  checkout: "Card (paid online)",
  cash: "Cash",
  check: "Check",
  pay_at_event: "Pay at the event",
  comp: "Complimentary",
};

export async function invoiceDocument(eventId: number, invoiceId: number) {
  const [head] = await db
    .select({
      invoiceId: invoice.invoice_id,
      number: invoice.number,
      createdAt: invoice.created_at,
      usrId: invoice.usr_id,
      first: usr.first_name,
      last: usr.last_name,
      email: usr.email_address,
      eventTitle: event.title,
      companyName: event.company_name,
    })
    .from(invoice)
    .innerJoin(usr, eq(usr.usr_id, invoice.usr_id))
    .innerJoin(event, eq(event.event_id, invoice.event_id))
    .where(and(eq(invoice.event_id, eventId), eq(invoice.invoice_id, invoiceId)));
  if (!head) throw new Response("Invoice not found", { status: 404 });
  const [paddleRow] = await db
    .select({ paddle: usr_event_paddle.paddle })
    .from(usr_event_paddle)
    .where(and(eq(usr_event_paddle.event_id, eventId), eq(usr_event_paddle.usr_id, head.usrId)));
  const lines = await invoiceLines(db, invoiceId);
  const undone = new Set(lines.map((line) => line.reverses_line_id).filter((id) => id !== null));
  const payments = await db
    .select()
    .from(payment)
    .where(eq(payment.invoice_id, invoiceId))
    .orderBy(asc(payment.payment_id));
  const refunds = await db
    .select({ paymentId: refund.payment_id, amount: refund.amount, status: refund.status, reason: refund.reason })
    .from(refund)
    .innerJoin(payment, eq(payment.payment_id, refund.payment_id))
    .where(eq(payment.invoice_id, invoiceId));
  const totals = await invoiceTotals(db, invoiceId);
  const card = await cardOnFile(db, eventId, head.usrId);
  const settings = await billingSettings(eventId);
  return {
    invoiceId,
    number: head.number,
    issuedAt: head.createdAt.toISOString(),
    usrId: head.usrId,
    guest: fullName(head.first, head.last) || head.email,
    email: head.email,
    paddle: paddleRow?.paddle ?? null,
    eventTitle: head.eventTitle,
    charity: head.companyName ?? head.eventTitle,
    currency: settings.currency,
    lines: lines.map((line) => ({
      id: line.invoice_line_id,
      source: line.source,
      description: line.description,
      amount: line.amount,
      fairMarketValue: line.fair_market_value,
      deductible: line.deductible,
      reason: line.reason,
      addedAt: line.created_at.toISOString(),
      canComp: line.amount > 0 && line.source !== BILLING_LINE_KINDS.fee && !undone.has(line.invoice_line_id),
    })),
    payments: payments
      .filter((row) => row.status !== "cancelled")
      .map((row) => ({
        id: row.payment_id,
        method: PAYMENT_METHOD_NAMES[row.method] ?? row.method,
        amount: row.amount,
        // A payment page left open is not a payment in progress: it holds nothing, and closes when money is taken.
        status: row.status === "pending" && row.method === "checkout" ? "page_open" : row.status,
        checkNumber: row.check_number,
        failure: row.failure_message,
        at: row.created_at.toISOString(),
        refunded: refunds
          .filter((entry) => entry.paymentId === row.payment_id && entry.status === "succeeded")
          .reduce((sum, entry) => sum + entry.amount, 0),
        itemReceived: row.item_received,
      })),
    totals,
    /** What of the paid part is tax-deductible, as the tax report counts it: the receipt's figure. */
    deductiblePaid: deductiblePaid(lines, totals.paid),
    card: card && card.mode === (settings.mode as string) ? cardLabel(card) : null,
    cardsEnabled: settings.cardsEnabled,
    demoSandbox: settings.demoSandbox,
    coverFee: settings.coverFeeEnabled ? { basisPoints: settings.feeBasisPoints, fixed: settings.feeFixed } : null,
    receiptText: settings.receiptText,
    taxId: settings.taxId,
    checkoutOpensAt: settings.checkoutOpensAt?.toISOString() ?? null,
    checkoutClosesAt: settings.checkoutClosesAt?.toISOString() ?? null,
  };
}

export type InvoiceDocument = Awaited<ReturnType<typeof invoiceDocument>>;

/** Lines whose reason is staff-only (docs DOMAIN "Money"): why staff comped a line or gave money back. */
const STAFF_ONLY_REASONS: ReadonlySet<string> = new Set([BILLING_LINE_KINDS.comp, BILLING_LINE_KINDS.refund]);

/**
 * The invoice as its guest sees it (their page, its receipt, the receipt's PDF and email): why staff comped a line or
 * refunded money is theirs to know (it may say "board member" or "angry about the wait"), so a comp shows as
 * "Comped: …" and a refund as "Refund", without the reason.
 */
export function guestView(document: InvoiceDocument): InvoiceDocument {
  return {
    ...document,
    lines: document.lines.map((line) =>
      STAFF_ONLY_REASONS.has(line.source) ? { ...line, reason: null, canComp: false } : line,
    ),
  };
}
