/** Small numeric helpers the benchmarks share. */
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function percentile(sorted: Float64Array | number[], p: number) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
}

export function summary(values: number[]) {
  const sorted = Float64Array.from(values).sort();
  return {
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    max: sorted[sorted.length - 1] ?? NaN,
  };
}

/** The middle value; the mean of the two middle ones when there is an even number. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : "–");

/** A positive number (a whole one if `whole`) from the environment variable `name`, or `fallback` when it is unset. */
export function envNumber(name: string, fallback: number, { whole = false } = {}) {
  const value = Number(process.env[name] ?? fallback);
  const fits = whole ? Number.isInteger(value) : Number.isFinite(value);
  if (!fits || value <= 0) throw new Error(`${name} must be a positive ${whole ? "whole " : ""}number`);
  return value;
}
