/**
 * The paddle raise's log, newest first: every entry with who typed it, and what became of it. An entry that still
 * counts can be cancelled or corrected (paddle or amount), each with a reason that stays in the log.
 */
import { EmptyState } from "~/ui/empty-state";
import { Field } from "~/ui/field";
import { FormDialog } from "~/ui/form-dialog";
import { formatRoundMoney } from "~/ui/format";
import {
  cancelPledgeForm,
  cancelPledgeSchema,
  correctPledgeForm,
  correctPledgeSchema,
  PLEDGE_INTENT,
} from "../pledge-forms";
import type { PaddleRaiseConsoleData } from "../console.server";

// Types only: erased from the browser's bundle.
type Entry = PaddleRaiseConsoleData["log"][number];

const STATUS: Record<string, string> = { pledged: "Counts", cancelled: "Cancelled", replaced: "Corrected" };

export function PledgeLog({ entries, currency }: { entries: Entry[]; currency: string }) {
  return (
    <section className="pledge-log" aria-labelledby="pledge-log-heading">
      <h2 id="pledge-log-heading" className="section-heading">
        Log
      </h2>
      {entries.length === 0 ? (
        <EmptyState
          size="sm"
          headingLevel={3}
          title="No pledges yet"
          text="Each pledge is listed here as it is recorded, with who entered it."
        />
      ) : (
        <div className="table-wrap">
          <table className="data-table" aria-labelledby="pledge-log-heading">
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col" className="data-table__number">
                  Paddle
                </th>
                <th scope="col">Name</th>
                <th scope="col" className="data-table__number">
                  Amount
                </th>
                <th scope="col">Status</th>
                <th scope="col">Entered by</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <LogRow key={entry.pledgeId} entry={entry} currency={currency} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function LogRow({ entry, currency }: { entry: Entry; currency: string }) {
  const amount = formatRoundMoney(entry.amount, currency);
  const who = `paddle ${entry.paddle} at ${amount}`;
  return (
    <tr className={entry.status === "pledged" ? undefined : "pledge-log__struck"}>
      <td>{entry.atLabel}</td>
      <td className="data-table__number">{entry.paddle}</td>
      <td>
        {entry.name}
        {entry.isAnonymous ? <span className="pledge-log__note"> (anonymous on screens)</span> : null}
      </td>
      <td className="data-table__number">{amount}</td>
      <td>
        {STATUS[entry.status] ?? entry.status}
        {entry.replacesPledgeId ? <span className="pledge-log__note"> (a correction)</span> : null}
        {entry.changeReason ? (
          <span className="pledge-log__note">
            {" "}
            · {entry.changedBy ?? "Staff"}, {entry.changedAtLabel}: {entry.changeReason}
          </span>
        ) : null}
      </td>
      <td>{entry.source === "guest" ? "Guest, on their phone" : (entry.enteredBy ?? "Staff")}</td>
      <td className="pledge-log__actions">
        {entry.status === "pledged" ? (
          <>
            <FormDialog
              name={correctPledgeForm(entry.pledgeId)}
              trigger="Correct"
              triggerLabel={`Correct ${who}`}
              title={`Correct ${who}`}
              description="The entry stays in the log as corrected; the corrected pledge takes its place."
              submitLabel="Save correction"
              fields={{ intent: PLEDGE_INTENT.correct, pledge: String(entry.pledgeId) }}
              schema={correctPledgeSchema}
              defaultValue={{ paddle: String(entry.paddle ?? ""), amount: String(entry.amount / 100), reason: "" }}
            >
              {(fields) => (
                <>
                  <Field label="Paddle" meta={fields.paddle}>
                    {(control) => <input {...control} inputMode="numeric" autoComplete="off" />}
                  </Field>
                  <Field label="Amount" meta={fields.amount}>
                    {(control) => <input {...control} inputMode="decimal" autoComplete="off" />}
                  </Field>
                  <Field label="Reason" meta={fields.reason} required>
                    {(control) => <input {...control} autoComplete="off" />}
                  </Field>
                </>
              )}
            </FormDialog>
            <FormDialog
              name={cancelPledgeForm(entry.pledgeId)}
              trigger="Cancel"
              triggerLabel={`Cancel ${who}`}
              triggerVariant="danger"
              title={`Cancel ${who}?`}
              description="It stays in the log, no longer counts towards the total and is not billed."
              submitLabel="Cancel pledge"
              fields={{ intent: PLEDGE_INTENT.cancel, pledge: String(entry.pledgeId) }}
              schema={cancelPledgeSchema}
              defaultValue={{ reason: "" }}
            >
              {(fields) => (
                <Field label="Reason" meta={fields.reason} required>
                  {(control) => <input {...control} autoComplete="off" />}
                </Field>
              )}
            </FormDialog>
          </>
        ) : null}
      </td>
    </tr>
  );
}
