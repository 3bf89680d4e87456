/**
 * The layout the receipt (billing) and the tax statements (reporting) share, on pdfkit (decision 012): the
 * document, the charity's letterhead on each page, and the table of amounts.
 */
import PDFDocument from "pdfkit";
import { pdfText } from "~/catalogue/print.server";

const MARGIN = 54;

/** A letter-size document whose pages `draw` adds; its bytes once ended. */
export function pdfOf(title: string, draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "LETTER",
    margin: MARGIN,
    autoFirstPage: false,
    info: { Title: pdfText(title), Producer: "Gavel" },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  draw(doc);
  doc.end();
  return done;
}

/** The head of a page: the charity, what the page is, and the charity's tax id when it has one. */
export function letterhead(
  doc: PDFKit.PDFDocument,
  { charity, taxId }: { charity: string; taxId: string | null },
  subject: string,
) {
  doc.font("Helvetica-Bold").fontSize(18).text(pdfText(charity));
  doc.font("Helvetica").fontSize(11).text(pdfText(subject));
  if (taxId) doc.text(pdfText(`Tax id: ${taxId}`));
  doc.moveDown();
}

/** The table of a page: a row of cells, the first the description, the others amounts on the right. */
export function tableRows(doc: PDFKit.PDFDocument) {
  const width = doc.page.width - MARGIN * 2;
  const columns = [MARGIN, MARGIN + width * 0.52, MARGIN + width * 0.68, MARGIN + width * 0.84];
  return (cells: string[], bold = false) => {
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
}
