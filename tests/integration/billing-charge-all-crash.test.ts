// "Charge all cards on file" in a process that is killed (SIGKILL) while Stripe is charging a guest, then resumed
// from another process: every guest is charged exactly once. Two processes share the database, so this runs on
// PostgreSQL only (PGlite lives inside one process).
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, inject, it, vi } from "vitest";
import { latestChargeRun, processChargeRun, startChargeAll } from "~/billing/charge-all.server";
import { invoiceIdFor } from "~/billing/charges.server";
import { invoiceTotals } from "~/billing/invoice.server";
import { makeBillingEvent, makeWinner, saveCard, webhookReceiver } from "../support/billing";
import { testDatabase } from "../support/database";
import { makeUser } from "../support/people";
import { databaseUrl } from "../support/postgres-server";

const fake = await vi.hoisted(async () => {
  const { startStripeSandbox } = await import("~/demo/sandbox/stripe/server");
  const started = await startStripeSandbox();
  process.env.STRIPE_API_URL = started.url;
  process.env.SECRETS_KEY = "0123456789abcdef".repeat(4);
  return started;
});

const { db } = testDatabase();
let eventId = 0;
const receiver = await webhookReceiver(() => eventId);

afterAll(async () => {
  await receiver.close();
  await fake.close();
});

const onPostgres = process.env.TEST_DB_ENGINE === "postgres";

describe.skipIf(!onPostgres)("charge all, killed and resumed", () => {
  it("charges every guest exactly once", async () => {
    eventId = (await makeBillingEvent(db, receiver.url)).event_id;
    const staff = await makeUser(db);
    const guests = [
      await makeWinner(db, eventId, 10_000),
      await makeWinner(db, eventId, 20_000),
      await makeWinner(db, eventId, 30_000),
    ];
    const cards: NonNullable<Awaited<ReturnType<typeof saveCard>>>[] = [];
    for (const guest of guests) cards.push((await saveCard(eventId, guest.usrId))!);
    const { runId } = await startChargeAll(eventId, staff.usr_id);

    // Stripe charges the second guest but its answer never reaches the process: it is killed while waiting.
    fake.stallAnswersWhen((route, form) => route === "/v1/payment_intents" && form.customer === cards[1].customerId);
    const [{ name }] = (await db.execute(sql`select current_database() as name`)) as unknown as Array<{ name: string }>;
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "tests/support/charge-all-process.ts", String(eventId), String(runId)],
      {
        env: {
          ...process.env,
          NODE_ENV: "test",
          DATABASE_URL: databaseUrl(inject("postgresAdminUrl"), name),
          DATA_DIR: mkdtempSync(path.join(tmpdir(), "gavel-charge-all-")),
        },
        stdio: "ignore",
      },
    );
    const exited = new Promise((resolve) => child.on("exit", resolve));
    await vi.waitFor(
      () => {
        const seen = fake.requests.filter((request) => request.path === "/v1/payment_intents");
        expect(seen.length).toBe(2);
      },
      { timeout: 20_000, interval: 50 },
    );
    child.kill("SIGKILL");
    await exited;
    fake.stallAnswersWhen(null);
    expect((await latestChargeRun(eventId))!.guests.map((guest) => guest.status)).toEqual([
      "charged",
      "charging",
      "waiting",
    ]);

    // Resumed elsewhere: the second guest's stored key is sent again and replayed; the third is charged.
    await processChargeRun(eventId, runId);
    expect(await latestChargeRun(eventId)).toMatchObject({ finished: true, done: 3 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (const card of cards) {
      const charged = fake
        .events()
        .filter(
          (event) =>
            event.type === "payment_intent.succeeded" &&
            (event.data as { object: { customer: string } }).object.customer === card.customerId,
        );
      expect(charged).toHaveLength(1);
    }
    for (const guest of guests) {
      const invoiceId = (await invoiceIdFor(eventId, guest.usrId))!;
      expect((await invoiceTotals(db, invoiceId)).balance).toBe(0);
    }
  });
});
