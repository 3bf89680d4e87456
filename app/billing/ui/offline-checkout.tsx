/**
 * A guest opened at the cash desk while it is offline: their invoice cannot load, so the desk takes cash or a check
 * against the balance it last saw (less what it took since). The server checks the amount against the balance when
 * the network is back; a payment above it is listed for the desk to put right.
 */
import { formatMoney } from "~/ui/format";
import { ManualForm, type TakePayment } from "./checkout-panel";

export function OfflineCheckout({
  winner,
  currency,
  submissionKey,
  take,
}: {
  winner: { invoiceId: number; number: number; paddle: number | null; name: string; balance: number };
  currency: string;
  submissionKey: string;
  take: TakePayment | undefined;
}) {
  const who = `${winner.paddle !== null ? `Paddle ${winner.paddle} · ` : ""}${winner.name}`;
  const owed = Math.max(0, winner.balance);
  return (
    <section className="checkout-panel" aria-labelledby="offline-guest-heading">
      <header className="checkout-panel__header">
        <h2 id="offline-guest-heading">{who}</h2>
        <p className="muted">
          Invoice {winner.number} · Offline: the invoice's lines show when the network is back. Owed when last seen,
          less what was taken here: {formatMoney(owed, currency)}.
        </p>
      </header>
      {owed > 0 ? (
        <div className="checkout-panel__ways">
          {(["cash", "check"] as const).map((kind) => (
            <ManualForm
              key={`${kind}-${owed}`}
              kind={kind}
              invoiceId={winner.invoiceId}
              owed={owed}
              currency={currency}
              submissionKey={submissionKey}
              who={who}
              take={take}
            />
          ))}
        </div>
      ) : (
        <p className="checkout-panel__settled">Paid in full, as far as this desk knows.</p>
      )}
    </section>
  );
}
