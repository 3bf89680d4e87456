/**
 * The item import of the raw data sheet: a CSV or Excel file is checked first (nothing changes), the report says
 * what each clean row will do (a new item, its lot given or not, or which fields of which lot it updates) and lists
 * each bad row with why; only then is it imported. Plain forms: it works the same without JavaScript.
 */
import { useActionData, useNavigation } from "@remix-run/react";
import { replyFor } from "~/forms/form-contract";
import { Card } from "~/ui/card";
import { CsvCheckForm } from "~/ui/csv-check-form";
import { ImportCleanRows, ImportProblems } from "~/ui/import-report";
import { importOptionFields, NUMBER_LOTS_FIELD } from "../item-import-options";
import { IMPORT_FORM, type ImportReport } from "../item-import-report";
import { ItemImportColumnsForm } from "./item-import-columns-form";
import type { ImportItem, ImportUpdate } from "../item-import.server";

const SPREADSHEET_TYPES = ".csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

export function ItemImportPanel() {
  const answer = useActionData<unknown>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") !== "delete";
  const report = isImportReport(answer) ? answer : null;
  const error = replyFor(answer, IMPORT_FORM)?.error?.file?.[0];

  return (
    <Card title="Import from a spreadsheet" headingLevel={2}>
      <p className="muted">
        A CSV file or an Excel workbook (its first sheet). The first line names the columns: Title is needed; Lot, Type
        (silent, live, virtual or sale), Value, Starting bid, Increment, Buy now, Quantity, Category, Donor (name or
        email), Tag, Status, Excerpt, Description, Disclaimer, In person only and Internal notes are read when present,
        as are the columns of the BiddingForGood (FrontStream) item template; other columns you match to a field once,
        and your organisation's next file is matched the same way. A row whose lot is already an item updates that item
        with the cells it fills. Blank starting bids and increments of new items are proposed from the value. The file
        is checked first: nothing is imported until you say so.
      </p>
      <CsvCheckForm id={IMPORT_FORM} error={error} busy={busy} label="CSV or Excel file" accept={SPREADSHEET_TYPES}>
        <label className="checkbox">
          <input
            type="checkbox"
            name={NUMBER_LOTS_FIELD}
            value="yes"
            defaultChecked={report?.options.numberLots ?? false}
          />
          Number the items without a lot
        </label>
      </CsvCheckForm>
      {report ? <ImportReportSection report={report} /> : null}
    </Card>
  );
}

function isImportReport(answer: unknown): answer is ImportReport {
  return typeof answer === "object" && answer !== null && "importCheck" in answer;
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function ImportReportSection({ report }: { report: ImportReport }) {
  const { ready, updates, problems, ignoredColumns, missingTitle } = report.importCheck;
  const clean = ready.length + updates.length;
  const changing = updates.filter((update) => update.changed.length > 0).length;
  if (missingTitle || report.mappingError) {
    return (
      <section aria-labelledby="import-report" className="stack">
        <h3 id="import-report">{report.fileName ? `${report.fileName}: ` : ""}which column is what?</h3>
        <ItemImportColumnsForm report={report} />
      </section>
    );
  }
  return (
    <section aria-labelledby="import-report" className="stack">
      <h3 id="import-report">
        {report.fileName ? `${report.fileName}: ` : ""}
        {count(clean, "row is", "rows are")} ready, {count(problems.length, "row has", "rows have")} problems
      </h3>
      {ignoredColumns.length > 0 ? <p className="muted">Columns not read: {ignoredColumns.join(", ")}.</p> : null}
      <ItemImportColumnsForm report={report} />
      <ImportProblems problems={problems} nameHeader="Title" nameOf={(problem) => problem.title} />
      <ReadyRows ready={ready} updates={updates} />
      <ImportCleanRows
        csv={report.csv}
        fileName={report.fileName}
        fields={importOptionFields(report.options)}
        label={importLabel(ready.length, changing, problems.length)}
      />
    </section>
  );
}

function importLabel(made: number, changing: number, problems: number): string | null {
  if (made + changing === 0) return null;
  const parts = [
    made > 0 ? count(made, "new item", "new items") : "",
    changing > 0 ? `${count(changing, "update", "updates")}` : "",
  ].filter(Boolean);
  return `Import ${problems > 0 ? "the clean rows: " : ""}${parts.join(" and ")}`;
}

/** The clean rows in the file's order, each with what the import will do with it. */
function ReadyRows({ ready, updates }: { ready: ImportItem[]; updates: ImportUpdate[] }) {
  if (ready.length + updates.length === 0) return null;
  const rows = [
    ...ready.map((item) => ({ line: item.line, lot: item.lot, title: item.title, outcome: newItemOutcome(item) })),
    ...updates.map((update) => ({
      line: update.line,
      lot: update.lot,
      title: update.title,
      outcome: updateOutcome(update),
    })),
  ].sort((a, b) => a.line - b.line);
  return (
    <div className="table-wrap">
      <table className="data-table">
        <caption className="visually-hidden">Rows ready to import</caption>
        <thead>
          <tr>
            <th scope="col">Line</th>
            <th scope="col">Lot</th>
            <th scope="col">Title</th>
            <th scope="col">What the import does</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.line}>
              <td>{row.line}</td>
              <td>{row.lot ?? "—"}</td>
              <td>{row.title}</td>
              <td>
                <ul className="plain-list">
                  {row.outcome.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function newItemOutcome(item: ImportItem): string[] {
  if (item.numbered) return [`New item, numbered lot ${item.lot}`];
  return [item.lot === null ? "New item, without a lot" : "New item"];
}

function updateOutcome(update: ImportUpdate): string[] {
  const what =
    update.changed.length > 0
      ? `Updates lot ${update.lot}: ${update.changed.join(", ")}`
      : `Lot ${update.lot} already matches the file: nothing changes`;
  return [what, ...update.notes];
}
