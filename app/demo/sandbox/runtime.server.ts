/**
 * Starts the demo's sandbox inside the app (docs/decisions/037-demo-sandbox.md): the Stripe sandbox and the text
 * gateway listen on loopback ports for the SDKs, the card pages are served at the app's own origin, and the demo gala
 * gets the sandbox's key and text account, unless its organiser has entered real ones. Texts land in /dev/mailbox, and
 * the gala's leading bidders are told of an outbid by text too, so that outbidding one shows an outbid text there.
 */
import { and, eq, sql } from "drizzle-orm";
import { selectRows } from "~/db/rows.server";
import { keepTextInDevelopmentMailbox } from "~/mail/development-mailbox.server";
import { messageOrigin } from "~/messages/links.server";
import { stripeProvider } from "~/payments/stripe-provider.server";
import {
  SANDBOX_PAGES_PATH,
  SANDBOX_STRIPE_KEY,
  SANDBOX_STRIPE_PUBLISHABLE_KEY,
  SANDBOX_TWILIO,
  sandboxAllowed,
  switchSandboxOn,
} from "~/sandbox/switch.server";
import { openSecret, sealSecret } from "~/security/secret-box.server";
import { billing_settings, card_on_file, client, event, message_preference, message_settings } from "~drizzle/schema";
import { DEMO_CLIENT_SLUG, DEMO_GALA_SLUG } from "../seed.server";
import { startStripeSandbox } from "./stripe/server";
import { startTwilioSandbox } from "./twilio";
import type { Database } from "~/db/connection.server";

/** Starts the sandbox where it may run; says in the log what it did. */
export async function startDemoSandbox(db: Database): Promise<void> {
  if (!sandboxAllowed()) return;
  const origin = messageOrigin();
  const stripe = await startStripeSandbox({ pagesUrl: `${origin}${SANDBOX_PAGES_PATH}` });
  const gateway = await startTwilioSandbox({
    accounts: { [SANDBOX_TWILIO.accountSid]: SANDBOX_TWILIO.authToken },
    numbers: { [SANDBOX_TWILIO.accountSid]: [SANDBOX_TWILIO.from] },
    onText: (text) => keepTextInDevelopmentMailbox({ to: text.to, from: text.from, body: text.body }),
  });
  const address = gateway.address();
  const sandbox = {
    stripeApiUrl: stripe.url,
    twilioApiUrl: `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`,
    handlePage: stripe.handlePage,
    cardEvents: new Set<number>(),
    textEvents: new Set<number>(),
  };
  switchSandboxOn(sandbox);
  const eventId = await demoGalaId(db);
  if (eventId === null) return;
  if (await connectCards(db, eventId, stripe.url, origin)) sandbox.cardEvents.add(eventId);
  if (await connectTexts(db, eventId)) sandbox.textEvents.add(eventId);
  console.log(
    `Demo sandbox: the demo gala takes ${sandbox.cardEvents.size ? "sandbox cards (no real money)" : "its own Stripe keys"} ` +
      `and sends ${sandbox.textEvents.size ? "sandbox texts to /dev/mailbox" : "texts through its own account"}.`,
  );
}

async function demoGalaId(db: Database): Promise<number | null> {
  const [found] = await db
    .select({ eventId: event.event_id })
    .from(event)
    .innerJoin(client, eq(client.client_id, event.client_id))
    .where(and(eq(client.slug, DEMO_CLIENT_SLUG), eq(event.slug, DEMO_GALA_SLUG)));
  return found?.eventId ?? null;
}

/**
 * Gives the demo gala the sandbox's test key, with a webhook registered afresh (the sandbox starts empty with each
 * process), and forgets its sandbox cards on file. Never over keys of the organiser's own: then the gala stays as
 * they set it.
 */
async function connectCards(db: Database, eventId: number, apiUrl: string, origin: string): Promise<boolean> {
  const [row] = await db.select().from(billing_settings).where(eq(billing_settings.event_id, eventId));
  const testKey = openSecret(row?.test_secret_key_encrypted ?? null, eventId);
  if (row?.live_secret_key_encrypted || (testKey !== null && testKey !== SANDBOX_STRIPE_KEY)) return false;
  if (row?.test_secret_key_encrypted && testKey === null) return false;
  const { secret } = await stripeProvider(SANDBOX_STRIPE_KEY, apiUrl).registerWebhook(
    `${origin}/billing/stripe-webhook/${eventId}`,
  );
  const keys = {
    mode: "test",
    test_publishable_key: SANDBOX_STRIPE_PUBLISHABLE_KEY,
    test_secret_key_encrypted: sealSecret(SANDBOX_STRIPE_KEY, eventId),
    test_secret_key_last4: SANDBOX_STRIPE_KEY.slice(-4),
    test_webhook_secret_encrypted: sealSecret(secret, eventId),
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(billing_settings)
      .values({ event_id: eventId, ...keys })
      .onConflictDoUpdate({ target: billing_settings.event_id, set: keys });
    // The sandbox starts empty: cards saved with the last one are unknown to it, so the gala's guests save them again
    // rather than see a card on file that every charge would refuse.
    await tx.delete(card_on_file).where(eq(card_on_file.event_id, eventId));
  });
  return true;
}

/** Gives the demo gala the sandbox's text account, confirmed, unless its organiser entered another. */
async function connectTexts(db: Database, eventId: number): Promise<boolean> {
  const [row] = await db.select().from(message_settings).where(eq(message_settings.event_id, eventId));
  if (row?.twilio_account_sid && row.twilio_account_sid !== SANDBOX_TWILIO.accountSid) return false;
  const account = {
    twilio_account_sid: SANDBOX_TWILIO.accountSid,
    twilio_auth_token_encrypted: sealSecret(SANDBOX_TWILIO.authToken, eventId),
    twilio_from_number: SANDBOX_TWILIO.from,
    twilio_verified_at: new Date(),
  };
  await db
    .insert(message_settings)
    .values({ event_id: eventId, ...account })
    .onConflictDoUpdate({ target: message_settings.event_id, set: account });
  await leadersTakeTexts(db, eventId);
  return true;
}

/**
 * The gala's bidders who lead an item and have a phone are told of an outbid by text as well as mail, unless they
 * chose otherwise: a newcomer who outbids one of them sees the text arrive in /dev/mailbox.
 */
async function leadersTakeTexts(db: Database, eventId: number) {
  const leaders = await selectRows<{ usr_id: number }>(
    db,
    sql`select distinct b.usr_id from bid b
      join auction_item i on i.auction_item_id = b.auction_item_id
      join usr u on u.usr_id = b.usr_id
      where i.event_id = ${eventId} and b.status = 'winning' and u.phone is not null`,
  );
  if (leaders.length === 0) return;
  await db
    .insert(message_preference)
    .values(leaders.map(({ usr_id }) => ({ usr_id, event_id: eventId, outbid_channel: "both", text_consent: true })))
    .onConflictDoNothing();
}
