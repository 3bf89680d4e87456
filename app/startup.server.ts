/**
 * Start-up, awaited by entry.server when the server build loads (so before any request is served):
 * applies pending migrations, loads the demo organisation into an empty database, removes spent sign-in
 * records now and then, closes auction items when their time comes, sends
 * the outbox's messages, and on SIGTERM/SIGINT sends queued mail and closes the database so the process can exit.
 */
import { removeExpiredSignInRecords, SIGN_IN_RECORDS_CLEANUP_MS } from "./auth/cleanup.server";
import { startClosingScheduler } from "./bidding/closing-scheduler.server";
import { config } from "./config.server";
import { untilDatabaseAnswers } from "./db/wait-for-database.server";
import { connection } from "./db.server";
import { startDemoSandbox } from "./demo/sandbox/runtime.server";
import { seedDemo } from "./demo/seed.server";
import { queuedMailSent } from "./mail/mailer.server";
import { startReminderScheduler } from "./messages/reminders.server";
import { startOutboxWorker } from "./messages/worker.server";
import { outboxEnrichers } from "./outbox-enrichers.server";

declare global {
  var __gavelStarted: boolean | undefined;
}

async function start() {
  await untilDatabaseAnswers(() => connection.migrate());
  if (config.SEED_DEMO) {
    const demo = await seedDemo(connection.db);
    console.log(
      `${demo.created ? "Loaded the demo organisation" : "Demo organisation present"}. Sign in as ${demo.organiserEmail} ` +
        `(organiser) or ${demo.volunteerEmail} (volunteer) with the password ${demo.password} (see README "Demo").`,
    );
    // Cards and texts for the demo gala without a provider account, where the sandbox may run (embedded, local).
    await startDemoSandbox(connection.db);
  }
  if (!config.SMTP_URL) {
    console.log(
      "SMTP_URL is not set: emails (sign-up and password reset links) are written to this log instead of sent.",
    );
  }
  removeExpiredSignInRecords(connection.db);
  setInterval(() => removeExpiredSignInRecords(connection.db), SIGN_IN_RECORDS_CLEANUP_MS).unref();
  startClosingScheduler(connection.db);
  // Sends what the outbox holds (docs/decisions/023-messages-outbox.md); several processes share it safely.
  startOutboxWorker(connection.db, { enrichers: outboxEnrichers, leaseMs: config.OUTBOX_LEASE_SECONDS * 1000 });
  startReminderScheduler(connection.db);
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, async () => {
      console.log(`${signal} received: closing the database.`);
      try {
        await queuedMailSent();
        await connection.close();
      } finally {
        process.exit(0);
      }
    });
  }
}

export async function startServer() {
  // Development rebuilds load the build again; the database and the signal handlers stay from the first load.
  if (globalThis.__gavelStarted) return;
  globalThis.__gavelStarted = true;
  try {
    await start();
  } catch (error) {
    console.error("Gavel could not start:", error);
    process.exit(1);
  }
}
