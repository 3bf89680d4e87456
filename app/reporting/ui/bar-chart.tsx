/**
 * A horizontal bar chart drawn as SVG on the server (decision 027): readable without JavaScript and in print.
 * The title and description name it for screen readers; the same numbers are in the table beside it.
 */
import { useId } from "react";

export interface Bar {
  label: string;
  value: number;
  display: string;
}

const ROW = 28;
const LABEL_WIDTH = 190;
const VALUE_WIDTH = 110;
const WIDTH = 640;

export function BarChart({ title, description, bars }: { title: string; description: string; bars: Bar[] }) {
  const id = useId();
  const largest = Math.max(1, ...bars.map((bar) => Math.abs(bar.value)));
  const plot = WIDTH - LABEL_WIDTH - VALUE_WIDTH;
  const height = Math.max(ROW, bars.length * ROW) + 8;
  return (
    <svg
      className="report-chart"
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      viewBox={`0 0 ${WIDTH} ${height}`}
      preserveAspectRatio="xMinYMin meet"
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{description}</desc>
      {bars.map((bar, index) => {
        const y = index * ROW + 4;
        const length = Math.max(0, (Math.abs(bar.value) / largest) * plot);
        return (
          <g key={bar.label}>
            <text x={LABEL_WIDTH - 8} y={y + ROW / 2 + 4} textAnchor="end" className="report-chart__label">
              {bar.label}
            </text>
            <rect
              x={LABEL_WIDTH}
              y={y + 4}
              width={length}
              height={ROW - 10}
              rx={3}
              className={bar.value < 0 ? "report-chart__bar report-chart__bar--negative" : "report-chart__bar"}
            />
            <text x={LABEL_WIDTH + length + 6} y={y + ROW / 2 + 4} className="report-chart__value">
              {bar.display}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
