// Runs the fake Stripe as a process of its own (Playwright starts it as a web server) on FAKE_STRIPE_PORT (12111).
import { startFakeStripe } from "./server";

const fake = await startFakeStripe({ port: Number(process.env.FAKE_STRIPE_PORT ?? 12111) });
console.log(`Fake Stripe listening at ${fake.url}`);
const stop = () => void fake.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
