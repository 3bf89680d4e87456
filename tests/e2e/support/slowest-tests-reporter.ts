/**
 * Prints the slowest tests when the run ends, with their time and status: where the suite's minutes go, read from any
 * run's log, CI's included (docs/testing.md, "Where the time goes").
 *
 * With E2E_FAILURES_FILE set (scripts/test.mjs sets it), it also writes there a line per test that failed or passed
 * only on its retry, with its first error line: the suite's summary prints them last, so the tail of a long log, all
 * that CI keeps, says which tests failed and why.
 */
import { writeFileSync } from "node:fs";
import type { Reporter, TestCase, TestResult } from "@playwright/test/reporter";

const SHOWN = 12;

export default class SlowestTestsReporter implements Reporter {
  private readonly durations: { title: string; seconds: number; status: string }[] = [];
  private readonly failures = new Map<string, string>();

  onTestEnd(test: TestCase, result: TestResult) {
    const [, project, file, ...titles] = test.titlePath();
    const title = `[${project}] ${file} › ${titles.join(" › ")}`;
    this.durations.push({ title, seconds: result.duration / 1000, status: result.status });
    if (result.status !== "passed" && result.status !== "skipped") {
      const firstLine = stripColours(result.error?.message ?? result.status)
        .split("\n")
        .find((line) => line.trim());
      this.failures.set(
        title,
        `${title}, try ${result.retry + 1}, ${(result.duration / 1000).toFixed(0)} s: ${firstLine}`,
      );
    }
  }

  onEnd() {
    if (this.durations.length === 0) return;
    const total = this.durations.reduce((sum, { seconds }) => sum + seconds, 0);
    console.log(
      `\nThe ${SHOWN} slowest of ${this.durations.length} tests (${Math.round(total)} s of test time in all):`,
    );
    for (const { title, seconds, status } of this.durations.sort((a, b) => b.seconds - a.seconds).slice(0, SHOWN))
      console.log(`${seconds.toFixed(1).padStart(7)} s  ${status === "passed" ? "" : `${status}  `}${title}`);
    const failuresFile = process.env.E2E_FAILURES_FILE;
    if (failuresFile) writeFileSync(failuresFile, [...this.failures.values()].join("\n"));
  }

  printsToStdio() {
    return false;
  }
}

function stripColours(text: string) {
  // eslint-disable-next-line no-control-regex
  return text.replace(/\u001b\[[0-9;]*m/g, "");
}
