/**
 * The seating plan on paper, as PDF (pdfkit, as the catalogue's printing: decision 012): the seating chart (each
 * table with its guests, then an alphabetical guest → table list for the door) and place cards (folded tent
 * cards, four to a page: guest name large, table, meal choice). Standard PDF fonts; pdfText simplifies what
 * they cannot show.
 */
import PDFDocument from "pdfkit";
import { pdfText, type PrintEvent } from "~/catalogue/print.server";
import type { SeatingGuestRow, SeatingView } from "./seating";

const MARGIN = 48;
const INK = "#111827";
const MUTED = "#4b5563";
const RULE = "#9ca3af";
const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });

async function render(title: string, build: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "LETTER",
    margin: MARGIN,
    info: { Title: pdfText(title), Producer: "Gavel" },
    autoFirstPage: false,
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  build(doc);
  doc.end();
  return done;
}

/** The text, shortened with an ellipsis to fit the width in the current font. */
function fit(doc: PDFKit.PDFDocument, text: string, width: number): string {
  let value = pdfText(text);
  if (doc.widthOfString(value) <= width) return value;
  while (value.length > 1 && doc.widthOfString(`${value}…`) > width) value = value.slice(0, -1);
  return `${value.trimEnd()}…`;
}

type Line =
  { kind: "table"; text: string; detail: string } | { kind: "guest"; text: string; detail: string } | { kind: "gap" };

/**
 * Lays lines out in columns, top to bottom then left to right, adding pages as needed; a table's heading never
 * ends a column (it moves on with its first guests).
 */
function flowColumns(doc: PDFKit.PDFDocument, lines: Line[], columns: number, top: number, heading: string) {
  const width = doc.page.width - MARGIN * 2;
  const gutter = 18;
  const columnWidth = (width - gutter * (columns - 1)) / columns;
  const bottom = () => doc.page.height - MARGIN;
  const height = (line: Line) => (line.kind === "table" ? 30 : line.kind === "gap" ? 5 : 13);
  let column = 0;
  let y = top;
  let pageTop = top;
  const nextColumn = () => {
    column++;
    y = pageTop;
    if (column === columns) {
      column = 0;
      y = pageTop = MARGIN + 20;
      doc.addPage();
      doc
        .fillColor(MUTED)
        .font("Helvetica")
        .fontSize(9)
        .text(pdfText(heading), MARGIN, MARGIN, { width, lineBreak: false });
    }
  };
  for (const [index, line] of lines.entries()) {
    const needed = line.kind === "table" ? height(line) + 2 * 13 : height(line);
    if (y + needed > bottom()) {
      if (line.kind === "gap") continue;
      nextColumn();
    }
    if (line.kind === "gap" && index > 0 && lines[index - 1].kind === "gap") continue;
    const x = MARGIN + column * (columnWidth + gutter);
    if (line.kind === "table") {
      doc
        .moveTo(x, y + 2)
        .lineTo(x + columnWidth, y + 2)
        .strokeColor(RULE)
        .lineWidth(0.6)
        .stroke();
      doc.fillColor(INK).font("Helvetica-Bold").fontSize(12);
      doc.text(fit(doc, line.text, columnWidth * 0.62), x, y + 8, { lineBreak: false });
      doc
        .fillColor(MUTED)
        .font("Helvetica")
        .fontSize(9)
        .text(line.detail, x + columnWidth * 0.62, y + 10, {
          width: columnWidth * 0.38,
          align: "right",
          lineBreak: false,
        });
    } else if (line.kind === "guest") {
      doc.fillColor(INK).font("Helvetica").fontSize(10);
      doc.text(fit(doc, line.text, columnWidth * 0.66), x, y, { lineBreak: false });
      doc.fillColor(MUTED).fontSize(9);
      doc.text(fit(doc, line.detail, columnWidth * 0.32), x + columnWidth * 0.68, y + 1, {
        width: columnWidth * 0.32,
        align: "right",
        lineBreak: false,
      });
    }
    y += height(line);
  }
}

function pageTitle(doc: PDFKit.PDFDocument, event: PrintEvent, title: string, summary: string): number {
  const width = doc.page.width - MARGIN * 2;
  doc.fillColor(MUTED).font("Helvetica").fontSize(10).text(pdfText(event.title), MARGIN, MARGIN, { width });
  doc.fillColor(INK).font("Helvetica-Bold").fontSize(20).text(title, { width });
  doc.fillColor(MUTED).font("Helvetica").fontSize(10).text(summary, { width });
  return doc.y + 12;
}

/** Each table with its guests (parties together), then every guest in alphabetical order with their table. */
export async function seatingChartPdf(
  event: PrintEvent,
  view: SeatingView,
  guests: SeatingGuestRow[],
): Promise<Buffer> {
  const seated = view.tables.reduce((sum, table) => sum + table.seated, 0);
  const tableNames = new Map(view.tables.map((table) => [table.tblId, table.name]));
  return render(`${event.title}: seating chart`, (doc) => {
    doc.addPage();
    const top = pageTitle(
      doc,
      event,
      "Seating chart",
      `${seated} of ${guests.length} guests seated at ${view.tables.length} tables`,
    );
    const lines: Line[] = view.tables.flatMap((table) => [
      { kind: "table" as const, text: table.name, detail: `${table.seated} of ${table.capacity} seats` },
      ...table.parties.flatMap((party, index) => [
        ...(index > 0 ? [{ kind: "gap" as const }] : []),
        ...party.guests.map((guest) => ({ kind: "guest" as const, text: guest.name, detail: guest.meal ?? "" })),
      ]),
      { kind: "gap" as const },
    ]);
    if (view.unseated.length > 0) {
      lines.push({ kind: "table", text: "Not seated yet", detail: `${guests.length - seated} guests` });
      for (const party of view.unseated)
        for (const guest of party.guests) lines.push({ kind: "guest", text: guest.name, detail: guest.meal ?? "" });
    }
    flowColumns(doc, lines, 3, top, `${event.title}: seating chart`);

    doc.addPage();
    const doorTop = pageTitle(
      doc,
      event,
      "Guests and their tables",
      "For the door: every guest in alphabetical order.",
    );
    const alphabetical = [...guests].sort(
      (a, b) => collator.compare(a.sortName, b.sortName) || a.registrantId - b.registrantId,
    );
    flowColumns(
      doc,
      alphabetical.map((guest) => ({
        kind: "guest" as const,
        text: guest.sortName,
        detail: guest.tblId !== null && tableNames.has(guest.tblId) ? tableNames.get(guest.tblId)! : "not seated",
      })),
      2,
      doorTop,
      `${event.title}: guests and their tables`,
    );
  });
}

/**
 * Tent cards for the seated guests, table by table, four to a page. Each card is folded along its middle: the
 * upper half is printed upside down so the card reads the same from both sides of the table.
 */
export async function placeCardsPdf(event: PrintEvent, view: SeatingView): Promise<Buffer> {
  const cards = view.tables.flatMap((table) =>
    table.parties.flatMap((party) => party.guests.map((guest) => ({ guest, table: table.name }))),
  );
  return render(`${event.title}: place cards`, (doc) => {
    const margin = 36;
    for (const [index, card] of cards.entries()) {
      if (index % 4 === 0) doc.addPage({ size: "LETTER", margin });
      const cellWidth = (doc.page.width - margin * 2) / 2;
      const cellHeight = (doc.page.height - margin * 2) / 2;
      const x = margin + (index % 2) * cellWidth;
      const y = margin + (Math.floor(index / 2) % 2) * cellHeight;
      // Cut lines around the card, and the fold across its middle.
      doc.rect(x, y, cellWidth, cellHeight).dash(3, { space: 3 }).strokeColor(RULE).lineWidth(0.5).stroke().undash();
      doc
        .moveTo(x + 8, y + cellHeight / 2)
        .lineTo(x + cellWidth - 8, y + cellHeight / 2)
        .dash(1, { space: 4 })
        .stroke()
        .undash();
      const face = { x, y: y + cellHeight / 2, width: cellWidth, height: cellHeight / 2 };
      drawCardFace(doc, face, card.guest, card.table, event.title);
      doc.save();
      doc.rotate(180, { origin: [x + cellWidth / 2, y + cellHeight / 4] });
      drawCardFace(doc, { ...face, y }, card.guest, card.table, event.title);
      doc.restore();
    }
    if (cards.length === 0) {
      doc.addPage();
      pageTitle(
        doc,
        event,
        "Place cards",
        "Nobody is seated yet: seat guests at tables, then print their place cards.",
      );
    }
  });
}

function drawCardFace(
  doc: PDFKit.PDFDocument,
  face: { x: number; y: number; width: number; height: number },
  guest: SeatingGuestRow,
  table: string,
  eventTitle: string,
) {
  const inner = face.width - 36;
  const name = pdfText(guest.name);
  doc.font("Helvetica-Bold");
  // The largest size that fits the name on one line, down to a size that still reads across a table.
  let size = 28;
  while (size > 16 && doc.fontSize(size).widthOfString(name) > inner) size -= 1;
  const nameHeight = doc.fontSize(size).heightOfString(name, { width: inner });
  const top = face.y + Math.max(18, (face.height - nameHeight - 44) / 2);
  doc
    .fillColor(INK)
    .text(name, face.x + 18, top, { width: inner, align: "center", height: face.height - 60, ellipsis: true });
  doc.font("Helvetica").fontSize(14).fillColor(INK);
  doc.text(fit(doc, table, inner), face.x + 18, doc.y + 6, { width: inner, align: "center", lineBreak: false });
  if (guest.meal) {
    doc.fontSize(10).fillColor(MUTED);
    doc.text(fit(doc, guest.meal, inner), face.x + 18, doc.y + 3, { width: inner, align: "center", lineBreak: false });
  }
  doc.fontSize(8).fillColor(MUTED);
  doc.text(fit(doc, eventTitle, inner), face.x + 18, face.y + face.height - 18, {
    width: inner,
    align: "center",
    lineBreak: false,
  });
}
