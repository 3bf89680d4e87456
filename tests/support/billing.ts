// Integration-test helpers for billing: an event with test keys saved (its webhooks posted by the fake Stripe to a
// local receiver that hands them to the app), guests who won things, and a card saved through the hosted page as
// a guest's browser would. The fake itself is started by the test file (see startBillingStandIns) before the app's
// configuration is read.
import { createServer, type Server } from "node:http";
import { finishCardSetup, startCardSetup } from "~/billing/cards.server";
import { saveBillingSettings } from "~/billing/settings.server";
import { receiveWebhook } from "~/billing/webhooks.server";
import { auction_item, paddle_raise, pledge, winner } from "~drizzle/schema";
import { makeBidder } from "./auction";
import { makeEvent } from "./people";
import type { Database } from "~/db/connection.server";

export const TEST_ENCRYPTION_KEY = "0123456789abcdef".repeat(4);

/** Receives the fake's webhooks for one event and applies them; `received` counts what the app answered. */
export async function webhookReceiver(eventIdOf: () => number) {
  const answers: string[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      receiveWebhook(eventIdOf(), Buffer.concat(chunks).toString("utf8"), String(request.headers["stripe-signature"]))
        .then((answer) => {
          answers.push(answer);
          response.writeHead(200).end(answer);
        })
        .catch((error: unknown) => {
          answers.push(`error: ${String(error)}`);
          response.writeHead(400).end();
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}/webhook`,
    answers,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const BILLING_DEFAULTS = {
  mode: "test" as const,
  test_publishable_key: "pk_test_gavel",
  test_secret_key: null as string | null,
  live_publishable_key: null,
  live_secret_key: null,
  currency: "USD" as const,
  cover_fee_enabled: true,
  fee_basis_points: 290,
  fee_fixed: 30,
  receipt_text: "Thank you for supporting the gala.",
  tax_id: "12-3456789",
  checkout_opens_at: null,
  checkout_closes_at: null,
};

export async function makeBillingEvent(db: Database, webhookUrl: string) {
  const made = await makeEvent(db);
  // Each event its own account at the fake: a key of its own.
  const key = `sk_test_${made.event_id}_${Math.random().toString(36).slice(2)}`;
  await saveBillingSettings(made.event_id, { ...BILLING_DEFAULTS, test_secret_key: key }, webhookUrl);
  return made;
}

/** A guest holding a paddle who won a silent item for `amount` (the item worth `value`). */
export async function makeWinner(db: Database, eventId: number, amount: number, value: number | null = 10_000) {
  const bidder = await makeBidder(db, eventId);
  const [item] = await db
    .insert(auction_item)
    .values({ event_id: eventId, title: `Prize for ${bidder.paddle}`, type: "silent", status: "published", value })
    .returning({ id: auction_item.auction_item_id });
  const [won] = await db
    .insert(winner)
    .values({ event_id: eventId, auction_item_id: item.id, usr_id: bidder.usrId, paddle: bidder.paddle, amount })
    .returning({ id: winner.winner_id });
  return { ...bidder, itemId: item.id, winnerId: won.id };
}

export async function makePledge(db: Database, eventId: number, usrId: number, amount: number) {
  const [raise] = await db
    .insert(paddle_raise)
    .values({ event_id: eventId, title: "Fund a Classroom" })
    .returning({ id: paddle_raise.paddle_raise_id });
  const [row] = await db
    .insert(pledge)
    .values({ event_id: eventId, paddle_raise_id: raise.id, usr_id: usrId, amount })
    .returning({ id: pledge.pledge_id });
  return row.id;
}

/** Fills in the fake's hosted card page as a browser would, and answers where it sent the browser. */
export async function fillHostedPage(
  pageUrl: string,
  number: string,
): Promise<{ status: number; location: string | null; html: string }> {
  const response = await fetch(pageUrl, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ number, expiry: "12 / 34", cvc: "123" }).toString(),
    redirect: "manual",
  });
  return { status: response.status, location: response.headers.get("location"), html: await response.text() };
}

/** Saves a card for the guest through the hosted page, as registration does. */
export async function saveCard(eventId: number, usrId: number, number = "4242424242424242") {
  const pageUrl = await startCardSetup(eventId, usrId, {
    successUrl: "http://gavel.test/done?session_id={CHECKOUT_SESSION_ID}",
    cancelUrl: "http://gavel.test/cancelled",
  });
  const { location } = await fillHostedPage(pageUrl, number);
  const sessionId = new URL(location!).searchParams.get("session_id")!;
  return finishCardSetup(eventId, sessionId);
}
