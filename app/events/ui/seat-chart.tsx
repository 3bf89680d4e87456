/**
 * The seat chart as the live auction's setup places it on a 1920 × 1080 screen, drawn at `ratio` of that size: the
 * setup's preview draws it at a quarter, the projector (/livec) at the projector's own width over 1920, so what the
 * organiser sees in the preview is where the room sees it.
 */
import type { ChartPlacement } from "../live-auction-settings";

export function SeatChart({ url, place, ratio }: { url: string; place: ChartPlacement; ratio: number }) {
  return (
    <div
      className="seat-chart"
      style={{
        left: place.x * ratio,
        top: place.y * ratio,
        transform: `scale(${place.scale * ratio})`,
        opacity: place.opacity,
      }}
      data-testid="seat-chart"
    >
      <img src={url} alt="Seat chart" />
      <span
        className="seat-chart__pointer"
        aria-label="Paddle pointer"
        style={{ left: place.px, top: place.py, width: place.pz, height: place.pz }}
      />
    </div>
  );
}
