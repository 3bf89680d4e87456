/**
 * An uploaded spreadsheet as CSV text, whichever it came as: a CSV file as it is, an Excel workbook (.xlsx) as
 * its first sheet. The imports then check, show and post back that text alone (a form carries it from the dry run
 * to the import), so a workbook is read once, on upload.
 */
import ExcelJS from "exceljs";
import Papa from "papaparse";

/** What a workbook (a zip) starts with. */
const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];

export type SpreadsheetText = { csv: string } | { error: string };

export async function readSpreadsheetFile(file: File): Promise<SpreadsheetText> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const isZip = ZIP_SIGNATURE.every((byte, index) => bytes[index] === byte);
  if (!isZip) {
    if (/\.xlsx$/i.test(file.name)) return { error: "This .xlsx file is not an Excel workbook. Save it again." };
    if (/\.xls$/i.test(file.name))
      return { error: "Old Excel files (.xls) cannot be read: save it as .xlsx (Excel Workbook) or CSV." };
    return { csv: new TextDecoder().decode(bytes) };
  }
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  } catch {
    return { error: "The file could not be read as an Excel workbook (.xlsx). Save it again, or as CSV." };
  }
  const sheet = workbook.worksheets[0];
  if (!sheet || sheet.actualRowCount === 0) return { error: "The workbook's first sheet is empty." };
  const width = sheet.columnCount;
  const rows: string[][] = [];
  // Row by row from the sheet's first, blank rows kept, so that a line number in the dry run is the sheet's row.
  for (let number = 1; number <= sheet.rowCount; number += 1) {
    const row = sheet.getRow(number);
    rows.push(Array.from({ length: width }, (_, index) => cellText(row.getCell(index + 1).value)));
  }
  return { csv: Papa.unparse(rows) };
}

/** A cell as the sheet shows its value: a formula's last computed result, a rich text's words, a link's text. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number") return Number.isInteger(value) ? String(value) : String(Number(value.toFixed(6)));
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ("richText" in value) return value.richText.map((part) => part.text).join("");
  if ("formula" in value || "sharedFormula" in value) return cellText(value.result as ExcelJS.CellValue);
  if ("hyperlink" in value) return typeof value.text === "string" ? value.text : cellText(value.text);
  if ("error" in value) return value.error;
  return "";
}
