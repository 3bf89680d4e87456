/**
 * The receipt as a PDF for the guest's taxes (pdfkit, already Gavel's PDF library: decision 012): every line with
 * its fair market value and deductible part, the payments, the deductible total, the charity's tax id and text.
 */
import { pdfText } from "~/catalogue/print.server";
import { formatMoney } from "~/ui/format";
import { DEMO_RECEIPT_NOTE } from "./demo-money";
import { letterhead, pdfOf, tableRows } from "./tax-pdf.server";
import type { InvoiceDocument } from "./invoice-document.server";

export async function receiptPdf(invoice: InvoiceDocument): Promise<Buffer> {
  return pdfOf(`Receipt ${invoice.number} · ${invoice.eventTitle}`, (doc) => {
    doc.addPage();
    const money = (cents: number) => pdfText(formatMoney(cents, invoice.currency));
    const row = tableRows(doc);
    letterhead(doc, invoice, `${invoice.eventTitle} · Receipt for invoice ${invoice.number}`);
    if (invoice.demoSandbox) {
      doc.font("Helvetica-Bold").fontSize(12).text(pdfText(DEMO_RECEIPT_NOTE));
      doc.font("Helvetica").fontSize(10).moveDown(0.5);
    }
    doc.text(pdfText(`${invoice.guest}${invoice.paddle !== null ? `, paddle ${invoice.paddle}` : ""}`));
    doc.text(pdfText(invoice.email));
    doc.moveDown();
    row(["Item", "Amount", "Fair market value", "Deductible"], true);
    for (const line of invoice.lines)
      row([line.description, money(line.amount), money(line.fairMarketValue), money(line.deductible)]);
    doc.moveDown(0.5);
    // The column gives each line's deductible part once paid; what of it was paid is the figure below the payments.
    row(["Total", money(invoice.totals.total), "", ""], true);
    row(["Paid", money(invoice.totals.paid), "", ""], true);
    row(["Balance due", money(Math.max(0, invoice.totals.balance)), "", ""], true);
    doc.moveDown();
    doc.font("Helvetica-Bold").fontSize(12).text("Payments");
    doc.font("Helvetica").fontSize(10);
    for (const entry of invoice.payments.filter(
      (payment) => payment.status === "paid" || payment.status === "disputed",
    ))
      doc.text(
        pdfText(
          `${entry.at.slice(0, 10)}  ${entry.method}${entry.checkNumber ? ` no. ${entry.checkNumber}` : ""}  ${money(entry.amount)}${entry.refunded > 0 ? ` (${money(entry.refunded)} refunded)` : ""}`,
        ),
      );
    doc.moveDown();
    doc
      .font("Helvetica-Bold")
      .fontSize(11)
      .text(pdfText(`Tax-deductible amount: ${money(invoice.deductiblePaid)}`));
    doc
      .font("Helvetica")
      .fontSize(9)
      .text(
        "The deductible part is what was paid above the fair market value of the goods or services received: payments " +
          "pay each line's fair market value first. Items without a stated value (priceless) have no deductible part.",
      );
    if (invoice.receiptText) {
      doc.moveDown();
      doc.fontSize(10).text(pdfText(invoice.receiptText));
    }
  });
}
