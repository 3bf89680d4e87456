/**
 * "Charge all cards on file": the button, and the latest run's progress bar and per-guest results. Pressing it
 * while a run is unfinished resumes that run (no guest is charged twice: app/billing/charge-all.server.ts).
 */
import { Form, useNavigation } from "@remix-run/react";
import { Button } from "~/ui/button";
import { formatMoney } from "~/ui/format";
import { WINNERS_INTENT } from "../checkout-forms";
import type { ChargeRunProgress } from "../charge-all.server";
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

export function ChargeAllPanel({
  run,
  currency,
  winners,
}: {
  run: ChargeRunProgress | null;
  currency: string;
  winners: WinnerRow[];
}) {
  const busy = useNavigation().formData?.get("intent") === WINNERS_INTENT.chargeAll;
  const running = run !== null && !run.finished;
  const names = new Map(winners.map((winner) => [winner.invoiceId, winner]));
  return (
    <section className="charge-all" aria-labelledby="charge-all-heading">
      <h2 id="charge-all-heading">Charge all cards on file</h2>
      <p className="muted">
        Charges every guest who owes and has a card on file, one by one. Safe to press again: an unfinished run is
        resumed, and nobody is charged twice.
      </p>
      <Form method="post">
        <input type="hidden" name="intent" value={WINNERS_INTENT.chargeAll} />
        <Button type="submit" variant="primary" disabled={busy}>
          {busy ? "Starting…" : running ? "Resume charging" : "Charge all cards on file"}
        </Button>
      </Form>
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
