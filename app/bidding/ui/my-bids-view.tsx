import { Link } from "@remix-run/react";
import { formatMoney } from "~/ui/format";
import { Countdown } from "./countdown";
import { standingOf, type Standing } from "./live-board";
import type { LiveItem } from "../live-item";

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
}: {
  entries: MyBidsEntry[];
  live: Map<number, LiveItem>;
  paddle: number | null;
  currency: string;
  serverNow: number;
  serverOffset: number;
}) {
  const grouped = (key: (typeof GROUPS)[number]["key"]) =>
    entries.filter((entry) =>
      key === "watched" ? entry.watched : standingOf(live.get(entry.id)!, paddle, entry.bidOn) === key,
    );
  return (
    <section className="my-bids" aria-labelledby="my-bids-title">
      <h1 id="my-bids-title">My bids{paddle !== null ? ` · bidder ${paddle}` : ""}</h1>
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
    </section>
  );
}
