/**
 * /admin/billing/winnersreport: who won what, item by item, with the amount, whether the winner's invoice is paid,
 * and whether they picked their items up (a payment of theirs marked "item received"); also as CSV and PDF.
 */
import { and, asc, eq } from "drizzle-orm";
import PDFDocument from "pdfkit";
import { pdfText } from "~/catalogue/print.server";
import { db } from "~/db.server";
import { toCsv } from "~/grid/grid-csv";
import { formatMoney, fullName } from "~/ui/format";
import { auction_item, event, invoice, payment, usr, winner } from "~drizzle/schema";
import { invoiceTotals, syncInvoices } from "./invoice.server";

export async function winnersReport(eventId: number) {
  await db.transaction((tx) => syncInvoices(tx, eventId));
  const [eventRow] = await db.select({ currency: event.currency }).from(event).where(eq(event.event_id, eventId));
  const rows = await db
    .select({
      itemId: auction_item.auction_item_id,
      lot: auction_item.lot,
      title: auction_item.title,
      type: auction_item.type,
      unit: winner.unit,
      paddle: winner.paddle,
      amount: winner.amount,
      first: usr.first_name,
      last: usr.last_name,
      email: usr.email_address,
      invoiceId: invoice.invoice_id,
    })
    .from(winner)
    .innerJoin(auction_item, eq(auction_item.auction_item_id, winner.auction_item_id))
    .innerJoin(usr, eq(usr.usr_id, winner.usr_id))
    .leftJoin(invoice, and(eq(invoice.event_id, eventId), eq(invoice.usr_id, winner.usr_id)))
    .where(eq(winner.event_id, eventId))
    .orderBy(asc(auction_item.lot), asc(auction_item.title), asc(winner.unit));
  const invoiceState = new Map<number, { paid: boolean; pickedUp: boolean }>();
  for (const id of new Set(rows.map((row) => row.invoiceId).filter((value): value is number => value !== null))) {
    const totals = await invoiceTotals(db, id);
    const received = await db
      .select({ id: payment.payment_id })
      .from(payment)
      .where(and(eq(payment.invoice_id, id), eq(payment.item_received, true)))
      .limit(1);
    invoiceState.set(id, { paid: totals.balance <= 0, pickedUp: received.length > 0 });
  }
  return {
    currency: eventRow?.currency ?? "USD",
    rows: rows.map((row) => ({
      ...row,
      winner: fullName(row.first, row.last) || row.email,
      paid: row.invoiceId !== null && (invoiceState.get(row.invoiceId)?.paid ?? false),
      pickedUp: row.invoiceId !== null && (invoiceState.get(row.invoiceId)?.pickedUp ?? false),
    })),
  };
}

export function winnersReportCsv(report: Awaited<ReturnType<typeof winnersReport>>): string {
  return toCsv(
    ["Lot", "Item", "Auction", "Unit", "Paddle", "Winner", "Email", "Amount", "Paid", "Picked up"],
    report.rows.map((row) => [
      row.lot,
      row.title,
      row.type,
      row.unit,
      row.paddle,
      row.winner,
      row.email,
      (row.amount / 100).toFixed(2),
      row.paid,
      row.pickedUp,
    ]),
  );
}

/** The report as a PDF to print for the pickup table (pdfkit, as the receipts). */
export async function winnersReportPdf(report: Awaited<ReturnType<typeof winnersReport>>, title: string) {
  const doc = new PDFDocument({ size: "LETTER", layout: "landscape", margin: 36, info: { Title: pdfText(title) } });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const widths = [250, 60, 200, 90, 60, 60];
  const row = (cells: string[], bold = false) => {
    if (doc.y > doc.page.height - 60) doc.addPage();
    const y = doc.y;
    let x = 36;
    let bottom = y;
    doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(9);
    cells.forEach((cell, index) => {
      doc.text(pdfText(cell), x, y, { width: widths[index] - 6, align: index === 3 ? "right" : "left" });
      bottom = Math.max(bottom, doc.y);
      x += widths[index];
    });
    doc.x = 36;
    doc.y = bottom + 3;
  };
  doc.font("Helvetica-Bold").fontSize(16).text(pdfText(title));
  doc.moveDown(0.5);
  row(["Item", "Paddle", "Winner", "Amount", "Paid", "Picked up"], true);
  for (const entry of report.rows)
    row([
      `${entry.lot !== null ? `Lot ${entry.lot} · ` : ""}${entry.title}`,
      entry.paddle === null ? "-" : String(entry.paddle),
      entry.winner,
      formatMoney(entry.amount, report.currency),
      entry.paid ? "Paid" : "Not paid",
      entry.pickedUp ? "Yes" : "No",
    ]);
  doc.end();
  return done;
}
