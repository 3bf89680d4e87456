/**
 * The panels of a monitor screen: each draws one part of the monitor state in large type for the room. Sizes follow
 * the screen (app/styles/monitor.css): every panel is whole on a 1280 × 720 to 1920 × 1080 projector.
 */
import { hammerLine, type LiveRoom } from "~/bidding/live-lots";
import { formatRoundMoney } from "~/ui/format";
import { Thermometer } from "~/ui/thermometer";
import { itemsPage, type MonitorItem, type MonitorState } from "../monitors";
import type { CSSProperties } from "react";

const HOUR_S = 3600;

/**
 * Time left until `at` from the server's now: "4:09" or "1:05:09" within three hours, the clock time ("9:00 PM",
 * with the day when it is not today) further off, "Closing" once reached.
 */
export function timeLeft(at: string, now: number, timeZone: string) {
  const left = Math.max(0, Math.floor((Date.parse(at) - now) / 1000));
  if (left === 0) return "Closing";
  if (left > 3 * HOUR_S) return clockTime(at, now, timeZone);
  const hours = Math.floor(left / 3600);
  const minutes = Math.floor((left % 3600) / 60);
  const seconds = String(left % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${seconds}` : `${minutes}:${seconds}`;
}

/** "9:00 PM" on the day of `now` in the event's zone, else "Sat 9:00 PM". */
export function clockTime(at: string, now: number, timeZone: string) {
  const day = (time: number) => new Intl.DateTimeFormat("en-US", { timeZone, dateStyle: "short" }).format(time);
  const sameDay = day(Date.parse(at)) === day(now);
  return new Intl.DateTimeFormat("en-US", {
    timeZone,
    weekday: sameDay ? undefined : "short",
    hour: "numeric",
    minute: "2-digit",
  }).format(new Date(at));
}

export function SilentItemsPanel({
  items,
  perPage,
  tick,
  currency,
  now,
  timeZone,
}: {
  items: MonitorItem[];
  perPage: number;
  tick: number;
  currency: string;
  now: number;
  timeZone: string;
}) {
  if (items.length === 0)
    return (
      <section className="monitor-panel monitor-items monitor-items--empty" aria-label="Silent items">
        <h2>Silent auction</h2>
        <p>Bidding on the silent auction has closed. Thank you!</p>
      </section>
    );
  const shown = itemsPage(items, perPage, tick);
  // The rows of a full page set the table's type size (monitor.css), so every row of every page fits the panel.
  const rows = { "--rows": Math.min(perPage, items.length) } as CSSProperties;
  return (
    <section className="monitor-panel monitor-items" aria-label="Silent items" style={rows}>
      <header className="monitor-items__head">
        <h2>Silent auction</h2>
        {shown.pages > 1 ? (
          <p data-testid="items-page">
            Page {shown.page + 1} of {shown.pages}
          </p>
        ) : null}
      </header>
      <table className="monitor-items__table">
        <thead>
          <tr>
            <th scope="col">Lot</th>
            <th scope="col">Item</th>
            <th scope="col">Current bid</th>
            <th scope="col">Time left</th>
          </tr>
        </thead>
        <tbody>
          {shown.items.map((item) => (
            <tr key={item.id}>
              <td>{item.lot ?? "—"}</td>
              <td className="monitor-items__title">{item.title}</td>
              <td>
                {item.currentBid !== null ? (
                  <strong>{formatRoundMoney(item.currentBid, currency)}</strong>
                ) : (
                  <span className="monitor-muted">Opens at {formatRoundMoney(item.nextMinimum, currency)}</span>
                )}
              </td>
              <td>{item.closesAt ? timeLeft(item.closesAt, now, timeZone) : "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** How long a lot's title is, for its type size: a long title (up to 200 characters) is set smaller, whole. */
function titleLength(title: string) {
  return title.length > 130 ? "longest" : title.length > 80 ? "longer" : title.length > 40 ? "long" : "short";
}

export function LiveLotPanel({ live }: { live: LiveRoom }) {
  const lot = live.current;
  if (!lot) return null;
  const hammer = hammerLine(lot, live.currency);
  return (
    <section className="monitor-panel monitor-live" aria-label="Live auction">
      {lot.image ? <img src={lot.image} alt="" className="monitor-live__image" /> : null}
      <div>
        <p className="monitor-live__lot">Live auction · Lot {lot.lot ?? "—"}</p>
        <h2 className={`monitor-live__title monitor-live__title--${titleLength(lot.title)}`}>{lot.title}</h2>
        {hammer ? (
          <p className="monitor-live__hammer" data-testid="monitor-hammer">
            {hammer}
          </p>
        ) : lot.phase === "open" ? (
          <p className="monitor-live__amount">
            {lot.currentBid !== null ? formatRoundMoney(lot.currentBid, live.currency) : "Bidding open"}
            {lot.leader !== null ? <span> · Paddle {lot.leader}</span> : null}
          </p>
        ) : null}
      </div>
    </section>
  );
}

/** `hero`: the panel leads the screen, in the wide column, in larger type. */
export function TotalsPanel({
  pledged,
  currency,
  hero = false,
}: {
  pledged: MonitorState["pledged"];
  currency: string;
  hero?: boolean;
}) {
  const share = pledged.goal ? Math.floor((pledged.total / pledged.goal) * 100) : null;
  return (
    <section className={`monitor-panel monitor-totals${hero ? " monitor-panel--hero" : ""}`} aria-label="Total pledged">
      <h2>Pledged tonight</h2>
      <p className="monitor-totals__amount" data-testid="monitor-total">
        {formatRoundMoney(pledged.total, currency)}
      </p>
      {pledged.goal ? (
        <>
          <div className="monitor-totals__track" aria-hidden="true">
            <div className="monitor-totals__fill" style={{ width: `${Math.min(100, share ?? 0)}%` }} />
          </div>
          <p className="monitor-muted monitor-totals__goal">
            {share}% of our {formatRoundMoney(pledged.goal, currency)} goal
          </p>
        </>
      ) : null}
    </section>
  );
}

/** `hero`: the panel leads the screen, in the wide column, in larger type. */
export function PaddleRaisePanel({
  raise,
  currency,
  hero = false,
}: {
  raise: NonNullable<MonitorState["raise"]>;
  currency: string;
  hero?: boolean;
}) {
  return (
    <section className={`monitor-panel monitor-raise${hero ? " monitor-panel--hero" : ""}`} aria-label="Paddle raise">
      <h2>{raise.title}</h2>
      <Thermometer total={raise.total} goal={raise.goal} count={raise.count} currency={currency} size="lg" />
    </section>
  );
}

/** `band`: under the wide column's panel, the names in columns; otherwise a list down the side. */
export function RecentGiftsPanel({
  gifts,
  currency,
  band = false,
}: {
  gifts: MonitorState["gifts"];
  currency: string;
  band?: boolean;
}) {
  return (
    <section className={`monitor-panel monitor-gifts${band ? " monitor-gifts--band" : ""}`} aria-label="Recent gifts">
      <h2>Thank you</h2>
      {gifts.length === 0 ? (
        <p className="monitor-muted">Raise your paddle: the first gift shows here.</p>
      ) : (
        <ol>
          {gifts.map((gift) => (
            <li key={gift.key}>
              <span>{gift.name}</span>
              <strong>{formatRoundMoney(gift.amount, currency)}</strong>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

export function RaffleWinnersPanel({ winners }: { winners: MonitorState["raffleWinners"] }) {
  if (winners.length === 0) return null;
  return (
    <section className="monitor-panel monitor-winners" aria-label="Raffle winners">
      <h2>Raffle winners</h2>
      <ol>
        {winners.map((winner) => (
          <li key={`${winner.prize}-${winner.ticketNumber}`}>
            <strong className="monitor-winners__name">{winner.name}</strong>
            <span className="monitor-winners__ticket">ticket {winner.ticketNumber}</span>
            <span className="monitor-winners__prize">
              {winner.prize}
              {winner.redrawnBy ? ` · drawn again by ${winner.redrawnBy}` : null}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

export function NextClosePanel({
  closesAt,
  now,
  timeZone,
}: {
  closesAt: string | null;
  now: number;
  timeZone: string;
}) {
  if (!closesAt) return null;
  const left = timeLeft(closesAt, now, timeZone);
  const at = clockTime(closesAt, now, timeZone);
  return (
    <section className="monitor-panel monitor-next" aria-label="Next close">
      <h2>Next item closes</h2>
      <p className="monitor-next__countdown" data-testid="next-close">
        {left}
      </p>
      {left !== at ? <p className="monitor-muted">at {at}</p> : null}
    </section>
  );
}

export function SponsorsPanel({ sponsors }: { sponsors: MonitorState["sponsors"] }) {
  if (sponsors.length === 0) return null;
  return (
    <footer className="monitor-sponsors" aria-label="Our sponsors">
      <span>Thank you to our sponsors</span>
      <ul>
        {sponsors.map((sponsor) => (
          <li key={sponsor.title}>
            <img src={sponsor.logo} alt={sponsor.title} />
          </li>
        ))}
      </ul>
    </footer>
  );
}
