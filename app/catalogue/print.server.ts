/**
 * Printed matter of the catalogue, as PDF (pdfkit; QR codes with qrcode; decision 012): bid sheets (the paper
 * backup beside each silent item: details, a QR code to bid on a phone, and numbered lines with the minimum of
 * each next bid), item cards (a display card per item) and a donor's thank-you letter listing their gifts.
 * Text uses the PDF standard fonts, which cover Western European text; other characters are simplified.
 */
import PDFDocument from "pdfkit";
import QRCode from "qrcode";
import { formatMoney } from "~/ui/format";

export type PrintItem = {
  auction_item_id: number;
  lot: number | null;
  title: string;
  excerpt: string | null;
  /** Plain text of the rich-text description. */
  description: string;
  value: number | null;
  starting_bid: number | null;
  increment: number | null;
  buy_now: number | null;
  donor: string | null;
  category: string | null;
  /** Where the QR code leads: the item's bidding page. */
  bidUrl: string;
};

export type PrintEvent = { title: string; currency: string; company_name: string | null };

const PAGE = { size: "LETTER" as const, margin: 48 };
const INK = "#111827";
const MUTED = "#4b5563";
const RULE = "#9ca3af";
const BID_LINES = 14;

// Windows-1252 beyond Latin-1: what the standard PDF fonts can show besides U+0020–U+00FF.
const WIN_ANSI_EXTRAS = "€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ";
const SIMPLER: Record<string, string> = { Ł: "L", ł: "l", Đ: "D", đ: "d", Ħ: "H", ħ: "h", ı: "i" };

/** The standard PDF fonts read Windows-1252: keep what it has, simplify letters it lacks, replace the rest. */
export function pdfText(value: string): string {
  // Tab, line feed and carriage return are kept on purpose: the PDF's text wraps on them.
  // eslint-disable-next-line no-control-regex
  return value.normalize("NFC").replace(/[^\u0009\u000A\u000D\u0020-\u007E\u00A0-\u00FF]/gu, (char) => {
    if (WIN_ANSI_EXTRAS.includes(char)) return char;
    if (SIMPLER[char]) return SIMPLER[char];
    const base = char.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
    return /^[\u0020-\u007E\u00A0-\u00FF]+$/.test(base) ? base : "?";
  });
}

function lotTitle(item: PrintItem): string {
  return pdfText(item.lot ? `Lot ${item.lot} · ${item.title}` : item.title);
}

/** The next `count` minimum bids: the starting bid, then one increment more each time. */
export function minimumBids(item: Pick<PrintItem, "starting_bid" | "increment">, count: number): (number | null)[] {
  if (item.starting_bid === null) return Array.from({ length: count }, () => null);
  const step = item.increment && item.increment > 0 ? item.increment : null;
  return Array.from({ length: count }, (_, index) =>
    step || index === 0 ? item.starting_bid! + index * (step ?? 0) : null,
  );
}

async function qrPng(url: string): Promise<Buffer> {
  return QRCode.toBuffer(url, { errorCorrectionLevel: "M", margin: 1, width: 240 });
}

async function render(build: (doc: PDFKit.PDFDocument) => Promise<void>, title: string): Promise<Buffer> {
  const doc = new PDFDocument({ ...PAGE, info: { Title: pdfText(title), Producer: "Gavel" }, autoFirstPage: false });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  await build(doc);
  doc.end();
  return done;
}

/** One bid sheet per item. */
export async function bidSheetsPdf(event: PrintEvent, items: PrintItem[]): Promise<Buffer> {
  const money = (cents: number | null) => (cents === null ? "-" : formatMoney(cents, event.currency));
  return render(async (doc) => {
    for (const item of items) {
      doc.addPage();
      const width = doc.page.width - PAGE.margin * 2;
      const qrSize = 104;
      const top = doc.y;
      doc.image(await qrPng(item.bidUrl), PAGE.margin + width - qrSize, top, { width: qrSize });
      doc
        .fillColor(MUTED)
        .font("Helvetica")
        .fontSize(9)
        .text("Scan to bid on your phone", PAGE.margin + width - qrSize, top + qrSize + 2, {
          width: qrSize,
          align: "center",
        });
      doc
        .fillColor(MUTED)
        .fontSize(10)
        .text(pdfText(event.title), PAGE.margin, top, { width: width - qrSize - 16 });
      doc
        .moveDown(0.3)
        .fillColor(INK)
        .font("Helvetica-Bold")
        .fontSize(22)
        .text(lotTitle(item), { width: width - qrSize - 16 });
      const facts = [
        `Value ${money(item.value)}`,
        `Starting bid ${money(item.starting_bid)}`,
        `Increment ${money(item.increment)}`,
        item.buy_now !== null ? `Buy now ${money(item.buy_now)}` : null,
      ].filter(Boolean);
      doc
        .moveDown(0.4)
        .font("Helvetica")
        .fontSize(11)
        .fillColor(INK)
        .text(facts.join("   "), { width: width - qrSize - 16 });
      if (item.donor) doc.fillColor(MUTED).text(pdfText(`Donated by ${item.donor}`), { width: width - qrSize - 16 });
      const story = pdfText(item.excerpt || item.description);
      doc.y = Math.max(doc.y, top + qrSize + 18);
      if (story) {
        doc
          .moveDown(0.6)
          .fillColor(INK)
          .fontSize(10)
          .text(story, PAGE.margin, doc.y, { width, height: 110, ellipsis: true });
      }

      // The bid lines: each bid must reach the minimum printed on its line.
      doc.moveDown(1);
      const columns = [
        { label: "Minimum", width: 0.2 },
        { label: "Paddle #", width: 0.16 },
        { label: "Name", width: 0.42 },
        { label: "Bid", width: 0.22 },
      ];
      const rowHeight = Math.min(26, (doc.page.height - PAGE.margin - doc.y - 30) / (BID_LINES + 1));
      let y = doc.y;
      let x = PAGE.margin;
      doc.font("Helvetica-Bold").fontSize(10).fillColor(INK);
      for (const column of columns) {
        doc.text(column.label, x + 4, y + 6, { width: column.width * width - 8 });
        x += column.width * width;
      }
      doc.font("Helvetica").fontSize(10);
      for (const minimum of minimumBids(item, BID_LINES)) {
        y += rowHeight;
        doc
          .moveTo(PAGE.margin, y)
          .lineTo(PAGE.margin + width, y)
          .strokeColor(RULE)
          .lineWidth(0.6)
          .stroke();
        doc.fillColor(MUTED).text(minimum === null ? "" : money(minimum), PAGE.margin + 4, y + 7, {
          width: columns[0].width * width - 8,
        });
      }
      y += rowHeight;
      doc
        .moveTo(PAGE.margin, y)
        .lineTo(PAGE.margin + width, y)
        .strokeColor(RULE)
        .stroke();
      doc
        .fillColor(MUTED)
        .fontSize(8)
        .text(
          "Write clearly. The highest bid when the auction closes wins. Bids on paper and on phones count the same.",
          PAGE.margin,
          y + 6,
          { width },
        );
    }
  }, `${event.title}: bid sheets`);
}

/** One display card per item, two to a page. */
export async function itemCardsPdf(event: PrintEvent, items: PrintItem[]): Promise<Buffer> {
  const money = (cents: number | null) => (cents === null ? "-" : formatMoney(cents, event.currency));
  return render(async (doc) => {
    for (const [index, item] of items.entries()) {
      if (index % 2 === 0) doc.addPage();
      const width = doc.page.width - PAGE.margin * 2;
      const half = (doc.page.height - PAGE.margin * 2) / 2;
      const top = PAGE.margin + (index % 2) * half;
      if (index % 2 === 1) {
        doc
          .moveTo(PAGE.margin, top)
          .lineTo(PAGE.margin + width, top)
          .dash(4, { space: 4 })
          .strokeColor(RULE)
          .stroke()
          .undash();
      }
      const qrSize = 120;
      doc.image(await qrPng(item.bidUrl), PAGE.margin + width - qrSize, top + 24, { width: qrSize });
      doc
        .fillColor(MUTED)
        .font("Helvetica")
        .fontSize(9)
        .text("Scan to bid", PAGE.margin + width - qrSize, top + 24 + qrSize + 2, { width: qrSize, align: "center" });
      const textWidth = width - qrSize - 20;
      doc
        .fillColor(MUTED)
        .fontSize(10)
        .text(pdfText(item.category ?? event.title), PAGE.margin, top + 24, { width: textWidth });
      doc.moveDown(0.3).fillColor(INK).font("Helvetica-Bold").fontSize(24).text(lotTitle(item), { width: textWidth });
      doc.moveDown(0.5).font("Helvetica").fontSize(12).fillColor(INK);
      doc.text(`Value ${money(item.value)}  ·  Starting bid ${money(item.starting_bid)}`, { width: textWidth });
      if (item.donor)
        doc
          .fillColor(MUTED)
          .fontSize(11)
          .text(pdfText(`Generously donated by ${item.donor}`), { width: textWidth });
      const story = pdfText(item.description || item.excerpt || "");
      if (story) {
        doc
          .moveDown(0.6)
          .fillColor(INK)
          .fontSize(11)
          .text(story, PAGE.margin, doc.y, {
            width: textWidth,
            height: top + half - doc.y - 24,
            ellipsis: true,
          });
      }
    }
  }, `${event.title}: item cards`);
}

export type AcknowledgementGift = { title: string; value: number | null };

/** A donor's thank-you letter: the message, then their gifts with values (for their tax records). */
export async function acknowledgementPdf(
  event: PrintEvent,
  letter: {
    date: string;
    donorName: string;
    donorAddress: string | null;
    message: string;
    gifts: AcknowledgementGift[];
    /** The total's label: gifts of money are not goods with a fair market value. */
    totalLabel?: string;
  },
): Promise<Buffer> {
  return render(async (doc) => {
    doc.addPage();
    const width = doc.page.width - PAGE.margin * 2;
    doc
      .fillColor(INK)
      .font("Helvetica-Bold")
      .fontSize(16)
      .text(pdfText(event.company_name || event.title));
    doc.font("Helvetica").fontSize(10).fillColor(MUTED).text(pdfText(event.title));
    doc.moveDown(2).fillColor(INK).fontSize(11).text(pdfText(letter.date));
    doc.moveDown(1).text(pdfText(letter.donorName));
    if (letter.donorAddress) doc.text(pdfText(letter.donorAddress));
    doc.moveDown(1.5);
    for (const paragraph of letter.message.split(/\n\s*\n/)) {
      doc.text(pdfText(paragraph.trim()), { width, align: "left" }).moveDown(0.8);
    }
    doc.moveDown(0.5).font("Helvetica-Bold").text("Your gifts to the event");
    doc.font("Helvetica").moveDown(0.4);
    let total = 0;
    for (const gift of letter.gifts) {
      const y = doc.y;
      doc.text(pdfText(gift.title), PAGE.margin, y, { width: width * 0.72 });
      const after = doc.y;
      doc.text(
        gift.value === null ? "Value not stated" : formatMoney(gift.value, event.currency),
        PAGE.margin + width * 0.72,
        y,
        { width: width * 0.28, align: "right" },
      );
      doc.y = Math.max(after, doc.y);
      total += gift.value ?? 0;
    }
    doc
      .moveTo(PAGE.margin, doc.y + 4)
      .lineTo(PAGE.margin + width, doc.y + 4)
      .strokeColor(RULE)
      .stroke();
    doc
      .moveDown(0.6)
      .font("Helvetica-Bold")
      .text(letter.totalLabel ?? "Total fair market value", PAGE.margin, doc.y, { continued: true, width });
    doc.text(formatMoney(total, event.currency), { align: "right" });
    doc
      .moveDown(2)
      .font("Helvetica")
      .fontSize(9)
      .fillColor(MUTED)
      .text(
        "No goods or services were provided in exchange for these gifts. Values are as stated by the donor or the organisers.",
        { width },
      );
  }, `${event.title}: thank you`);
}
