/**
 * Donors' statements for their taxes as one PDF, a page (or more) per guest, with pdfkit (Gavel's PDF library:
 * decision 012, as the receipt in app/billing/receipt-pdf.server.ts).
 */
import PDFDocument from "pdfkit";
import { pdfText } from "~/catalogue/print.server";
import { formatMoney } from "~/ui/format";
import type { GuestStatement, Statements } from "./tax.server";

const MARGIN = 54;

export async function statementsPdf(statements: Statements): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "LETTER",
    margin: MARGIN,
    autoFirstPage: false,
    info: { Title: pdfText(`Tax statements · ${statements.eventTitle}`), Producer: "Gavel" },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  if (statements.guests.length === 0) {
    doc.addPage();
    doc.font("Helvetica").fontSize(12).text("Nobody paid anything in this period.");
  }
  for (const guest of statements.guests) guestPage(doc, statements, guest);
  doc.end();
  return done;
}

function guestPage(doc: PDFKit.PDFDocument, statements: Statements, guest: GuestStatement) {
  doc.addPage();
  const money = (cents: number) => pdfText(formatMoney(cents, statements.currency));
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
  doc.font("Helvetica-Bold").fontSize(18).text(pdfText(statements.charity));
  doc
    .font("Helvetica")
    .fontSize(11)
    .text(pdfText(`Statement of gifts · ${statements.eventTitle} · ${statements.period}`));
  if (statements.taxId) doc.text(pdfText(`Tax id: ${statements.taxId}`));
  doc.moveDown();
  doc.text(pdfText(`${guest.name}${guest.paddle !== null ? `, paddle ${guest.paddle}` : ""}`));
  if (guest.email) doc.text(pdfText(guest.email));
  doc.moveDown();
  row(["", "Amount", "Fair market value", "Deductible"], true);
  for (const line of guest.lines)
    row([line.description, money(line.amount), money(line.fairMarketValue), money(line.deductible)]);
  doc.moveDown(0.5);
  row(["Paid", money(guest.paid), money(guest.fairMarketValue), money(guest.deductible)], true);
  doc.moveDown();
  doc.font("Helvetica-Bold").fontSize(12).text("Payments");
  doc.font("Helvetica").fontSize(10);
  for (const entry of guest.payments) doc.text(pdfText(`${entry.at}  ${entry.method}  ${money(entry.amount)}`));
  doc.moveDown();
  doc
    .font("Helvetica-Bold")
    .fontSize(11)
    .text(pdfText(`Tax-deductible amount: ${money(guest.deductible)}`));
  doc
    .font("Helvetica")
    .fontSize(9)
    .text(
      "The deductible part is what was paid above the fair market value of the goods or services received. Items " +
        "without a stated value (priceless) and raffle tickets have no deductible part.",
    );
  if (statements.receiptText) {
    doc.moveDown();
    doc.fontSize(10).text(pdfText(statements.receiptText));
  }
}
