import { Link, useSearchParams } from "@remix-run/react";
import { ButtonLink } from "~/ui/button";
import { EmptyState } from "~/ui/empty-state";
import { formatMoney } from "~/ui/format";
import { useEventHref } from "~/ui/use-event-href";
import type { winnersScreen } from "../winners.server";
import type { SerializeFrom } from "@remix-run/node";

type Winner = SerializeFrom<typeof winnersScreen>["winners"][number];

/**
 * The guests who owe, found by the page's search: paddle, name (a link that opens the guest beside the list),
 * balance and card; the one open is marked. Empty, it says whether the search or the event has nobody.
 */
export function WinnersTable({
  winners,
  openInvoiceId,
  currency,
  onOpenOffline,
}: {
  winners: Winner[];
  openInvoiceId: number | null;
  currency: string;
  /** Offline, a guest's invoice cannot load: the desk opens what it holds of them instead. */
  onOpenOffline?: (invoiceId: number) => void;
}) {
  const [params] = useSearchParams();
  const eventHref = useEventHref();
  const money = (cents: number) => formatMoney(cents, currency);
  const openLink = (invoiceId: number) => {
    const next = new URLSearchParams(params);
    next.set("guest", String(invoiceId));
    return `?${next}`;
  };
  return winners.length === 0 ? (
    params.get("q") ? (
      <EmptyState
        size="sm"
        title={`Nobody matches “${params.get("q")}”`}
        text="Only guests who owe money are listed. Look for a paddle number, or part of a name."
        action={
          <ButtonLink to={eventHref("/admin/billing/winners")} size="sm">
            Show everyone who owes
          </ButtonLink>
        }
      />
    ) : (
      <EmptyState
        size="sm"
        title="Nobody owes anything yet"
        text="Guests appear here once they win an item, buy something or have a ticket to pay for."
      />
    )
  ) : (
    <div className="table-scroll">
      <table className="billing-table">
        <caption className="visually-hidden">Guests and what they owe</caption>
        <thead>
          <tr>
            <th scope="col">Paddle</th>
            <th scope="col">Guest</th>
            <th scope="col" className="numeric">
              Balance
            </th>
            <th scope="col">Card</th>
          </tr>
        </thead>
        <tbody>
          {winners.map((winner) => (
            <tr key={winner.invoiceId} aria-current={openInvoiceId === winner.invoiceId ? "true" : undefined}>
              <td>{winner.paddle ?? "—"}</td>
              <td>
                <Link
                  to={openLink(winner.invoiceId)}
                  onClick={(event) => {
                    if (!onOpenOffline || navigator.onLine) return;
                    event.preventDefault();
                    onOpenOffline(winner.invoiceId);
                  }}
                >
                  {winner.name}
                </Link>
              </td>
              <td className="numeric">{winner.balance > 0 ? money(winner.balance) : "Paid"}</td>
              <td>{winner.card ?? "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
