/**
 * The projector of /livec: the room's live lot in large type (photo, lot number, title, current amount and the
 * paddle leading), "SOLD to paddle 142 for $5,000" once hammered, and the next lot. It applies each message of the
 * live stream as it comes (the whole room each time), so the screen follows the clerk within a second, and the
 * browser's EventSource reconnects by itself after a network drop (a snapshot follows every connection).
 */
import { useEffect, useRef, useState } from "react";
import { SCREEN, type ChartPlacement } from "~/events/live-auction-settings";
import { SeatChart } from "~/events/ui/seat-chart";
import { useLiveStream } from "~/realtime/use-live-stream";
import { formatMoney } from "~/ui/format";
import { useHydrated } from "~/ui/use-hydrated";
import { hammerLine, type LiveRoom } from "../live-lots";

/**
 * Asks for fullscreen; where the browser has no Fullscreen API the promise rejects with "Not capable".
 */
export function requestFullscreen(element: HTMLElement): Promise<void> {
  const request =
    element.requestFullscreen?.bind(element) ??
    (element as HTMLElement & { webkitRequestFullscreen?: () => Promise<void> }).webkitRequestFullscreen?.bind(element);
  if (!request || document.fullscreenEnabled === false) return Promise.reject(new Error("Not capable"));
  return Promise.resolve(request()).then(() => undefined);
}

/** Past this many characters a title takes smaller type, so that two or three lines leave room for the amount. */
const LONG_TITLE = 48;
const titleClass = (title: string) =>
  title.length > LONG_TITLE ? "projector__title projector__title--long" : "projector__title";

export interface ProjectorSeatChart {
  url: string;
  place: ChartPlacement;
}

export function LiveProjector({
  eventTitle,
  room: loaded,
  streamUrl,
  seatChart,
}: {
  eventTitle: string;
  room: LiveRoom;
  streamUrl: string;
  seatChart: ProjectorSeatChart | null;
}) {
  const hydrated = useHydrated();
  const [room, setRoom] = useState(loaded);
  const [fullscreenError, setFullscreenError] = useState<string | null>(null);
  const { status } = useLiveStream(hydrated ? streamUrl : null, {
    onSnapshot: (data) => setRoom(data as LiveRoom),
    onDelta: (_type, data) => setRoom(data as LiveRoom),
  });
  const money = (cents: number) => formatMoney(cents, room.currency).replace(/\.00$/, "");
  const lot = room.current;
  const hammer = lot ? hammerLine(lot, room.currency) : null;

  const goFullscreen = () => {
    setFullscreenError(null);
    requestFullscreen(document.documentElement).catch((error: Error) =>
      setFullscreenError(
        error.message === "Not capable"
          ? "Not capable: this browser cannot show the page fullscreen. Use the browser's own fullscreen key (F11) instead."
          : error.message,
      ),
    );
  };

  return (
    <main className="projector" aria-live="polite">
      <div className="projector__stage">
        {lot ? (
          <>
            {lot.image ? <img src={lot.image} alt="" /> : <div />}
            <div>
              <p className="projector__lot">Lot {lot.lot ?? "—"}</p>
              <h1 className={titleClass(lot.title)}>{lot.title}</h1>
              {hammer ? (
                <p className="projector__hammer" data-testid="hammer">
                  {hammer}
                </p>
              ) : lot.phase === "open" ? (
                <>
                  <p className="projector__amount" data-testid="amount">
                    {lot.currentBid !== null ? money(lot.currentBid) : "Bidding open"}
                  </p>
                  <p className="projector__leader">
                    {lot.leader !== null ? `Paddle ${lot.leader}` : "Waiting for the first bid"}
                  </p>
                </>
              ) : (
                <p className="projector__leader">Coming up</p>
              )}
              {room.next && room.next.id !== lot.id && lot.phase !== "open" ? (
                <p className="projector__next">
                  Next: Lot {room.next.lot ?? "—"} · {room.next.title}
                </p>
              ) : null}
            </div>
          </>
        ) : room.next ? (
          <div className="projector__idle">
            <p className="projector__lot">Coming up: Lot {room.next.lot ?? "—"}</p>
            <h1 className={titleClass(room.next.title)}>{room.next.title}</h1>
          </div>
        ) : (
          <div className="projector__idle">
            <h1 className="projector__title">{eventTitle}</h1>
            <p>The live auction will begin shortly.</p>
          </div>
        )}
      </div>
      {seatChart ? <SeatChartLayer chart={seatChart} /> : null}
      <footer className="projector__foot">
        <span>{eventTitle} · Live auction</span>
        <span className="spacer" />
        {fullscreenError ? (
          <span role="alert" data-testid="fullscreen-error">
            {fullscreenError}
          </span>
        ) : null}
        {status === "reconnecting" ? <span role="status">Reconnecting…</span> : null}
        {hydrated ? (
          <button type="button" onClick={goFullscreen}>
            Fullscreen
          </button>
        ) : null}
      </footer>
    </main>
  );
}

/**
 * The seat chart over the stage, placed in the 1920 × 1080 pixels the setup speaks of and scaled to this screen
 * (a 1280 × 720 projector draws it at two thirds). The scale needs the screen's size, so it shows once the page runs.
 */
function SeatChartLayer({ chart }: { chart: ProjectorSeatChart }) {
  const layer = useRef<HTMLDivElement>(null);
  const [ratio, setRatio] = useState<number | null>(null);
  useEffect(() => {
    const element = layer.current;
    if (!element) return;
    const measure = () => setRatio(Math.min(element.clientWidth / SCREEN.width, element.clientHeight / SCREEN.height));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <div className="projector__chart" ref={layer}>
      {ratio ? <SeatChart url={chart.url} place={chart.place} ratio={ratio} /> : null}
    </div>
  );
}
