import { availableParallelism } from "node:os";
import path from "node:path";
import { configDefaults, defineConfig } from "vitest/config";
import { filesNeedingTheirOwnProcess } from "./tests/support/own-process-files";

const alias = {
  "~drizzle": path.resolve("drizzle"),
  "~": path.resolve("app"),
  // Remix's virtual module of the running build; tests get the app's route manifest through a stand-in.
  "@remix-run/dev/server-build": path.resolve("tests/support/server-build.ts"),
};

// Config is read once per run; tests must not write into the project's own data folder.
const env = {
  NODE_ENV: "test" as const,
  SESSION_SECRET: "test-session-secret-that-is-long-enough-0123456789",
  DATA_DIR: path.resolve("node_modules/.cache/gavel-test-data"),
  SEED_DEMO: "false",
};

// Vitest's default leaves a core to its main process (cores − 1 workers): one file at a time on a 2-core machine,
// while the main process, which only collects results, idles. Two workers there run the integration projects in
// 56–69% of the time (docs/testing.md).
const maxWorkers = Math.max(2, availableParallelism() - 1);

const ownProcess = filesNeedingTheirOwnProcess("tests/integration");

/**
 * The drills run on PostgreSQL in the suite, and on PGlite only in `npm run test:long` (the `drills-pglite` project):
 * what they prove of the app (no bad input writes, no organisation reaches another's data, no one locks the venue
 * out, a whole evening holds its invariants) is the same on both engines, which are the same PostgreSQL; the rest of
 * the suite covers the embedded engine's driver on every run. About a minute of the suite (docs/testing.md).
 */
const DRILLS = [
  "rehearsal",
  "tenancy-drill",
  "bad-input-drill",
  "bad-query-drill",
  "lockout-drill",
  "long-text-drill",
].map((drill) => `tests/integration/${drill}.test.ts`);

/**
 * An engine's integration files, in two projects run together (`--project 'integration-pglite*'`):
 * `integration-<engine>-shared`, sharing one module graph per worker (each file still gets a fresh database and
 * its own environment: tests/support/database-setup.ts, shared-graph-setup.ts), and `integration-<engine>`, a
 * process per file for those that mock a module (tests/support/own-process-files.ts) and for the benchmarks.
 */
const integration = (engine: "pglite" | "postgres", shared: boolean) => ({
  resolve: { alias },
  test: {
    name: shared ? `integration-${engine}-shared` : `integration-${engine}`,
    include: shared ? ["tests/integration/**/*.test.ts"] : ownProcess,
    exclude: [...configDefaults.exclude, ...(shared ? ownProcess : []), ...(engine === "pglite" ? DRILLS : [])],
    isolate: !shared,
    env: { ...env, TEST_DB_ENGINE: engine, TEST_SHARED_GRAPH: String(shared) },
    benchmark: { include: shared ? [] : ["bench/**/*.db.bench.ts"] },
    globalSetup:
      engine === "postgres" ? ["tests/support/postgres-global-setup.ts"] : ["tests/support/pglite-global-setup.ts"],
    setupFiles: [
      "tests/support/fail-on-console.ts",
      "tests/support/database-setup.ts",
      ...(shared ? ["tests/support/shared-graph-setup.ts"] : []),
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    maxWorkers,
  },
});

/** The drills alone, on one engine, for `npm run test:long` and `npm run drill:input`. */
function drillsOn(engine: "pglite" | "postgres") {
  const { test, ...rest } = integration(engine, true);
  return { ...rest, test: { ...test, name: `drills-${engine}`, include: DRILLS, exclude: configDefaults.exclude } };
}

export default defineConfig({
  resolve: { alias },
  test: {
    // Transformed modules kept on disk: the unit, PGlite and PostgreSQL runs of one `npm test` transform the app once
    // instead of three times.
    experimental: { fsModuleCache: true },
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.{ts,tsx}", "app/**/*.test.{ts,tsx}", "drizzle/**/*.test.ts"],
          env,
          setupFiles: ["tests/support/fail-on-console.ts"],
          // The default 5 s bounds a hang, not a speed: a CPU-heavy test (a year of time zone transitions) took 15 s
          // on a machine also running browsers, and passed. Speed is for bench/, never a timed test.
          testTimeout: 30_000,
          maxWorkers,
          benchmark: { include: ["bench/**/*.ui.bench.tsx"] },
        },
      },
      integration("pglite", false),
      integration("pglite", true),
      drillsOn("pglite"),
      integration("postgres", false),
      integration("postgres", true),
    ],
  },
});
