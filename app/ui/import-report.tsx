/**
 * The parts of a CSV import's report that every import shares (the raw data sheet's items, the registrants): the
 * rows that cannot be imported, and the button that imports the clean ones.
 */
import { Form } from "@remix-run/react";
import { IMPORT_INTENT } from "~/forms/import-steps";
import { Button } from "./button";

/** The rows of the file that cannot be imported, by line, with what is wrong with each; nothing when none. */
export function ImportProblems<Problem extends { line: number; messages: string[] }>({
  problems,
  nameHeader,
  nameOf,
}: {
  problems: readonly Problem[];
  /** The column naming the row ("Title", "Guest"). */
  nameHeader: string;
  nameOf: (problem: Problem) => string;
}) {
  if (problems.length === 0) return null;
  return (
    <div className="table-wrap">
      <table className="data-table">
        <caption className="visually-hidden">Rows with problems</caption>
        <thead>
          <tr>
            <th scope="col">Line</th>
            <th scope="col">{nameHeader}</th>
            <th scope="col">Problems</th>
          </tr>
        </thead>
        <tbody>
          {problems.map((problem) => (
            <tr key={problem.line}>
              <td>{problem.line}</td>
              <td>{nameOf(problem)}</td>
              <td>
                <ul className="plain-list">
                  {problem.messages.map((message) => (
                    <li key={message}>{message}</li>
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

/**
 * Imports the checked file's clean rows (the file goes back as it was checked, with the options it was checked
 * with in `fields`), or, with none, says what to do.
 */
export function ImportCleanRows({
  csv,
  fileName,
  label,
  fields = {},
}: {
  csv: string;
  fileName: string;
  label: string | null;
  fields?: Record<string, string>;
}) {
  if (label === null) return <p>Fix the rows above in your spreadsheet, save it as CSV and check it again.</p>;
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={IMPORT_INTENT.import} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name="csv" value={csv} />
      <input type="hidden" name="file_name" value={fileName} />
      <Button type="submit" variant="primary">
        {label}
      </Button>
    </Form>
  );
}
