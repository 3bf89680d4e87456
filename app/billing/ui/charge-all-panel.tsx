/**
 * "Charge all cards on file": the button, which first asks (how many guests, how much in all) in a dialog, as closing
 * a silent item does (without JavaScript, a confirmation step in the page, `?dialog=charge-all`); and the latest
 * run's progress bar and per-guest results. Confirmed while a run is unfinished, it resumes that run (no guest is
 * charged twice: app/billing/charge-all.server.ts).
 */
import { useFetcher } from "@remix-run/react";
import { FormDialog } from "~/ui/form-dialog";
import { formatMoney } from "~/ui/format";
import { CHARGE_ALL_FORM, WINNERS_INTENT } from "../checkout-forms";
import type { ChargeAllPreview, ChargeRunProgress } from "../charge-all.server";
import type { WinnerRow } from "../winners.server";

const RESULT: Record<string, string> = {
  waiting: "Waiting",
  charging: "Charging…",
  unknown: "No answer yet: resume to finish",
  charged: "Charged",
  declined: "Declined",
  requires_authentication: "Needs the guest to authenticate",
  nothing_owed: "Nothing owed",
  no_card: "No card on file",
};

/** The confirmation's question: how many guests' cards, and how much in all ("Charge 2 guests' cards, $1,190.00 in all?"). */
export function chargeAllQuestion({ resumes, guests, amount }: ChargeAllPreview, currency: string) {
  if (guests === 0) return resumes ? "Finish the unfinished run?" : "Charge all cards on file?";
  const cards = guests === 1 ? "1 guest's card" : `${guests} guests' cards`;
  return `${resumes ? "Resume charging: charge" : "Charge"} ${cards}, ${formatMoney(amount, currency)} in all?`;
}

export function ChargeAllPanel({
  run,
  preview,
  currency,
  winners,
}: {
  run: ChargeRunProgress | null;
  preview: ChargeAllPreview;
  currency: string;
  winners: WinnerRow[];
}) {
  // The dialog posts with its own fetcher (FormDialog's, by its name): the button says so while it does.
  const busy = useFetcher({ key: `dialog-${CHARGE_ALL_FORM}` }).state !== "idle";
  const running = run !== null && !run.finished;
  const names = new Map(winners.map((winner) => [winner.invoiceId, winner]));
  return (
    <section className="charge-all" aria-labelledby="charge-all-heading">
      <h2 id="charge-all-heading">Charge all cards on file</h2>
      <p className="muted">
        Charges every guest who owes and has a card on file, one by one. Safe to press again: an unfinished run is
        resumed, and nobody is charged twice.
      </p>
      {preview.guests === 0 && !preview.resumes ? (
        // Nothing to charge: no button that would start an empty run, and the reason in its place.
        <p className="charge-all__nothing" role="status">
          No guest who owes has a card on file now: there is nothing to charge.
        </p>
      ) : (
        <FormDialog
          name={CHARGE_ALL_FORM}
          trigger={busy ? "Starting…" : running ? "Resume charging" : "Charge all cards on file"}
          triggerVariant="primary"
          triggerSize="md"
          title={chargeAllQuestion(preview, currency)}
          description={
            preview.guests === 0
              ? "Every guest of the unfinished run is charged or settled: finishing it charges nobody."
              : `Each card is charged what its guest owes, one guest after another; the results show here. Nobody is charged twice.`
          }
          submitLabel={
            preview.guests === 0
              ? "Finish the run"
              : `Charge ${preview.guests === 1 ? "1 card" : `${preview.guests} cards`}`
          }
          fields={{ intent: WINNERS_INTENT.chargeAll }}
        >
          {() => null}
        </FormDialog>
      )}
      {run && run.total > 0 ? (
        <>
          <label className="charge-all__progress">
            {run.finished ? "Finished" : "Charging"}: {run.done} of {run.total} guests
            <progress max={run.total} value={run.done} />
          </label>
          <ul className="charge-all__results" aria-live="polite">
            {run.guests.map((guest) => {
              const winner = names.get(guest.invoiceId);
              return (
                <li key={guest.invoiceId} className={`charge-result charge-result--${guest.status}`}>
                  <span>{winner ? `${winner.paddle ?? "—"} · ${winner.name}` : `Invoice ${guest.invoiceId}`}</span>
                  <span>
                    {RESULT[guest.status] ?? guest.status}
                    {guest.amount !== null ? ` · ${formatMoney(guest.amount, currency)}` : ""}
                    {guest.message && guest.status !== "nothing_owed" && guest.status !== "no_card"
                      ? ` · ${guest.message}`
                      : ""}
                  </span>
                </li>
              );
            })}
          </ul>
        </>
      ) : run?.finished ? (
        <p className="muted">The last run found nobody to charge.</p>
      ) : null}
    </section>
  );
}
