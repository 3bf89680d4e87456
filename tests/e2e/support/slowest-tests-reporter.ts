/**
 * Prints the slowest tests when the run ends, with their time and status: where the suite's minutes go, read from any
 * run's log, CI's included (docs/testing.md, "Where the time goes").
 */
import type { Reporter, TestCase, TestResult } from "@playwright/test/reporter";

const SHOWN = 12;

export default class SlowestTestsReporter implements Reporter {
  private readonly durations: { title: string; seconds: number; status: string }[] = [];

  onTestEnd(test: TestCase, result: TestResult) {
    const [, project, file, ...titles] = test.titlePath();
    this.durations.push({
      title: `[${project}] ${file} › ${titles.join(" › ")}`,
      seconds: result.duration / 1000,
      status: result.status,
    });
  }

  onEnd() {
    if (this.durations.length === 0) return;
    const total = this.durations.reduce((sum, { seconds }) => sum + seconds, 0);
    console.log(
      `\nThe ${SHOWN} slowest of ${this.durations.length} tests (${Math.round(total)} s of test time in all):`,
    );
    for (const { title, seconds, status } of this.durations.sort((a, b) => b.seconds - a.seconds).slice(0, SHOWN))
      console.log(`${seconds.toFixed(1).padStart(7)} s  ${status === "passed" ? "" : `${status}  `}${title}`);
  }

  printsToStdio() {
    return false;
  }
}
