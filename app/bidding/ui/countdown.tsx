import { useSyncExternalStore } from "react";

/** "2h 05m", "4m 09s": how long until the close, by the server's clock. */
export function timeLeftText(closesAt: string | null, now: number): string | null {
  if (!closesAt) return null;
  const ms = new Date(closesAt).getTime() - now;
  if (ms <= 0) return "Closing…";
  const s = Math.floor(ms / 1000);
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const pad = (n: number) => String(n).padStart(2, "0");
  if (d > 0) return `${d}d ${h}h`;
  if (h > 0) return `${h}h ${pad(m)}m`;
  return `${m}m ${pad(s % 60)}s`;
}

const URGENT = "!";

/**
 * The page's one clock for its countdowns: a gallery has a card for each of 50–500 items, and a timer for each card
 * would wake the phone that many times a second. Ticks every second while a countdown is shown.
 */
const clock = {
  now: 0,
  listeners: new Set<() => void>(),
  timer: undefined as ReturnType<typeof setInterval> | undefined,
};

function tick() {
  clock.now = Date.now();
  for (const listener of clock.listeners) listener();
}

/** The clock's time: its last tick, or now when it is not ticking (the first render after hydration). */
function clockNow() {
  clock.now ||= Date.now();
  return clock.now;
}

function subscribeToClock(listener: () => void) {
  clock.listeners.add(listener);
  if (!clock.timer) {
    tick();
    clock.timer = setInterval(tick, 1000);
  }
  return () => {
    clock.listeners.delete(listener);
    if (clock.listeners.size === 0) {
      clearInterval(clock.timer);
      clock.timer = undefined;
      clock.now = 0;
    }
  };
}

/**
 * Time left until an item closes. The first render uses the server's time from the loader (so server and browser
 * agree), then the page's clock corrected by the server's offset. A countdown renders again only when its text
 * changes: once an hour while days are left, once a minute while hours are, each second in the last hour.
 */
export function Countdown({
  closesAt,
  closed,
  serverNow,
  serverOffset,
}: {
  closesAt: string | null;
  closed: boolean;
  serverNow: number;
  serverOffset: number;
}) {
  // What it shows, as one string (compared by value, so that an unchanged text renders nothing): the text, marked
  // URGENT in its last five minutes.
  const shownAt = (now: number) => {
    const text = timeLeftText(closesAt, now);
    if (text === null) return "";
    return new Date(closesAt!).getTime() - now < 5 * 60_000 ? URGENT + text : text;
  };
  const shown = useSyncExternalStore(
    subscribeToClock,
    () => shownAt(clockNow() + serverOffset),
    () => shownAt(serverNow),
  );
  if (closed) return <span className="countdown countdown--closed">Closed</span>;
  // No close is set (a live lot, which closes at the hammer; an auction with no end): open until someone closes it.
  if (!closesAt) return <span className="countdown">Until closed</span>;
  if (!shown) return null;
  const urgent = shown.startsWith(URGENT);
  return (
    <span className={`countdown${urgent ? " countdown--urgent" : ""}`}>
      <span className="visually-hidden">Time left: </span>
      {urgent ? shown.slice(URGENT.length) : shown}
    </span>
  );
}
