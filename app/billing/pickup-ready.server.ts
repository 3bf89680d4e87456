/**
 * Once a guest has paid everything they owe, what they won or bought can be collected: they are told so, once per
 * invoice, in the payment's transaction (a payment that rolls back tells nobody). Every way money reaches an invoice
 * (cash or check at the desk, a card on file, a hosted page, the provider's webhook) calls this after recording it.
 */
import { and, eq, gt, isNotNull, notInArray } from "drizzle-orm";
import { messageOrigin } from "~/messages/links.server";
import { enqueueMessage } from "~/messages/outbox.server";
import { auction_item, event, invoice, invoice_line } from "~drizzle/schema";
import { invoicePath } from "./invoice-link.server";
import { invoiceTotals } from "./invoice.server";
import type { Transaction } from "~/db/connection.server";

/** How many item names the message lists before "and N more". */
const NAMED_ITEMS = 3;

export async function tellPickupReadyIfPaid(tx: Transaction, eventId: number, invoiceId: number): Promise<void> {
  const totals = await invoiceTotals(tx, invoiceId);
  if (totals.total <= 0 || totals.balance > 0) return;
  const undone = tx
    .select({ id: invoice_line.reverses_line_id })
    .from(invoice_line)
    .where(and(eq(invoice_line.invoice_id, invoiceId), isNotNull(invoice_line.reverses_line_id)));
  const items = await tx
    .selectDistinct({ title: auction_item.title })
    .from(invoice_line)
    .innerJoin(auction_item, eq(auction_item.auction_item_id, invoice_line.auction_item_id))
    .where(
      and(
        eq(invoice_line.invoice_id, invoiceId),
        gt(invoice_line.amount, 0),
        notInArray(invoice_line.invoice_line_id, undone),
      ),
    );
  if (items.length === 0) return;
  const [row] = await tx
    .select({ usrId: invoice.usr_id, address: event.address })
    .from(invoice)
    .innerJoin(event, eq(event.event_id, invoice.event_id))
    .where(and(eq(invoice.invoice_id, invoiceId), eq(invoice.event_id, eventId)));
  if (!row) return;
  const titles = items.map((item) => item.title);
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
