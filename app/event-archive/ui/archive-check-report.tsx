/**
 * The check of an uploaded event archive (decision 039): what the import would create, kind by kind, what it does
 * differently from the archive, and every problem with its file, line and field. The "Import" button comes only with
 * a clean archive; it posts the staged file's token, so it works without JavaScript.
 */
import { Form } from "@remix-run/react";
import { IMPORT_INTENT } from "~/forms/import-steps";
import { Button } from "~/ui/button";
import { FormAlert } from "~/ui/form-alert";
import type { ArchiveCheck } from "../import.server";

export function ArchiveCheckReport({
  check,
  token,
  busy,
}: {
  check: ArchiveCheck;
  token: string | null;
  busy: boolean;
}) {
  const clean = check.problems.length === 0;
  return (
    <section aria-labelledby="archive-check" className="stack">
      <h2 id="archive-check">
        {check.event ? `“${check.event.title}”: ` : ""}
        {clean ? "ready to import" : "this archive cannot be imported"}
      </h2>
      {check.exportedAt ? (
        <p className="muted">
          Exported {check.exportedAt.slice(0, 10)} by a Gavel at database version{" "}
          {Number.parseInt(check.schemaVersion ?? "", 10)}. It becomes a new event of your organisation, with you as its
          owner; nothing is changed until you import it.
        </p>
      ) : null}
      {clean ? null : (
        <FormAlert>Nothing was imported. Fix the archive (or export it again) and check it again.</FormAlert>
      )}
      <ArchiveProblems check={check} />
      {check.kinds.length > 0 ? (
        <div className="table-wrap">
          <table className="data-table">
            <caption>What the import creates</caption>
            <thead>
              <tr>
                <th scope="col">Kind</th>
                <th scope="col" className="data-table__number">
                  In the archive
                </th>
                <th scope="col" className="data-table__number">
                  Already here, reused
                </th>
              </tr>
            </thead>
            <tbody>
              {check.kinds.map((kind) => (
                <tr key={kind.table}>
                  <td>{kind.label}</td>
                  <td className="data-table__number">{kind.rows}</td>
                  <td className="data-table__number">{kind.reused}</td>
                </tr>
              ))}
              <tr>
                <td>Images</td>
                <td className="data-table__number">{check.images}</td>
                <td className="data-table__number">0</td>
              </tr>
            </tbody>
          </table>
        </div>
      ) : null}
      {check.notes.length > 0 ? (
        <ul className="plain-list muted">
          {check.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      ) : null}
      {clean && token ? (
        <Form method="post">
          <input type="hidden" name="intent" value={IMPORT_INTENT.import} />
          <input type="hidden" name="token" value={token} />
          <Button type="submit" disabled={busy}>
            Import as a new event
          </Button>
        </Form>
      ) : null}
    </section>
  );
}

function ArchiveProblems({ check }: { check: ArchiveCheck }) {
  if (check.problems.length === 0) return null;
  return (
    <div className="table-wrap">
      <table className="data-table">
        <caption>Problems{check.moreProblems ? " (the first 100)" : ""}</caption>
        <thead>
          <tr>
            <th scope="col">Where</th>
            <th scope="col">Problem</th>
          </tr>
        </thead>
        <tbody>
          {check.problems.map((problem, i) => (
            <tr key={i}>
              <td>
                {[problem.file, problem.line ? `line ${problem.line}` : null, problem.field].filter(Boolean).join(", ")}
              </td>
              <td>{problem.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
