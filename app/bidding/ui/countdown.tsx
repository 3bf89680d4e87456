import { useEffect, useState } from "react";

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

/**
 * Time left until an item closes. The first render uses the server's time from the loader (so server and browser
 * agree), then it ticks every second on the browser's clock corrected by the server's offset.
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
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const tick = () => setNow(Date.now() + serverOffset);
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [serverOffset]);
  if (closed) return <span className="countdown countdown--closed">Closed</span>;
  // No close is set (a live lot, which closes at the hammer; an auction with no end): open until someone closes it.
  if (!closesAt) return <span className="countdown">Until closed</span>;
  const text = timeLeftText(closesAt, now);
  if (!text) return null;
  const urgent = closesAt !== null && new Date(closesAt).getTime() - now < 5 * 60_000;
  return (
    <span className={`countdown${urgent ? " countdown--urgent" : ""}`}>
      <span className="visually-hidden">Time left: </span>
      {text}
    </span>
  );
}
