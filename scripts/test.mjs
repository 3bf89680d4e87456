// `npm test`: the whole suite — lint, type check, unit, integration (PGlite and PostgreSQL), build and
// end-to-end — with a summary at the end. Exits non-zero when any step fails.
//
// Steps of one stage run at the same time: lint, the type check and the build each keep one core busy, so on a
// 2-core machine they take the longest one's time instead of their sum (docs/testing.md). The output of a step that
// runs beside others is held until it ends, so that the log reads one step after another.
//
// CI keeps only the tail of a log, so the summary ends with the tests that failed, each with its first error line: each
// test step writes them to a file of its own (Vitest's JSON report, the end-to-end run's reporter) that is read here.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const reports = mkdtempSync(path.join(tmpdir(), "gavel-test-reports-"));
const vitestFailures = (name) => ({ vitestReport: path.join(reports, `${name}.json`) });

const stages = [
  [
    { name: "lint (format, ESLint, import loops)", command: "npm", args: ["run", "--silent", "lint"] },
    { name: "type check", command: "npx", args: ["tsc", "--noEmit"] },
    { name: "build", command: "npm", args: ["run", "build"] },
  ],
  [{ name: "unit tests", command: "npx", args: ["vitest", "run", "--project", "unit"], ...vitestFailures("unit") }],
  // The two engines' integration runs at the same time: PGlite's keeps both cores busy, PostgreSQL's about half of
  // them (its tests wait on the server's answers), so together they take less than one after the other.
  [
    {
      name: "integration tests (PGlite)",
      command: "npx",
      args: ["vitest", "run", "--project", "integration-pglite*"],
      ...vitestFailures("pglite"),
    },
    {
      name: "integration tests (PostgreSQL)",
      command: "npx",
      args: ["vitest", "run", "--project", "integration-postgres*"],
      ...vitestFailures("postgres"),
    },
  ],
  [
    {
      name: "end-to-end tests (Chromium)",
      command: "npx",
      args: ["playwright", "test"],
      needs: "build",
      failuresFile: path.join(reports, "e2e.txt"),
    },
  ],
];

/** The step's failed tests, a line each, from the report it wrote. */
function failedTests(step) {
  if (step.failuresFile && existsSync(step.failuresFile))
    return readFileSync(step.failuresFile, "utf8").split("\n").filter(Boolean);
  if (!step.vitestReport || !existsSync(step.vitestReport)) return [];
  const report = JSON.parse(readFileSync(step.vitestReport, "utf8"));
  const lines = [];
  for (const file of report.testResults ?? []) {
    const where = path.relative(process.cwd(), file.name);
    const failed = (file.assertionResults ?? []).filter((test) => test.status === "failed");
    for (const test of failed) lines.push(`${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    // A file that failed to load has no failed test of its own.
    if (failed.length === 0 && file.status === "failed") lines.push(`${where}: ${firstLine(file.message)}`);
  }
  return lines;
}

// eslint-disable-next-line no-control-regex -- the escape that starts a terminal colour.
const colours = /\u001b\[[0-9;]*m/g;

function firstLine(text = "") {
  return (
    text
      .replace(colours, "")
      .split("\n")
      .find((line) => line.trim()) ?? ""
  ).slice(0, 300);
}

/** Runs a step; beside others, its output is kept and printed when it ends. */
function run(step, alone) {
  return new Promise((resolve) => {
    const started = Date.now();
    if (alone) console.log(`\n━━ ${step.name} ━━`);
    const args = step.vitestReport
      ? [...step.args, "--reporter=default", "--reporter=json", `--outputFile.json=${step.vitestReport}`]
      : step.args;
    const child = spawn(step.command, args, {
      stdio: alone ? "inherit" : ["ignore", "pipe", "pipe"],
      env: step.failuresFile ? { ...process.env, E2E_FAILURES_FILE: step.failuresFile } : process.env,
    });
    const output = [];
    child.stdout?.on("data", (chunk) => output.push(chunk));
    child.stderr?.on("data", (chunk) => output.push(chunk));
    child.on("close", (code) => {
      if (!alone) {
        console.log(`\n━━ ${step.name} ━━`);
        process.stdout.write(Buffer.concat(output));
      }
      resolve({
        name: step.name,
        status: code === 0 ? "passed" : "FAILED",
        seconds: Math.round((Date.now() - started) / 1000),
        failedTests: code === 0 ? [] : failedTests(step),
      });
    });
  });
}

const results = [];
for (const stage of stages) {
  const runnable = [];
  for (const step of stage) {
    const prerequisite = step.needs && results.find((result) => result.name === step.needs);
    if (prerequisite && prerequisite.status !== "passed")
      results.push({ name: step.name, status: "skipped", seconds: 0 });
    else runnable.push(step);
  }
  const started = Date.now();
  results.push(...(await Promise.all(runnable.map((step) => run(step, runnable.length === 1)))));
  if (runnable.length > 1)
    console.log(`\n(these ${runnable.length} steps ran together in ${Math.round((Date.now() - started) / 1000)}s)`);
}

console.log("\n━━ summary ━━");
for (const result of results) console.log(`${result.status.padEnd(8)} ${result.name} (${result.seconds}s)`);
for (const result of results.filter((result) => result.failedTests?.length)) {
  console.log(`\n${result.name}, the tests that failed:`);
  for (const line of result.failedTests) console.log(`  ${line}`);
}
const failed = results.filter((result) => result.status !== "passed");
console.log(failed.length === 0 ? "\nAll checks passed." : `\n${failed.length} step(s) did not pass.`);
process.exit(failed.length === 0 ? 0 : 1);
