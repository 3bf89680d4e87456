// A change's effect on the bid benchmarks, beside the build it changes (`npm run bench:compare -- <git ref> [script]`):
// builds <ref> in a worktree of its own, then runs the script (bench:bids unless named; bench:pglite too) on that
// build and on this checkout's, in turn, round after round, and gives each run's figures for the load spread over
// the items and the medians of each build. Runs taken in turn share the machine's moods: on the machines here one
// run's answers a second move by 5–10% from the next, more than most single changes do (docs/benchmarks.md, "Goal 2
// on a quiet machine"), so a change is judged on rounds, not on a run.
//
// Environment (defaults in brackets): BENCH_COMPARE_ROUNDS [3], and what the script itself reads (DATABASE_URL,
// BENCH_CLIENT, BENCH_SECONDS, BENCH_STREAMS, …), passed on to every run. This checkout is built first; the worktree
// is removed at the end.
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { spreadFigures, type SpreadFigures } from "./support/spread-figures";
import { envNumber, median } from "./support/stats";

const [ref, script = "bench:bids"] = process.argv.slice(2);
const ROUNDS = envNumber("BENCH_COMPARE_ROUNDS", 3);

function describe(figures: SpreadFigures): string {
  const notify = figures.shareWithNotify === null ? "" : ` (${figures.shareWithNotify}% with NOTIFY)`;
  const cpu = figures.appCpu === null ? "" : `, CPU app ${figures.appCpu}% / database ${figures.databaseCpu ?? "?"}%`;
  const transactions =
    figures.transactionsPerAnswer === null ? "" : `, ${figures.transactionsPerAnswer} transactions per answer`;
  return `${figures.answersPerSecond} answers/s, p50 ${figures.p50} / p99 ${figures.p99} ms, ${figures.share}% of the reference${notify}${cpu}${transactions}`;
}

/** Runs `npm run <script>` in `directory`; its whole output. */
function runBench(directory: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn("npm", ["run", "--silent", script], { cwd: directory, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk));
    child.on("error", reject);
    child.on("close", () => resolve(output));
  });
}

async function main() {
  if (!ref) throw new Error("Name the build to compare with: npm run bench:compare -- <git ref> [script]");
  const commit = execFileSync("git", ["rev-parse", "--verify", `${ref}^{commit}`], { encoding: "utf8" }).trim();
  const here = process.cwd();
  const there = mkdtempSync(path.join(tmpdir(), "gavel-compare-"));
  const builds = [
    {
      label: commit.startsWith(ref) ? ref : `${ref} (${commit.slice(0, 7)})`,
      directory: there,
      runs: [] as SpreadFigures[],
    },
    { label: "this checkout", directory: here, runs: [] as SpreadFigures[] },
  ];
  try {
    console.log(`Building this checkout, then ${ref} in ${there}`);
    execFileSync("npm", ["run", "--silent", "build"], { cwd: here, stdio: "ignore" });
    execFileSync("git", ["worktree", "add", "--detach", there, commit], { stdio: "ignore" });
    symlinkSync(path.join(here, "node_modules"), path.join(there, "node_modules"));
    execFileSync("npm", ["run", "--silent", "build"], { cwd: there, stdio: "ignore" });
    for (let round = 1; round <= ROUNDS; round += 1) {
      for (const build of builds) {
        const report = await runBench(build.directory);
        const figures = spreadFigures(report);
        if (!figures) throw new Error(`${build.label}: no spread load in ${script}'s report:\n${report.slice(-2000)}`);
        build.runs.push(figures);
        console.log(`round ${round}, ${build.label}: ${describe(figures)}`);
      }
    }
    console.log(`\nMedians of ${ROUNDS} round${ROUNDS === 1 ? "" : "s"} (${script}, the load spread over the items):`);
    const medians = builds.map((build) => ({
      build,
      answers: median(build.runs.map((run) => run.answersPerSecond)),
      p99: median(build.runs.map((run) => run.p99)),
      share: median(build.runs.map((run) => run.share)),
    }));
    // A median of an even number of runs is a mean of two: shown to a tenth, as the runs are.
    const tenth = (value: number) => Math.round(value * 10) / 10;
    for (const { build, answers, p99, share } of medians)
      console.log(
        `  ${build.label}: ${tenth(answers)} answers/s, p99 ${tenth(p99)} ms, ${tenth(share)}% of the reference`,
      );
    const [before, after] = medians;
    const change = (a: number, b: number) => `${b >= a ? "+" : ""}${(((b - a) / a) * 100).toFixed(1)}%`;
    console.log(
      `  this checkout against ${ref}: answers/s ${change(before.answers, after.answers)}, p99 ${change(before.p99, after.p99)}`,
    );
  } finally {
    execFileSync("git", ["worktree", "remove", "--force", there], { stdio: "ignore" });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
