/**
 * Data for the billing end-to-end tests, written with the app's own modules (decision 020): an organiser's event
 * with test keys saved at the fake Stripe (its webhooks come back to the app under test), a silent auction that asks
 * for a card on file, and guests who sign in with a password, hold a paddle, and have won something.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { hashPassword } from "~/auth/password.server";
import {
  auction_item,
  event,
  registration,
  silent_auction,
  usr,
  usr_event_paddle,
  usr_password,
  winner,
} from "~drizzle/schema";
import { makeOrganiser, type Organiser, type Person } from "./galas";
import type { Database } from "~/db/connection.server";

const HOUR = 3_600_000;

export interface BillingGala extends Organiser {
  itemId: number;
}

/**
 * Saving keys goes through the app's billing module (it seals them and registers the webhook at the fake Stripe),
 * which uses the app's database handle and configuration: playwright.config.ts points this worker's at the run's
 * database and the app server's settings (DATABASE_URL, DATA_DIR, SECRETS_KEY and STRIPE_API_URL).
 */
async function billingModule() {
  return import("~/billing/settings.server");
}

/** The organiser's event with card payments on (test keys), a live silent auction with one item, cards asked for. */
export async function makeBillingGala(db: Database, appUrl: string): Promise<BillingGala> {
  const { saveBillingSettings } = await billingModule();
  const organiser = await makeOrganiser(db);
  const eventId = organiser.eventId;
  await saveBillingSettings(
    eventId,
    {
      mode: "test",
      test_publishable_key: "pk_test_e2e",
      test_secret_key: `sk_test_e2e_${randomBytes(6).toString("hex")}`,
      live_publishable_key: null,
      live_secret_key: null,
      currency: "USD",
      cover_fee_enabled: false,
      fee_basis_points: 290,
      fee_fixed: 30,
      receipt_text: "Thank you for bidding.",
      tax_id: "12-3456789",
      checkout_opens_at: null,
      checkout_closes_at: null,
    },
    `${appUrl}/billing/stripe-webhook/${eventId}`,
  );
  const now = Date.now();
  const [silent] = await db
    .insert(silent_auction)
    .values({ start_date_time: new Date(now - HOUR), end_date_time: new Date(now + 2 * HOUR) })
    .returning();
  const [form] = await db.insert(registration).values({ store_card: true }).returning();
  await db
    .update(event)
    .set({
      silent_auction_id: silent.silent_auction_id,
      is_silent_auction_enabled: true,
      is_silent_auction_testing: false,
      registration_id: form.registration_id,
    })
    .where(eq(event.event_id, eventId));
  const [item] = await db
    .insert(auction_item)
    .values({
      event_id: eventId,
      title: "Weekend in Napa",
      type: "silent",
      status: "published",
      starting_bid: 10_000,
      increment: 1_000,
      value: 25_000,
    })
    .returning({ id: auction_item.auction_item_id });
  return { ...organiser, itemId: item.id };
}

export interface Guest extends Person {
  usrId: number;
  paddle: number;
  name: string;
}

let paddles = 500;

/** A guest with a password and a paddle at the event. */
export async function makeGuest(db: Database, eventId: number, first: string): Promise<Guest> {
  const tag = randomBytes(4).toString("hex");
  const password = `guest password ${tag}`;
  const [person] = await db
    .insert(usr)
    .values({ email_address: `${first.toLowerCase()}.${tag}@example.test`, first_name: first, last_name: "Guest" })
    .returning({ id: usr.usr_id, email: usr.email_address });
  await db.insert(usr_password).values({ usr_id: person.id, password_hash: await hashPassword(password) });
  const paddle = paddles++;
  await db.insert(usr_event_paddle).values({ usr_id: person.id, event_id: eventId, paddle });
  return { email: person.email, password, usrId: person.id, paddle, name: `${first} Guest` };
}

/** The guest wins an item of the event at `amount` (cents), as closing the auction records it. */
export async function winItem(db: Database, eventId: number, guest: Guest, title: string, amount: number) {
  const [item] = await db
    .insert(auction_item)
    .values({ event_id: eventId, title, type: "silent", status: "published", value: 10_000, closed_at: new Date() })
    .returning({ id: auction_item.auction_item_id });
  await db
    .insert(winner)
    .values({ event_id: eventId, auction_item_id: item.id, usr_id: guest.usrId, paddle: guest.paddle, amount });
}
