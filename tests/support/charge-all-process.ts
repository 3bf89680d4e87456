// A process of its own that works through a "charge all" run (node --import tsx, argv: eventId runId), so a test can
// kill it mid-way as a crash would (tests/integration/billing-charge-all-crash.test.ts). Its configuration comes
// from the environment the test gives it: DATABASE_URL, STRIPE_API_URL, SECRETS_KEY.
const [eventId, runId] = process.argv.slice(2).map(Number);
const { processChargeRun } = await import("~/billing/charge-all.server");
await processChargeRun(eventId, runId);
process.exit(0);

export {};
