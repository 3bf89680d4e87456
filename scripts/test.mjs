// `npm test`: the whole suite — lint, type check, unit, integration (PGlite and PostgreSQL), build and
// end-to-end — with a summary at the end. Exits non-zero when any step fails.
//
// Steps of one stage run at the same time: lint, the type check and the build each keep one core busy, so on a
// 2-core machine they take the longest one's time instead of their sum (docs/testing.md). The output of a step that
// runs beside others is held until it ends, so that the log reads one step after another.
import { spawn } from "node:child_process";

const stages = [
  [
    { name: "lint (format, ESLint, import loops)", command: "npm", args: ["run", "--silent", "lint"] },
    { name: "type check", command: "npx", args: ["tsc", "--noEmit"] },
    { name: "build", command: "npm", args: ["run", "build"] },
  ],
  [{ name: "unit tests", command: "npx", args: ["vitest", "run", "--project", "unit"] }],
  [{ name: "integration tests (PGlite)", command: "npx", args: ["vitest", "run", "--project", "integration-pglite*"] }],
  [
    {
      name: "integration tests (PostgreSQL)",
      command: "npx",
      args: ["vitest", "run", "--project", "integration-postgres*"],
    },
  ],
  [{ name: "end-to-end tests (Chromium)", command: "npx", args: ["playwright", "test"], needs: "build" }],
];

/** Runs a step; beside others, its output is kept and printed when it ends. */
function run(step, alone) {
  return new Promise((resolve) => {
    const started = Date.now();
    if (alone) console.log(`\n━━ ${step.name} ━━`);
    const child = spawn(step.command, step.args, {
      stdio: alone ? "inherit" : ["ignore", "pipe", "pipe"],
      env: process.env,
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
const failed = results.filter((result) => result.status !== "passed");
console.log(failed.length === 0 ? "\nAll checks passed." : `\n${failed.length} step(s) did not pass.`);
process.exit(failed.length === 0 ? 0 : 1);
