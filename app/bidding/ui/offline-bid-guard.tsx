/**
 * A bid's time matters, so a guest's bid is never kept to send later (docs/decisions/041-offline-stations.md): while
 * the phone is offline, the bidding forms are switched off and the page says so plainly; they come back with the
 * network. Staff stations queue their work instead; bidders do not.
 */
import { useOnline } from "~/ui/use-online";
import type { ReactNode } from "react";

export function OfflineBidGuard({ children }: { children: ReactNode }) {
  const online = useOnline();
  return (
    <fieldset className="offline-bid-guard" disabled={!online}>
      {online ? null : (
        <p className="offline-bid-guard__notice" role="alert">
          <strong>You are offline.</strong> Bids are not sent, and not kept to send later: bid again when your phone is
          back on the network.
        </p>
      )}
      {children}
    </fieldset>
  );
}
