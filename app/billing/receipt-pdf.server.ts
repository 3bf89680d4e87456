/**
 * The receipt as a PDF for the guest's taxes (pdfkit, already Gavel's PDF library: decision 012): every line with
 * its fair market value and deductible part, the payments, the deductible total, the charity's tax id and text.
 */
import PDFDocument from "pdfkit";
import { pdfText } from "~/catalogue/print.server";
import { formatMoney } from "~/ui/format";
import type { InvoiceDocument } from "./invoice-document.server";

const MARGIN = 54;

export async function receiptPdf(invoice: InvoiceDocument): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "LETTER",
    margin: MARGIN,
    info: { Title: pdfText(`Receipt ${invoice.number} · ${invoice.eventTitle}`), Producer: "Gavel" },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const money = (cents: number) => pdfText(formatMoney(cents, invoice.currency));
  const width = doc.page.width - MARGIN * 2;
  const columns = [MARGIN, MARGIN + width * 0.52, MARGIN + width * 0.68, MARGIN + width * 0.84];
  const row = (cells: string[], bold = false) => {
    const y = doc.y;
    doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(10);
    doc.text(pdfText(cells[0]), columns[0], y, { width: width * 0.5 });
    const bottom = doc.y;
    cells.slice(1).forEach((cell, index) => {
      doc.text(cell, columns[index + 1], y, { width: width * 0.15, align: "right" });
    });
    doc.y = Math.max(bottom, doc.y) + 4;
    doc.x = MARGIN;
  };

  doc.font("Helvetica-Bold").fontSize(18).text(pdfText(invoice.charity));
  doc
    .font("Helvetica")
    .fontSize(11)
    .text(pdfText(`${invoice.eventTitle} · Receipt for invoice ${invoice.number}`));
  if (invoice.taxId) doc.text(pdfText(`Tax id: ${invoice.taxId}`));
  doc.moveDown();
  doc.text(pdfText(`${invoice.guest}${invoice.paddle !== null ? `, paddle ${invoice.paddle}` : ""}`));
  doc.text(pdfText(invoice.email));
  doc.moveDown();
  row(["Item", "Amount", "Fair market value", "Deductible"], true);
  for (const line of invoice.lines)
    row([line.description, money(line.amount), money(line.fairMarketValue), money(line.deductible)]);
  doc.moveDown(0.5);
  row(["Total", money(invoice.totals.total), "", money(invoice.totals.deductible)], true);
  row(["Paid", money(invoice.totals.paid), "", ""], true);
  row(["Balance due", money(Math.max(0, invoice.totals.balance)), "", ""], true);
  doc.moveDown();
  doc.font("Helvetica-Bold").fontSize(12).text("Payments");
  doc.font("Helvetica").fontSize(10);
  for (const entry of invoice.payments.filter((payment) => payment.status === "paid" || payment.status === "disputed"))
    doc.text(
      pdfText(
        `${entry.at.slice(0, 10)}  ${entry.method}${entry.checkNumber ? ` no. ${entry.checkNumber}` : ""}  ${money(entry.amount)}${entry.refunded > 0 ? ` (${money(entry.refunded)} refunded)` : ""}`,
      ),
    );
  doc.moveDown();
  const deductible = Math.min(invoice.totals.deductible, invoice.totals.paid);
  doc
    .font("Helvetica-Bold")
    .fontSize(11)
    .text(pdfText(`Tax-deductible amount: ${money(deductible)}`));
  doc
    .font("Helvetica")
    .fontSize(9)
    .text(
      "The deductible part is what was paid above the fair market value of the goods or services received. Items " +
        "without a stated value (priceless) have no deductible part.",
    );
  if (invoice.receiptText) {
    doc.moveDown();
    doc.fontSize(10).text(pdfText(invoice.receiptText));
  }
  doc.end();
  return done;
}
