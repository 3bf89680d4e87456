// `npm test`: the whole suite — lint, type check, unit, integration (PGlite and PostgreSQL), build and
// end-to-end — with a summary at the end. Exits non-zero when any step fails.
import { spawnSync } from "node:child_process";

const steps = [
  { name: "lint (format, ESLint, import loops)", command: "npm", args: ["run", "--silent", "lint"] },
  { name: "type check", command: "npx", args: ["tsc", "--noEmit"] },
  { name: "unit tests", command: "npx", args: ["vitest", "run", "--project", "unit"] },
  { name: "integration tests (PGlite)", command: "npx", args: ["vitest", "run", "--project", "integration-pglite"] },
  {
    name: "integration tests (PostgreSQL)",
    command: "npx",
    args: ["vitest", "run", "--project", "integration-postgres"],
  },
  { name: "build", command: "npm", args: ["run", "build"] },
  { name: "end-to-end tests (Chromium)", command: "npx", args: ["playwright", "test"], needs: "build" },
];

const results = [];
for (const step of steps) {
  const prerequisite = step.needs && results.find((result) => result.name === step.needs);
  if (prerequisite && prerequisite.status !== "passed") {
    results.push({ name: step.name, status: "skipped", seconds: 0 });
    continue;
  }
  console.log(`\n━━ ${step.name} ━━`);
  const started = Date.now();
  const run = spawnSync(step.command, step.args, { stdio: "inherit", env: process.env });
  results.push({
    name: step.name,
    status: run.status === 0 ? "passed" : "FAILED",
    seconds: Math.round((Date.now() - started) / 1000),
  });
}

console.log("\n━━ summary ━━");
for (const result of results) console.log(`${result.status.padEnd(8)} ${result.name} (${result.seconds}s)`);
const failed = results.filter((result) => result.status !== "passed");
console.log(failed.length === 0 ? "\nAll checks passed." : `\n${failed.length} step(s) did not pass.`);
process.exit(failed.length === 0 ? 0 : 1);
