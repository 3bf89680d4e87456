/**
 * Donors' statements for their taxes as one PDF, a page (or more) per guest, with pdfkit (Gavel's PDF library:
 * decision 012, as the receipt in app/billing/receipt-pdf.server.ts): an event's statements, or the year-end ones
 * (each event of the year in its own section, then the year's totals).
 */
import { pdfOf, letterhead, tableRows } from "~/billing/tax-pdf.server";
import { pdfText } from "~/catalogue/print.server";
import { formatMoney } from "~/ui/format";
import type { GuestStatement, StatementLine, Statements } from "./tax.server";
import type { YearDonor, YearStatements } from "./year-statements.server";

function nobodyPaid(doc: PDFKit.PDFDocument) {
  doc.addPage();
  doc.font("Helvetica").fontSize(12).text("Nobody paid anything in this period.");
}

export async function statementsPdf(statements: Statements): Promise<Buffer> {
  return pdfOf(`Tax statements · ${statements.eventTitle}`, (doc) => {
    if (statements.guests.length === 0) nobodyPaid(doc);
    for (const guest of statements.guests) guestPage(doc, statements, guest);
  });
}

export async function yearStatementsPdf(statements: YearStatements): Promise<Buffer> {
  return pdfOf(`Tax statements · ${statements.year}`, (doc) => {
    if (statements.donors.length === 0) nobodyPaid(doc);
    for (const donor of statements.donors) yearPage(doc, statements, donor);
  });
}

function lineRows(row: ReturnType<typeof tableRows>, lines: StatementLine[], money: (cents: number) => string) {
  row(["", "Amount", "Fair market value", "Deductible"], true);
  for (const line of lines)
    row([line.description, money(line.amount), money(line.fairMarketValue), money(line.deductible)]);
}

function closing(doc: PDFKit.PDFDocument, deductible: string, receiptText: string | null) {
  doc.moveDown();
  doc
    .font("Helvetica-Bold")
    .fontSize(11)
    .text(pdfText(`Tax-deductible amount: ${deductible}`));
  doc
    .font("Helvetica")
    .fontSize(9)
    .text(
      "The deductible part is what was paid above the fair market value of the goods or services received. Items " +
        "without a stated value (priceless) and raffle tickets have no deductible part.",
    );
  if (receiptText) {
    doc.moveDown();
    doc.fontSize(10).text(pdfText(receiptText));
  }
}

function guestPage(doc: PDFKit.PDFDocument, statements: Statements, guest: GuestStatement) {
  doc.addPage();
  const money = (cents: number) => pdfText(formatMoney(cents, statements.currency));
  const row = tableRows(doc);
  letterhead(doc, statements, `Statement of gifts · ${statements.eventTitle} · ${statements.period}`);
  doc.text(pdfText(`${guest.name}${guest.paddle !== null ? `, paddle ${guest.paddle}` : ""}`));
  if (guest.email) doc.text(pdfText(guest.email));
  doc.moveDown();
  lineRows(row, guest.lines, money);
  doc.moveDown(0.5);
  row(["Paid", money(guest.paid), money(guest.fairMarketValue), money(guest.deductible)], true);
  doc.moveDown();
  doc.font("Helvetica-Bold").fontSize(12).text("Payments");
  doc.font("Helvetica").fontSize(10);
  for (const entry of guest.payments) doc.text(pdfText(`${entry.at}  ${entry.method}  ${money(entry.amount)}`));
  closing(doc, money(guest.deductible), statements.receiptText);
}

function yearPage(doc: PDFKit.PDFDocument, statements: YearStatements, donor: YearDonor) {
  doc.addPage();
  const money = (cents: number) => pdfText(formatMoney(cents, statements.currency));
  const row = tableRows(doc);
  letterhead(doc, statements, `Year-end statement of gifts · 1 January to 31 December ${statements.year}`);
  doc.text(pdfText(donor.name));
  if (donor.email) doc.text(pdfText(donor.email));
  for (const part of donor.events) {
    doc.moveDown();
    doc.font("Helvetica-Bold").fontSize(12).text(pdfText(part.eventTitle));
    doc.moveDown(0.3);
    lineRows(row, part.lines, money);
    doc.moveDown(0.3);
    row(["Paid at this event", money(part.paid), money(part.fairMarketValue), money(part.deductible)], true);
  }
  doc.moveDown();
  row([`Total for ${statements.year}`, money(donor.paid), money(donor.fairMarketValue), money(donor.deductible)], true);
  closing(doc, money(donor.deductible), statements.receiptText);
}
