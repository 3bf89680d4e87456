/**
 * A monitor screen (/woa2025monitor, /lun2025monitor): the panels its settings choose, following the event's
 * monitor stream for hours without anyone touching it. Each snapshot replaces the whole state (nothing accumulates),
 * the clock and countdowns run on the server's time, and pages of silent items turn every rotation_seconds.
 */
import { useEffect, useState } from "react";
import { useLiveStream } from "~/realtime/use-live-stream";
import { useHydrated } from "~/ui/use-hydrated";
import { nextClose, type MonitorPath, type MonitorState } from "../monitors";
import {
  LiveLotPanel,
  NextClosePanel,
  PaddleRaisePanel,
  RaffleWinnersPanel,
  RecentGiftsPanel,
  SilentItemsPanel,
  SponsorsPanel,
  TotalsPanel,
} from "./monitor-panels";

export function MonitorScreen({
  path,
  state: loaded,
  loadedAt,
  streamUrl,
}: {
  path: MonitorPath;
  state: MonitorState;
  /** The server's clock when the page was made: countdowns start right before the stream's first word. */
  loadedAt: number;
  streamUrl: string;
}) {
  const hydrated = useHydrated();
  const [state, setState] = useState(loaded);
  const { status, serverOffset } = useLiveStream(hydrated ? streamUrl : null, {
    onSnapshot: (data) => {
      if (data) setState(data as MonitorState);
    },
    onDelta: () => {},
  });
  const [now, setNow] = useState(loadedAt);
  const [tick, setTick] = useState(0);
  const settings = state.monitors[path];

  useEffect(() => {
    const clock = setInterval(() => setNow(Date.now() + serverOffset), 1000);
    setNow(Date.now() + serverOffset);
    return () => clearInterval(clock);
  }, [serverOffset]);

  const rotation = settings?.rotation_seconds ?? 12;
  useEffect(() => {
    const turn = setInterval(() => setTick((current) => current + 1), rotation * 1000);
    return () => clearInterval(turn);
  }, [rotation]);

  if (!settings)
    return (
      <main className="monitor monitor--off">
        <h1>{state.eventTitle}</h1>
        <p>This monitor has been taken down. Set it up again under Setup → Monitors.</p>
      </main>
    );

  const shows = new Set(settings.panels);
  const liveOn = shows.has("live_lot") && state.live?.current && state.live.current.phase !== "waiting";
  const raiseOn = shows.has("paddle_raise") && state.raise !== null;
  const closesAt = shows.has("next_close") ? nextClose(state.items, now) : null;
  // The wide column shows the live lot, else the silent items; a monitor without either (the one beside the stage)
  // shows the paddle raise there, else the total, in large type: no half of the screen is left empty.
  const lead = liveOn
    ? "live"
    : shows.has("silent_items")
      ? "items"
      : raiseOn
        ? "raise"
        : shows.has("totals")
          ? "totals"
          : null;
  const gifts = shows.has("recent_gifts") ? (
    <RecentGiftsPanel key="gifts" gifts={state.gifts} currency={state.currency} band={lead !== null} />
  ) : null;
  const side = [
    shows.has("totals") && lead !== "totals" ? (
      <TotalsPanel key="totals" pledged={state.pledged} currency={state.currency} />
    ) : null,
    raiseOn && lead !== "raise" ? (
      <PaddleRaisePanel key="raise" raise={state.raise!} currency={state.currency} />
    ) : null,
    closesAt ? <NextClosePanel key="next" closesAt={closesAt} now={now} timeZone={state.timeZone} /> : null,
    lead === null ? gifts : null,
    shows.has("raffle_winners") && state.raffleWinners.length > 0 ? (
      <RaffleWinnersPanel key="winners" winners={state.raffleWinners} />
    ) : null,
  ].filter(Boolean);
  const layout = lead === null ? "spread" : side.length === 0 ? "wide" : "split";
  const clock = new Intl.DateTimeFormat("en-US", {
    timeZone: state.timeZone,
    hour: "numeric",
    minute: "2-digit",
  }).format(new Date(now));

  return (
    <main className="monitor" data-status={status ?? "loading"}>
      <header className="monitor__head">
        {state.logo ? <img src={state.logo} alt="" className="monitor__logo" /> : null}
        <h1>{settings.title}</h1>
        <span className="spacer" />
        {status === "reconnecting" ? (
          <span className="monitor__reconnecting" role="status">
            Reconnecting…
          </span>
        ) : null}
        <time className="monitor__clock" data-testid="monitor-clock">
          {clock}
        </time>
      </header>
      <div className={`monitor__body monitor__body--${layout}`}>
        {lead !== null ? (
          <div className="monitor__main">
            {lead === "live" ? <LiveLotPanel live={state.live!} /> : null}
            {lead === "items" ? (
              <SilentItemsPanel
                items={state.items}
                perPage={settings.items_per_page}
                tick={tick}
                currency={state.currency}
                now={now}
                timeZone={state.timeZone}
              />
            ) : null}
            {lead === "raise" ? <PaddleRaisePanel raise={state.raise!} currency={state.currency} hero /> : null}
            {lead === "totals" ? <TotalsPanel pledged={state.pledged} currency={state.currency} hero /> : null}
            {gifts}
          </div>
        ) : null}
        {side.length > 0 ? <aside className="monitor__side">{side}</aside> : null}
      </div>
      {shows.has("sponsors") ? <SponsorsPanel sponsors={state.sponsors} /> : null}
    </main>
  );
}
