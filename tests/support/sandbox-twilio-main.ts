// Runs the demo's text gateway (app/demo/sandbox/twilio.ts) as a process of its own, for the end-to-end suite
// (Playwright starts it as a web server): the account is the suite's, the texts go to E2E_SMS_DIR.
import { startTwilioSandbox } from "~/demo/sandbox/twilio";

const sid = process.env.E2E_TWILIO_SID!;
const server = await startTwilioSandbox({
  port: Number(process.env.E2E_TWILIO_PORT),
  accounts: { [sid]: process.env.E2E_TWILIO_TOKEN! },
  numbers: { [sid]: [process.env.E2E_TWILIO_NUMBER!] },
  folder: process.env.E2E_SMS_DIR,
});
console.log(`[twilio] 127.0.0.1:${process.env.E2E_TWILIO_PORT} → ${process.env.E2E_SMS_DIR}`);
for (const signal of ["SIGTERM", "SIGINT"]) process.once(signal, () => server.close(() => process.exit(0)));
