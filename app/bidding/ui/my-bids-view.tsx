import { Link } from "@remix-run/react";
import { formatMoney } from "~/ui/format";
import { Countdown } from "./countdown";
import { standingOf, type Standing } from "./live-board";
import type { LiveItem } from "../live-item";
import type { ReactNode } from "react";

export interface MyBidsEntry {
  id: number;
  title: string;
  href: string;
  bidOn: boolean;
  watched: boolean;
}

const GROUPS: { key: NonNullable<Standing> | "watched"; title: string; empty: string }[] = [
  { key: "winning", title: "Winning", empty: "Nothing yet: bid on something you love." },
  { key: "outbid", title: "Outbid", empty: "You have not been outbid." },
  { key: "won", title: "Won", empty: "Nothing won yet." },
  { key: "watched", title: "Watching", empty: "Tap “Watch this item” on an item to follow it here." },
];

/** The bidder's own page: winning, outbid, won and watched, kept live. */
export function MyBidsView({
  entries,
  live,
  paddle,
  currency,
  serverNow,
  serverOffset,
  billing,
  children,
}: {
  entries: MyBidsEntry[];
  live: Map<number, LiveItem>;
  paddle: number | null;
  currency: string;
  serverNow: number;
  serverOffset: number;
  /** The card on file and the invoice (app/billing/bidder-billing.server.ts). */
  billing?: { card: string | null; cardHref: string; invoiceHref: string | null } | null;
  /** Below the lists: the bidder's messaging choices. */
  children?: ReactNode;
}) {
  const grouped = (key: (typeof GROUPS)[number]["key"]) =>
    entries.filter((entry) =>
      key === "watched" ? entry.watched : standingOf(live.get(entry.id)!, paddle, entry.bidOn) === key,
    );
  return (
    <section className="my-bids" aria-labelledby="my-bids-title">
      <h1 id="my-bids-title">My bids{paddle !== null ? ` · bidder ${paddle}` : ""}</h1>
      {billing ? (
        <p className="my-bids__billing">
          {billing.card ? `Card on file: ${billing.card}. ` : "No card on file. "}
          <Link to={billing.cardHref} reloadDocument>
            {billing.card ? "Replace it" : "Save a card"}
          </Link>
          {billing.invoiceHref ? (
            <>
              {" · "}
              <Link to={billing.invoiceHref} reloadDocument>
                Your invoice
              </Link>
            </>
          ) : null}
        </p>
      ) : null}
      {GROUPS.map((group) => {
        const rows = grouped(group.key);
        return (
          <section key={group.key} className="my-bids__group" aria-labelledby={`my-bids-${group.key}`}>
            <h2 id={`my-bids-${group.key}`}>
              {group.title} <span className="my-bids__count">{rows.length}</span>
            </h2>
            {rows.length === 0 ? (
              <p className="item-card__meta">{group.empty}</p>
            ) : (
              <ul>
                {rows.map((entry) => {
                  const item = live.get(entry.id)!;
                  return (
                    <li key={entry.id} className="my-bids__row">
                      <Link to={entry.href}>{entry.title}</Link>
                      <span>{formatMoney(item.currentBid ?? item.nextMinimum, currency)}</span>
                      <Countdown
                        closesAt={item.closesAt}
                        closed={item.closed}
                        serverNow={serverNow}
                        serverOffset={serverOffset}
                      />
                    </li>
                  );
                })}
              </ul>
            )}
          </section>
        );
      })}
      {children}
    </section>
  );
}
