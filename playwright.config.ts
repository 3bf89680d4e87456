/**
 * End-to-end tests: Chromium's headless shell (Debian's package; Playwright never downloads a browser here) against the
 * built app, started by Playwright on a free port with a fresh PostgreSQL database (DATABASE_URL's server, or a
 * throwaway one), beside local stand-ins for the services it talks to: an OpenID Connect provider in place of Google,
 * an SMTP server, and a fake Twilio gateway. Each test makes its own data (tests/e2e/support/fixtures.ts), so the tests run in parallel
 * workers in any order (docs/decisions/020-e2e-isolation.md). Run `npm run build` first (npm test does).
 */
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { createRunDatabase } from "./tests/e2e/support/database";
import { freePorts } from "./tests/support/free-port";

// Chromium's headless shell where it is installed: the same engine without the whole browser around it, the suite's
// end-to-end stage took 38% less time on it (docs/testing.md, "The headless shell"); else Chromium itself.
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const chromium = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");
if (!existsSync(chromium)) {
  throw new Error(
    `The end-to-end tests need Chromium at ${chromium}. Install it (Debian/Ubuntu: apt-get install -y ` +
      "chromium-headless-shell, or chromium) or set CHROMIUM_PATH to a Chromium or Chrome binary.",
  );
}
if (!existsSync("build/index.js"))
  throw new Error("No build/index.js: run `npm run build` before the end-to-end tests.");

// The config is evaluated again in each worker process; the values chosen here reach them through the environment.
// Five ports: the app, the OpenID Connect provider standing in for Google, the SMTP server, the fake Twilio and the
// fake Stripe.
const [appPort, oidcPort, smtpPort, twilioPort, stripePort] = process.env.E2E_PORT ? [] : await freePorts(5);
process.env.E2E_PORT ??= String(appPort);
process.env.E2E_OIDC_PORT ??= String(oidcPort);
process.env.E2E_SMTP_PORT ??= String(smtpPort);
process.env.E2E_TWILIO_PORT ??= String(twilioPort);
process.env.E2E_SMS_DIR ??= mkdtempSync(path.join(tmpdir(), "gavel-e2e-sms-"));
// The fake Twilio account that tests enter on /admin/setup/texting (tests/e2e/support/texts.ts).
process.env.E2E_TWILIO_SID ??= "AC0123456789abcdef0123456789abcdef";
process.env.E2E_TWILIO_TOKEN ??= "e2e-twilio-auth-token";
// The number the fake account owns (Gavel asks Twilio to confirm it when texting settings are saved).
process.env.E2E_TWILIO_NUMBER ??= "+16175550000";
process.env.E2E_STRIPE_PORT ??= String(stripePort);
// The app and the workers (whose fixtures save billing settings with the app's own modules) share these.
process.env.SECRETS_KEY ??= "e2e0".repeat(16);
process.env.STRIPE_API_URL ??= `http://127.0.0.1:${process.env.E2E_STRIPE_PORT}`;
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "gavel-e2e-"));
process.env.E2E_MAIL_DIR ??= mkdtempSync(path.join(tmpdir(), "gavel-e2e-mail-"));
if (!process.env.E2E_DATABASE_URL) await createRunDatabase();
// A spec that imports the app's modules opens the app's own database handle (app/db.server.ts) in its worker, on
// first import: it must be the run's database, never an empty embedded one in DATA_DIR, nor the server DATABASE_URL
// named for the suite to make databases on (a worker that opened the wrong one failed the next spec's setup).
process.env.DATABASE_URL = process.env.E2E_DATABASE_URL;
process.env.DATA_DIR = process.env.E2E_DATA_DIR;
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;
const longRun = process.env.E2E_LONG === "1";
const oidcIssuer = `http://127.0.0.1:${process.env.E2E_OIDC_PORT}`;
const oidcClient = { id: "gavel-e2e", secret: "gavel-e2e-client-secret" };

export default defineConfig({
  testDir: "tests/e2e",
  globalTeardown: "tests/e2e/support/teardown.ts",
  fullyParallel: true,
  // Two cores: the app server, Chromium and the tests share them (measured in docs/decisions/020-e2e-isolation.md).
  workers: 2,
  // A failed test runs once more, recording its trace then (below), and the run still fails: a test that passes only
  // on its second try is reported as flaky and fails the run as a failure would.
  retries: 1,
  failOnFlakyTests: true,
  forbidOnly: true,
  reporter: [["list"], ["./tests/e2e/support/slowest-tests-reporter.ts"]],
  // A test is a whole story (sign in, make, change, check in another browser): 15–27 s alone for the longest, and the
  // stress run (`npm run test:e2e:stress`, a busy process beside two workers) timed two of them out at 30 s with every
  // step on time. Expectations wait for states; this only bounds a test that hangs.
  timeout: 60_000,
  // Two workers share the two cores with the app server: a screen's first visit, loading its scripts and styles, can
  // take longer than Playwright's default 5 s.
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    // Recording a trace of every test cost about a quarter of the stage's CPU (Chromium's snapshots and screencast,
    // and the workers writing them; docs/testing.md), so only a failed test's second run records one.
    trace: "on-first-retry",
    launchOptions: {
      executablePath: chromium,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  // `npm run test:long` (E2E_LONG=1) runs only the tests tagged @long, the soaks whose figures are benchmarks
  // (docs/testing.md), and the screens' look with its screenshots (@look); the suite runs everything else, and @look
  // without screenshots.
  projects: longRun
    ? [{ name: "desktop", use: { ...devices["Desktop Chrome"], channel: undefined }, grep: /@long|@look/ }]
    : [
        { name: "desktop", use: { ...devices["Desktop Chrome"], channel: undefined }, grepInvert: /@long/ },
        { name: "phone", use: { ...devices["Pixel 7"], channel: undefined }, grep: /@phone/, grepInvert: /@long/ },
      ],
  webServer: [
    {
      // Stands in for Google: the app's GOOGLE_* endpoints point here.
      command: "node tests/e2e/support/oidc-provider.mjs",
      url: `${oidcIssuer}/.well-known/openid-configuration`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        E2E_OIDC_PORT: process.env.E2E_OIDC_PORT,
        E2E_OIDC_CLIENT_ID: oidcClient.id,
        E2E_OIDC_CLIENT_SECRET: oidcClient.secret,
        E2E_OIDC_REDIRECT_URI: `${baseURL}/auth/google/callback`,
      },
    },
    {
      // Receives the app's mail into E2E_MAIL_DIR (tests/e2e/support/mail.ts reads it).
      command: "node tests/e2e/support/smtp-sink.mjs",
      port: Number(process.env.E2E_SMTP_PORT),
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: { E2E_SMTP_PORT: process.env.E2E_SMTP_PORT, E2E_MAIL_DIR: process.env.E2E_MAIL_DIR },
    },
    {
      // The demo's text gateway (app/demo/sandbox/twilio.ts) stands in for Twilio: the SDK in the app sends here (TWILIO_API_URL); texts go to E2E_SMS_DIR.
      command: "node --import tsx tests/support/sandbox-twilio-main.ts",
      port: Number(process.env.E2E_TWILIO_PORT),
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        E2E_TWILIO_PORT: process.env.E2E_TWILIO_PORT,
        E2E_SMS_DIR: process.env.E2E_SMS_DIR,
        E2E_TWILIO_SID: process.env.E2E_TWILIO_SID,
        E2E_TWILIO_TOKEN: process.env.E2E_TWILIO_TOKEN,
        E2E_TWILIO_NUMBER: process.env.E2E_TWILIO_NUMBER,
      },
    },
    {
      // The demo's Stripe sandbox (app/demo/sandbox/stripe) stands in for Stripe: the app's STRIPE_API_URL points here, and it posts signed
      // webhooks back to the app.
      command: "node --import tsx tests/support/sandbox-stripe-main.ts",
      url: `${process.env.STRIPE_API_URL}/health`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: { FAKE_STRIPE_PORT: process.env.E2E_STRIPE_PORT },
    },
    {
      command: "node server.js",
      url: `${baseURL}/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        NODE_ENV: "production",
        PORT: process.env.E2E_PORT,
        HOST: "127.0.0.1",
        DATA_DIR: process.env.E2E_DATA_DIR,
        DATABASE_URL: process.env.E2E_DATABASE_URL!,
        SESSION_SECRET: "e2e-session-secret-that-is-long-enough-0123456789",
        APP_HOST: "localhost",
        // Tests make their data; the demo's own names stay free for the copies support/galas.ts makes of it.
        SEED_DEMO: "false",
        GOOGLE_CLIENT_ID: oidcClient.id,
        GOOGLE_CLIENT_SECRET: oidcClient.secret,
        GOOGLE_AUTHORIZATION_URL: `${oidcIssuer}/auth`,
        GOOGLE_TOKEN_URL: `${oidcIssuer}/token`,
        GOOGLE_USERINFO_URL: `${oidcIssuer}/me`,
        SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
        MAIL_FROM: "Gavel <gavel@e2e.test>",
        SECRETS_KEY: process.env.SECRETS_KEY,
        STRIPE_API_URL: process.env.STRIPE_API_URL,
        // Messages: links lead back to this server; texts go to the fake Twilio; secrets are encrypted with a test key.
        PUBLIC_URL: baseURL,
        TWILIO_API_URL: `http://127.0.0.1:${process.env.E2E_TWILIO_PORT}`,
      },
    },
  ],
});
