// `npm run test:e2e:stress -- [--repeat N] [--burners K] [files…]`: runs end-to-end files many times in a row on a
// machine kept busy, so that a test which depends on timing fails here rather than in CI. K processes spin on the
// CPU for the whole run (default 1: with two Playwright workers, the app server and Chromium, the two cores are
// oversubscribed, as on a shared CI machine). Without files it runs every file that uses live updates, drag and
// drop or two browser contexts at once. Builds first (the tests run the built app), then exits with Playwright's
// status.
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const FILES_THAT_RACE = [
  // Two stations or two people at once, and live updates between them.
  "tests/e2e/admin-team.spec.ts",
  "tests/e2e/bidding.spec.ts",
  "tests/e2e/billing.spec.ts",
  "tests/e2e/check-in.spec.ts",
  "tests/e2e/duel.spec.ts",
  "tests/e2e/live-auction.spec.ts",
  "tests/e2e/live-data-areas.spec.ts",
  "tests/e2e/monitors.spec.ts",
  "tests/e2e/organiser-workspace.spec.ts",
  "tests/e2e/paddle-raise.spec.ts",
  "tests/e2e/realtime-processes.spec.ts",
  "tests/e2e/registrants.spec.ts",
  "tests/e2e/silent-bids.spec.ts",
  // Drag and drop.
  "tests/e2e/seating.spec.ts",
];

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  if (at === -1) return fallback;
  const [, value] = args.splice(at, 2);
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0) throw new Error(`${name} takes a whole number, not “${value}”.`);
  return number;
};
const repeat = option("--repeat", 10);
const burners = option("--burners", 1);
const files = args.length > 0 ? args : FILES_THAT_RACE.filter((file) => existsSync(file));

const build = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
if (build.status !== 0) process.exit(build.status ?? 1);

const spinners = Array.from({ length: burners }, () =>
  spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" }),
);
const stopSpinners = () => spinners.forEach((spinner) => spinner.kill("SIGKILL"));
process.on("exit", stopSpinners);
process.on("SIGINT", () => process.exit(130));

console.log(`${files.length} file(s), each test ${repeat} times, with ${burners} busy process(es) beside them.`);
const started = Date.now();
const run = spawnSync(
  "npx",
  [
    "playwright",
    "test",
    ...files,
    "--repeat-each",
    String(repeat),
    "--retries",
    "0",
    "--trace",
    "retain-on-failure",
    "--project",
    "desktop",
  ],
  { stdio: "inherit" },
);
stopSpinners();
console.log(`Done in ${Math.round((Date.now() - started) / 1000)} s.`);
process.exit(run.status ?? 1);
