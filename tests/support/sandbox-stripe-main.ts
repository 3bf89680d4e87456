// Runs the demo's Stripe sandbox (app/demo/sandbox/stripe) as a process of its own, for the end-to-end suite
// (Playwright starts it as a web server) on FAKE_STRIPE_PORT (12111).
import { startStripeSandbox } from "~/demo/sandbox/stripe/server";

const sandbox = await startStripeSandbox({ port: Number(process.env.FAKE_STRIPE_PORT ?? 12111) });
console.log(`Stripe sandbox listening at ${sandbox.url}`);
const stop = () => void sandbox.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
