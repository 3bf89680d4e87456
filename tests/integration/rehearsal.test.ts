// Issue 35: a small gala evening played against the built app (`npm run rehearse`, bench/rehearse.ts), on this
// project's engine: registration and check-in, the silent auction on streaming phones, the live auction, the paddle
// raise, the raffle, gifts, the close and checkout, all through the app's HTTP forms, streams and the payment
// sandbox's webhooks. The rehearsal's invariants are this test's assertions. It needs `npm run build` first.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, inject, it } from "vitest";
import type { RehearsalReport } from "../../bench/rehearse/report";

const run = promisify(execFile);

it("plays a small evening with every invariant holding and no unexpected answer", { timeout: 120_000 }, async () => {
  const engine = process.env.TEST_DB_ENGINE === "postgres" ? "postgres" : "pglite";
  const folder = mkdtempSync(path.join(tmpdir(), "gavel-rehearsal-test-"));
  const json = path.join(folder, "report.json");
  try {
    const args = ["tsx", "bench/rehearse.ts", "--guests", "12", "--items", "6", "--speed", "200", "--engine", engine];
    await run("npx", [...args, "--json", json], {
      env: { ...process.env, DATABASE_URL: engine === "postgres" ? inject("postgresAdminUrl") : "" },
      maxBuffer: 16 * 1024 * 1024,
    }).catch((error: { stdout?: string; stderr?: string }) => {
      // An invariant that failed is read from the report below; anything else says what went wrong.
      if (!readReport(json)) throw new Error(`The rehearsal did not finish:\n${error.stderr}\n${error.stdout}`);
    });
    const report = readReport(json)!;
    expect(report.invariants.filter((check) => !check.holds)).toEqual([]);
    expect(report.errors).toEqual({});
    // The evening happened: each part of it acknowledged something.
    for (const kind of [
      "register: payment",
      "join the auction",
      "door: check in",
      "silent: bid",
      "live: floor bid",
      "live: hammer",
      "paddle raise: pledge",
      "raffle: sell",
      "raffle: draw",
      "checkout: charge all cards on file",
      "desk: a guest checked out",
    ])
      expect(
        Object.entries(report.actions)
          .filter(([name]) => name.startsWith(kind))
          .reduce((sum, [, entry]) => sum + entry.ok, 0),
        kind,
      ).toBeGreaterThan(0);
    expect(report.streams.deltas).toBeGreaterThan(0);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

function readReport(file: string): RehearsalReport | null {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as RehearsalReport;
  } catch {
    return null;
  }
}
