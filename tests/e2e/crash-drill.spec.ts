import { expect, test } from "@playwright/test";
import { runCrashDrill, type CrashDrillOptions } from "../../bench/crash-drill";

// The crash drill's short form (issue 19, drill 1; the full one is `npm run drill:crash`, docs/reliability.md): a small
// bid storm during which the built app is killed with SIGKILL twice and started again. No accepted bid is lost, no
// refused one is written, the ledger's invariants hold, every item due closes, and the outbox sends what a killed
// process had claimed once its lease runs out. One engine after the other, to keep the load on the machine small.
// The suite runs it on PostgreSQL; on PGlite (a minute and a half) it runs in `npm run test:long` (docs/testing.md):
// what the drill proves of the app is the same on both, and what differs, the engine's own durability, changes with
// an upgrade of the engine, not with the app's code.
test.describe.configure({ mode: "serial" });

for (const engine of ["postgres", "pglite"] as const) {
  test(`a bid storm survives the app killed twice, on ${engine}${engine === "pglite" ? " @long" : ""}`, async () => {
    test.setTimeout(240_000);
    const options: CrashDrillOptions = {
      engine,
      adminUrl: process.env.E2E_POSTGRES_ADMIN_URL,
      bidders: 4,
      kills: 2,
      items: 8,
      processes: 1,
      upSeconds: [1, 3],
      // A lease shorter than the server's 30 s, so the messages a kill left claimed are sent again sooner: the same
      // hand-over, 25 s less waiting (docs/testing.md).
      outboxLeaseSeconds: 5,
      log: (line) => console.log(line),
    };
    const result = await runCrashDrill(options);
    expect(result.failures).toEqual([]);
    expect(result.answers.accepted).toBeGreaterThan(0);
    expect(result.closing.closed).toBe(result.closing.due);
    expect(result.outbox.messages).toBeGreaterThan(0);
  });
}
