/** The latest pledges of a paddle raise, newest first: a first name (or "Anonymous") and the amount. */
import { formatRoundMoney } from "~/ui/format";
import type { RecentGift } from "../board.server";

// Types only: erased from the browser's bundle.
type Gift = RecentGift;

export function RecentGifts({ gifts, currency, headingId }: { gifts: Gift[]; currency: string; headingId: string }) {
  return (
    <section className="recent-gifts" aria-labelledby={headingId}>
      <h2 id={headingId} className="recent-gifts__heading">
        Recent gifts
      </h2>
      {gifts.length === 0 ? (
        <p className="recent-gifts__empty">The first pledge will show here.</p>
      ) : (
        <ol className="recent-gifts__list">
          {gifts.map((gift) => (
            <li key={gift.pledgeId}>
              <span>{gift.name}</span>
              <strong>{formatRoundMoney(gift.amount, currency)}</strong>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
