/**
 * Emailing a receipt: the one place that does it, through the outbox (decision 023), so it goes once even if the
 * process stops meanwhile, in the event's branding, with the PDF attached and the link to the guest's invoice.
 */
import { db } from "~/db.server";
import { enqueueMessage } from "~/messages/outbox.server";
import { formatMoney } from "~/ui/format";
import { DEMO_RECEIPT_NOTE } from "./demo-money";
import { guestView, invoiceDocument } from "./invoice-document.server";
import { receiptPdf } from "./receipt-pdf.server";

/**
 * Queues the guest's receipt for their invoice; returns the address it goes to. Pressing "email the receipt" again
 * within a minute for the same amount paid sends it once.
 */
export async function sendReceipt(eventId: number, invoiceId: number, invoiceUrl: string): Promise<string> {
  const invoice = guestView(await invoiceDocument(eventId, invoiceId));
  const money = (cents: number) => formatMoney(cents, invoice.currency);
  const deductible = money(invoice.deductiblePaid);
  await enqueueMessage(db, {
    event_id: eventId,
    template: "receipt",
    to: { email: invoice.email },
    channel: "email",
    data: {
      first_name: invoice.guest.split(" ")[0] || "there",
      amount: money(invoice.totals.paid),
      deductible: [
        invoice.demoSandbox ? DEMO_RECEIPT_NOTE : "",
        `Paid: ${money(invoice.totals.paid)}. Tax-deductible: ${deductible}.`,
        invoice.taxId ? `${invoice.charity}, tax id ${invoice.taxId}.` : "",
        invoice.receiptText,
      ]
        .filter(Boolean)
        .join(" "),
      link: invoiceUrl,
    },
    attachments: [
      { filename: `receipt-${invoice.number}.pdf`, contentType: "application/pdf", content: await receiptPdf(invoice) },
    ],
    idempotency_key: `receipt:${invoiceId}:${invoice.totals.paid}:${Math.floor(Date.now() / 60_000)}`,
  });
  return invoice.email;
}
