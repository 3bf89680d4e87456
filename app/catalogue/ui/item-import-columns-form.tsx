/**
 * The import's mapping step: each column of the checked file beside its first cells, with the item field it fills
 * (a select; "Not imported" allowed). Posting it checks the file again with those choices, and keeps them for the
 * organisation's next file. Open by itself when a column was not recognised or none is the title; otherwise folded
 * away, to change a match. A plain form carrying the file's text: it works without JavaScript.
 */
import { Form } from "@remix-run/react";
import { IMPORT_INTENT } from "~/forms/import-steps";
import { Button } from "~/ui/button";
import { FormAlert } from "~/ui/form-alert";
import { IMPORT_FIELD_LABELS, type ImportField } from "../item-import-columns";
import { choiceField, COLUMN_MAP_FIELD, importOptionFields } from "../item-import-options";
import type { ImportReport } from "../item-import-report";

const FIELDS = Object.entries(IMPORT_FIELD_LABELS) as [ImportField, string][];
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function ItemImportColumnsForm({ report }: { report: ImportReport }) {
  const { columns, missingTitle } = report.importCheck;
  if (columns.length === 0) return null;
  const unknown = columns.filter((column) => column.matchedBy === "none").length;
  const open = Boolean(missingTitle || report.mappingError || unknown > 0);
  // The choices posted replace the map the file was checked with.
  const { [COLUMN_MAP_FIELD]: _map, ...options } = importOptionFields(report.options);
  return (
    <details className="import-columns" open={open}>
      <summary>
        {unknown > 0
          ? `Match the columns: ${unknown} ${unknown === 1 ? "column was" : "columns were"} not recognised`
          : "Match the columns by hand"}
      </summary>
      <Form method="post" className="stack">
        <input type="hidden" name="intent" value={IMPORT_INTENT.map} />
        <input type="hidden" name="csv" value={report.csv} />
        <input type="hidden" name="file_name" value={report.fileName} />
        {Object.entries(options).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {missingTitle ? <FormAlert>{missingTitle}</FormAlert> : null}
        {report.mappingError ? <FormAlert>{report.mappingError}</FormAlert> : null}
        <div className="table-wrap">
          <table className="data-table">
            <caption>Your column → Gavel field</caption>
            <thead>
              <tr>
                <th scope="col">Your column</th>
                <th scope="col">First rows</th>
                <th scope="col">Gavel field</th>
              </tr>
            </thead>
            <tbody>
              {columns.map((column) => (
                <tr key={column.column}>
                  <th scope="row">{column.name}</th>
                  <td className="import-columns__samples">{column.samples.join(" · ") || "—"}</td>
                  <td>
                    <select
                      name={choiceField(column.column)}
                      defaultValue={column.field ?? ""}
                      aria-label={`Gavel field for ${column.name}`}
                    >
                      <option value="">Not imported</option>
                      {FIELDS.map(([field, label]) => (
                        <option key={field} value={field}>
                          {capital(label)}
                        </option>
                      ))}
                    </select>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="muted">Your choices are kept for your organisation&apos;s next file with these columns.</p>
        <div>
          <Button type="submit" variant="secondary">
            Check again with these columns
          </Button>
        </div>
      </Form>
    </details>
  );
}
