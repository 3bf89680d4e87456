/**
 * The demo sandbox's switch (docs/decisions/037-demo-sandbox.md): whether this server may run the in-process
 * sandbox payment provider and text gateway at all, which events it serves, and where the SDKs reach it. Billing and
 * messages ask it which address their SDK calls go to; only app/demo/sandbox turns it on, at start-up.
 *
 * The sandbox's credentials are public (they are in this file): a sandbox key or account opens a provider only for an
 * event the running sandbox serves, and reaches no real provider anywhere else.
 */
import { config, type Config } from "~/config.server";
import type { IncomingMessage, ServerResponse } from "node:http";

/** The demo event's test secret key: not a Stripe key (Stripe's are longer), and refused on the settings screen. */
export const SANDBOX_STRIPE_KEY = "sk_test_gavel_demo_sandbox";
export const SANDBOX_STRIPE_PUBLISHABLE_KEY = "pk_test_gavel_demo_sandbox";
/** The demo's text account: Twilio's shape, a made-up SID, and a number of the 555 range no phone has. */
export const SANDBOX_TWILIO = {
  accountSid: "AC00000000000000000000000000de7a00",
  authToken: "gavel-demo-sandbox-token",
  from: "+15005550199",
} as const;

/** Where the hosted card pages are served, at the app's own origin (server.js mounts them). */
export const SANDBOX_PAGES_PATH = "/demo-sandbox";

export interface RunningSandbox {
  stripeApiUrl: string;
  twilioApiUrl: string;
  /** Answers a browser on a hosted page, its address relative to SANDBOX_PAGES_PATH. */
  handlePage(request: IncomingMessage, response: ServerResponse): void;
  /** The events whose cards, and whose texts, the sandbox carries. */
  cardEvents: Set<number>;
  textEvents: Set<number>;
}

declare global {
  var __gavelSandbox: RunningSandbox | undefined;
}

/**
 * Whether the sandbox may run on this server: only the README's explore command's setting, the embedded database
 * with the demo seeded, at a local address. A real deployment names its database (DATABASE_URL) or its host.
 */
export function sandboxAllowed(settings: Pick<Config, "DATABASE_URL" | "SEED_DEMO" | "APP_HOST"> = config): boolean {
  const localHost = /^(localhost|127\.0\.0\.1)(:\d+)?$/i.test(settings.APP_HOST);
  return !settings.DATABASE_URL && settings.SEED_DEMO && localHost;
}

/** Turns the sandbox on; refused on a server where it may not run. */
export function switchSandboxOn(sandbox: RunningSandbox, settings: Parameters<typeof sandboxAllowed>[0] = config) {
  if (!sandboxAllowed(settings))
    throw new Error(
      "The demo sandbox runs only on the embedded database with the demo seeded (SEED_DEMO) at localhost.",
    );
  globalThis.__gavelSandbox = sandbox;
}

/** The running sandbox, or null. */
export function runningSandbox(): RunningSandbox | null {
  return globalThis.__gavelSandbox ?? null;
}

/** The sandbox stops carrying an event (its organiser entered real keys or a real account). */
export function releaseFromSandbox(eventId: number, what: "cards" | "texts") {
  runningSandbox()?.[what === "cards" ? "cardEvents" : "textEvents"].delete(eventId);
}

/** Whether the event's cards go through the sandbox: every screen and receipt then says "Demo: no real money". */
export function cardsInSandbox(eventId: number): boolean {
  return runningSandbox()?.cardEvents.has(eventId) ?? false;
}

export function textsInSandbox(eventId: number): boolean {
  return runningSandbox()?.textEvents.has(eventId) ?? false;
}

export const isSandboxStripeKey = (key: string) => key === SANDBOX_STRIPE_KEY;

/**
 * Where the Stripe SDK sends an event's requests made with key: the sandbox for its key on an event it serves,
 * STRIPE_API_URL (or Stripe) for any other key, and nowhere ("off") for the sandbox's key on any other event.
 */
export function stripeApiFor(eventId: number, key: string): string | undefined | "off" {
  if (!isSandboxStripeKey(key)) return config.STRIPE_API_URL;
  return cardsInSandbox(eventId) ? runningSandbox()!.stripeApiUrl : "off";
}

/** Where the Twilio SDK sends an event's requests for accountSid, as stripeApiFor. */
export function twilioApiFor(eventId: number, accountSid: string): string | undefined | "off" {
  if (accountSid !== SANDBOX_TWILIO.accountSid) return config.TWILIO_API_URL;
  return textsInSandbox(eventId) ? runningSandbox()!.twilioApiUrl : "off";
}
