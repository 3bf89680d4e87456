/**
 * What follows when a guest has paid everything they owe, in the payment's transaction (a payment that rolls back
 * changes nothing): the ticket orders billed on the invoice count as paid (the door stops asking for them), and the
 * guest is told, once per invoice, that what they won or bought can be collected. Every way money reaches an invoice
 * (cash or check at the desk, a card on file, a hosted page, the provider's webhook) calls this after recording it.
 */
import { and, eq, gt, inArray, isNotNull, notInArray, sql } from "drizzle-orm";
import { messageOrigin } from "~/messages/links.server";
import { enqueueMessage } from "~/messages/outbox.server";
import { auction_item, event, invoice, invoice_line, payment, ticket_payment } from "~drizzle/schema";
import { invoicePath } from "./invoice-link.server";
import { invoiceTotals } from "./invoice.server";
import { unpaidTickets } from "./line-sources/unpaid-tickets.server";
import type { Transaction } from "~/db/connection.server";

export async function whenPaidInFull(tx: Transaction, eventId: number, invoiceId: number): Promise<void> {
  const totals = await invoiceTotals(tx, invoiceId);
  if (totals.total <= 0 || totals.balance > 0) return;
  const lines = await standingLines(tx, invoiceId);
  await markTicketOrdersPaid(tx, eventId, lines);
  await tellPickupReady(tx, eventId, invoiceId, lines);
}

type StandingLine = Awaited<ReturnType<typeof standingLines>>[number];

/** The invoice's lines that count: owed (positive) and not undone by a comp or a reversal. */
async function standingLines(tx: Transaction, invoiceId: number) {
  const undone = tx
    .select({ id: invoice_line.reverses_line_id })
    .from(invoice_line)
    .where(and(eq(invoice_line.invoice_id, invoiceId), isNotNull(invoice_line.reverses_line_id)));
  return tx
    .select({
      source: invoice_line.source,
      sourceKey: invoice_line.source_key,
      itemTitle: auction_item.title,
    })
    .from(invoice_line)
    .leftJoin(auction_item, eq(auction_item.auction_item_id, invoice_line.auction_item_id))
    .where(
      and(
        eq(invoice_line.invoice_id, invoiceId),
        gt(invoice_line.amount, 0),
        notInArray(invoice_line.invoice_line_id, undone),
      ),
    );
}

/**
 * Tickets registered to pay at the event and billed here are paid now: their lines stay (the invoice's history does
 * not change), and their orders say paid, so the door and the confirmation page stop asking for the money.
 */
async function markTicketOrdersPaid(tx: Transaction, eventId: number, lines: StandingLine[]) {
  const ids = lines
    .filter((line) => line.source === unpaidTickets.name && line.sourceKey.startsWith("ticket_payment:"))
    .map((line) => Number(line.sourceKey.slice("ticket_payment:".length)));
  if (ids.length === 0) return;
  // The orders' payments first, in order, as the door locks an order's payment before its tickets: the other way
  // round, the desk settling an invoice and the door taking the same order could each wait for the other.
  await tx
    .select({ id: payment.payment_id })
    .from(payment)
    .where(
      inArray(
        payment.payment_id,
        tx
          .select({ id: ticket_payment.payment_id })
          .from(ticket_payment)
          .where(and(eq(ticket_payment.event_id, eventId), inArray(ticket_payment.ticket_payment_id, ids))),
      ),
    )
    .orderBy(payment.payment_id)
    .for("update");
  const settled = await tx
    .update(ticket_payment)
    .set({ status: "paid" })
    .where(
      and(
        eq(ticket_payment.event_id, eventId),
        inArray(ticket_payment.ticket_payment_id, ids),
        eq(ticket_payment.status, "pending"),
      ),
    )
    .returning({ paymentId: ticket_payment.payment_id });
  const orders = [...new Set(settled.flatMap((row) => (row.paymentId === null ? [] : [row.paymentId])))];
  if (orders.length === 0) return;
  // An order is paid once none of its tickets is still pending.
  await tx
    .update(payment)
    .set({ status: "paid" })
    .where(
      and(
        inArray(payment.payment_id, orders),
        eq(payment.status, "pending"),
        sql`not exists (select 1 from ${ticket_payment} where ${ticket_payment.payment_id} = ${payment.payment_id}
          and ${ticket_payment.status} = 'pending')`,
      ),
    );
}

/** How many item names the message lists before "and N more". */
const NAMED_ITEMS = 3;

async function tellPickupReady(tx: Transaction, eventId: number, invoiceId: number, lines: StandingLine[]) {
  const titles = [...new Set(lines.flatMap((line) => (line.itemTitle ? [line.itemTitle] : [])))];
  if (titles.length === 0) return;
  const [row] = await tx
    .select({ usrId: invoice.usr_id, address: event.address })
    .from(invoice)
    .innerJoin(event, eq(event.event_id, invoice.event_id))
    .where(and(eq(invoice.invoice_id, invoiceId), eq(invoice.event_id, eventId)));
  if (!row) return;
  const named =
    titles.length <= NAMED_ITEMS
      ? titles.join(", ")
      : `${titles.slice(0, NAMED_ITEMS).join(", ")} and ${titles.length - NAMED_ITEMS} more`;
  await enqueueMessage(tx, {
    event_id: eventId,
    template: "pickup_ready",
    channel: "email",
    to: { usr_id: row.usrId },
    data: {
      item: named,
      where: row.address?.trim() ? `the checkout desk, ${row.address.trim()}` : "the checkout desk",
      link: `${messageOrigin()}${invoicePath(eventId, invoiceId)}`,
    },
    idempotency_key: `pickup_ready:${invoiceId}`,
  });
}
