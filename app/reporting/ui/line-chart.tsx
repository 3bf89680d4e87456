/**
 * A line chart over time drawn as SVG on the server (decision 027): one line per series, the first and last
 * labels under the axis, the largest value beside it, and moments marked on it (a dashed line and its name, e.g. the
 * rehearsal's faults). The table under it carries every number.
 */
import { useId } from "react";

export interface LineSeries {
  label: string;
  values: number[];
}

/** A moment marked on the chart: `at` is a position among the labels (0 the first; between two, a fraction). */
export interface LineMark {
  at: number;
  label: string;
}

const WIDTH = 640;
const HEIGHT = 240;
const LEFT = 96;
const BOTTOM = 28;
const TOP = 12;

export function LineChart({
  title,
  description,
  labels,
  series,
  format,
  marks = [],
}: {
  title: string;
  description: string;
  labels: string[];
  series: LineSeries[];
  format: (value: number) => string;
  marks?: LineMark[];
}) {
  const id = useId();
  const all = series.flatMap((line) => line.values);
  const largest = Math.max(1, ...all);
  const smallest = Math.min(0, ...all);
  const plotWidth = WIDTH - LEFT - 12;
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const x = (index: number) => LEFT + (labels.length <= 1 ? plotWidth / 2 : (index / (labels.length - 1)) * plotWidth);
  const y = (value: number) => TOP + plotHeight - ((value - smallest) / (largest - smallest)) * plotHeight;
  return (
    <svg
      className="report-chart"
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      preserveAspectRatio="xMinYMin meet"
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{description}</desc>
      <line x1={LEFT} y1={TOP} x2={LEFT} y2={TOP + plotHeight} className="report-chart__axis" />
      <line x1={LEFT} y1={y(0)} x2={LEFT + plotWidth} y2={y(0)} className="report-chart__axis" />
      <text x={LEFT - 6} y={TOP + 10} textAnchor="end" className="report-chart__label">
        {format(largest)}
      </text>
      <text x={LEFT - 6} y={y(0)} textAnchor="end" className="report-chart__label">
        {format(0)}
      </text>
      {labels.length > 0 ? (
        <>
          <text x={x(0)} y={HEIGHT - 8} className="report-chart__label">
            {labels[0]}
          </text>
          {labels.length > 1 ? (
            <text x={x(labels.length - 1)} y={HEIGHT - 8} textAnchor="end" className="report-chart__label">
              {labels[labels.length - 1]}
            </text>
          ) : null}
        </>
      ) : null}
      {marks.map((mark, index) => (
        <g key={`${mark.at}-${mark.label}`} className="report-chart__mark">
          <line x1={x(mark.at)} y1={TOP} x2={x(mark.at)} y2={TOP + plotHeight} />
          {/* Staggered down the chart so that marks close together keep their names apart. */}
          <text x={x(mark.at) + 4} y={TOP + 30 + (index % 4) * 14} className="report-chart__label">
            {mark.label}
          </text>
        </g>
      ))}
      {series.map((line, index) => (
        <g key={line.label} className={`report-chart__series report-chart__series--${index}`}>
          <polyline
            fill="none"
            points={line.values.map((value, at) => `${x(at).toFixed(1)},${y(value).toFixed(1)}`).join(" ")}
          />
          {line.values.length === 1 ? <circle cx={x(0)} cy={y(line.values[0])} r={4} /> : null}
        </g>
      ))}
      <g className="report-chart__legend">
        {series.map((line, index) => (
          <text key={line.label} x={LEFT + 8 + index * 160} y={TOP + 12} className={`report-chart__legend-${index}`}>
            ■ {line.label}
          </text>
        ))}
      </g>
    </svg>
  );
}
