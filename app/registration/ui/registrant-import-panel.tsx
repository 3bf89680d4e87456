/**
 * The CSV import of guests on the registrants screen: a file is checked first (nothing changes), the report lists
 * the parties that would be registered and each row's problems, and only then is it imported. Plain forms: it works
 * the same without JavaScript.
 */
import { useActionData, useNavigation } from "@remix-run/react";
import { replyFor } from "~/forms/form-contract";
import { IMPORT_INTENT } from "~/forms/import-steps";
import { CsvCheckForm } from "~/ui/csv-check-form";
import { ImportCleanRows, ImportProblems } from "~/ui/import-report";
import { REGISTRANT_IMPORT_FORM, STAFF_METHOD_LABELS } from "../registrant-fields";
import type { ImportAnswer, ImportUpdate } from "../registrant-import.server";

export function RegistrantImportPanel() {
  const answer = useActionData<object>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === IMPORT_INTENT.check;
  const check = answer && "importCheck" in answer ? (answer as ImportAnswer) : null;
  const error = replyFor(answer, REGISTRANT_IMPORT_FORM)?.error?.file?.[0];

  return (
    <details className="card registrant-import" open={Boolean(check || error)}>
      <summary className="registrant-import__summary">Import guests from a CSV file</summary>
      <p className="muted">
        Each row is a guest: First name and Last name (or Name) are needed; Email, Phone, Company, Ticket (the ticket
        type's title; not needed when there is one), Party or Group, Payment (comp, cash, check or pay at the event;
        comp when blank), Paddle, Meal, Address, City, State, Zip, Country and a column per question (its name or label)
        are read when present. Rows with the same Party become one party on one pass, its first row the buyer. A row
        with the name and the email or phone of a guest already here updates that guest instead of adding a twin. The
        file is checked first: nothing is imported until you say so.
      </p>
      <CsvCheckForm id={REGISTRANT_IMPORT_FORM} error={error} busy={busy} />
      {check ? <ImportReport answer={check} /> : null}
    </details>
  );
}

function ImportReport({ answer }: { answer: ImportAnswer }) {
  const { parties, updates, problems, ignoredColumns } = answer.importCheck;
  const guests = parties.reduce((total, party) => total + party.guests.length, 0);
  return (
    <section aria-labelledby="registrant-import-report" className="stack">
      <h3 id="registrant-import-report">
        {answer.fileName ? `${answer.fileName}: ` : ""}
        {guests} new {guests === 1 ? "guest" : "guests"} in {parties.length}{" "}
        {parties.length === 1 ? "party" : "parties"} ready
        {updates.length > 0 ? `, ${updates.length} already ${updates.length === 1 ? "a guest" : "guests"}` : ""},{" "}
        {problems.length} {problems.length === 1 ? "row has" : "rows have"} problems
      </h3>
      {ignoredColumns.length > 0 ? <p className="muted">Columns not read: {ignoredColumns.join(", ")}.</p> : null}
      {parties.length > 0 ? (
        <div className="table-wrap">
          <table className="data-table">
            <caption className="visually-hidden">Parties that would be registered</caption>
            <thead>
              <tr>
                <th scope="col">Lines</th>
                <th scope="col">Party</th>
                <th scope="col">Tickets</th>
                <th scope="col">Guests</th>
                <th scope="col">Payment</th>
              </tr>
            </thead>
            <tbody>
              {parties.map((party) => (
                <tr key={party.guests[0].line}>
                  <td>{party.guests.map((guest) => guest.line).join(", ")}</td>
                  <td>{party.name ?? "—"}</td>
                  <td>
                    {party.quantity} × {party.ticket} ({party.seats} {party.seats === 1 ? "seat" : "seats"})
                  </td>
                  <td>
                    {party.guests
                      .map(
                        (guest) =>
                          `${guest.first_name} ${guest.last_name}${guest.paddle ? ` (paddle ${guest.paddle})` : ""}`,
                      )
                      .join(", ")}
                    {party.seats > party.guests.length ? `, ${party.seats - party.guests.length} to be named` : ""}
                  </td>
                  <td>{STAFF_METHOD_LABELS[party.method]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {updates.length > 0 ? <ExistingGuestUpdates updates={updates} /> : null}
      <ImportProblems problems={problems} nameHeader="Guest" nameOf={(problem) => problem.name} />
      <ImportCleanRows
        csv={answer.csv}
        fileName={answer.fileName}
        label={importLabel(parties.length, guests, updates.length, problems.length)}
      />
    </section>
  );
}

/** The rows that are guests already: who each is, how it was known, and what the import changes on them. */
function ExistingGuestUpdates({ updates }: { updates: ImportUpdate[] }) {
  return (
    <div className="stack">
      <p>
        <strong>Already guests</strong>: their details are brought up to date, and no ticket is bought for them.
      </p>
      <div className="table-wrap">
        <table className="data-table">
          <caption className="visually-hidden">Already guests: brought up to date, no ticket bought</caption>
          <thead>
            <tr>
              <th scope="col">Line</th>
              <th scope="col">Guest</th>
              <th scope="col">Known by</th>
              <th scope="col">Changes</th>
            </tr>
          </thead>
          <tbody>
            {updates.map((update) => (
              <tr key={update.line}>
                <td>{update.line}</td>
                <td>{update.name}</td>
                <td>Same name and {update.matchedBy}</td>
                <td>{update.changes.length > 0 ? update.changes.join(", ") : "Nothing new"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** The import button: what it imports ("Import 5 guests", "Import the 2 clean parties and 1 update"). */
function importLabel(parties: number, guests: number, updates: number, problems: number): string | null {
  if (parties + updates === 0) return null;
  const updateWords = updates > 0 ? `${updates} ${updates === 1 ? "update" : "updates"}` : "";
  const partyWords =
    parties === 0
      ? ""
      : problems > 0
        ? `${parties} clean ${parties === 1 ? "party" : "parties"}`
        : `${guests} ${guests === 1 ? "guest" : "guests"}`;
  const what = [partyWords, updateWords].filter(Boolean).join(" and ");
  return problems > 0 ? `Import the ${what}` : `Import ${what}`;
}
