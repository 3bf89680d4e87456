// Paying for tickets by card at registration, against the fake Stripe: the last step sends the buyer to the hosted
// page; a declined card pays nothing; the return (or the webhook, whichever comes first) pays the order and its
// tickets once; a page left makes the order one to pay at the event, which the door then collects.
import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { abandonTicketCheckout, completeTicketCheckout, startTicketCheckout } from "~/billing/ticket-checkout.server";
import { doorGuests } from "~/registration/check-in.server";
import { cancelPass, markPassPaid } from "~/registration/passes.server";
import { registerParty } from "~/registration/register-party.server";
import * as route from "~/routes/register";
import { event, payment, registration, ticket, ticket_payment } from "~drizzle/schema";
import { fillHostedPage, makeBillingEvent, webhookReceiver } from "../support/billing";
import { testDatabase } from "../support/database";
import { call, makeRequest, type RouteFunction } from "../support/route-calls";

const fake = await vi.hoisted(async () => {
  const { startStripeSandbox } = await import("~/demo/sandbox/stripe/server");
  const started = await startStripeSandbox();
  process.env.STRIPE_API_URL = started.url;
  process.env.SECRETS_KEY = "0123456789abcdef".repeat(4);
  return started;
});

const { db } = testDatabase();
let eventId: number;
let ticketId: number;
const receiver = await webhookReceiver(() => eventId);
const HOUR = 3_600_000;
const PAGES = {
  successUrl: "http://gavel.test/register?session={CHECKOUT_SESSION_ID}",
  cancelUrl: "http://gavel.test/register?cancelled=1",
};

afterAll(async () => {
  await receiver.close();
  await fake.close();
});

beforeEach(async () => {
  eventId = (await makeBillingEvent(db, receiver.url)).event_id;
  const [window] = await db
    .insert(registration)
    .values({ start_date_time: new Date(Date.now() - HOUR), end_date_time: new Date(Date.now() + HOUR) })
    .returning();
  await db
    .update(event)
    .set({ registration_id: window.registration_id, is_registration_enabled: true, is_registration_testing: false })
    .where(eq(event.event_id, eventId));
  const [seat] = await db
    .insert(ticket)
    .values({ event_id: eventId, title: "Seat", price: 25_000, max_quantity: 50 })
    .returning();
  ticketId = seat.ticket_id;
});

async function cardOrder() {
  const registered = await registerParty(db, {
    eventId,
    lines: [{ ticketId, quantity: 2 }],
    buyer: { first_name: "Ada", last_name: "Lovelace", email: "ada@example.org" },
    guests: [{ first_name: "Ada", last_name: "Lovelace", email: "ada@example.org" }],
    method: "card",
  });
  if (!registered.ok) throw new Error("registration failed");
  lastPassIds = registered.party.passIds;
  return registered.party.paymentId;
}
/** The passes of the order cardOrder made last. */
let lastPassIds: number[] = [];

const orderOf = async (paymentId: number) => {
  const [row] = await db.select().from(payment).where(eq(payment.payment_id, paymentId));
  const tickets = await db.select().from(ticket_payment).where(eq(ticket_payment.payment_id, paymentId));
  return { status: row.status, method: row.method, tickets: tickets.map((line) => line.status) };
};

describe(`tickets paid by card on ${process.env.TEST_DB_ENGINE}`, () => {
  it("the last step of /register goes to the card page when the buyer chooses to pay now", async () => {
    const url = `/register?id=${eventId}`;
    const post = (form: Record<string, string>) => call(route.action as RouteFunction, makeRequest(url, { form }));
    let view = (await post({ step: "tickets", intent: "next", [`qty-${ticketId}`]: "1" })).data as { encoded: string };
    view = (
      await post({
        step: "buyer",
        intent: "next",
        draft: view.encoded,
        first_name: "Grace",
        last_name: "Hopper",
        email: "grace@example.org",
      })
    ).data as { encoded: string };
    const payStep = (await post({
      step: "guests",
      intent: "next",
      draft: view.encoded,
      "guest-0-first_name": "Grace",
      "guest-0-last_name": "Hopper",
    })) as { data: { step: string; encoded: string } };
    expect(payStep.data.step).toBe("payment");
    const page = (await call(route.loader as RouteFunction, makeRequest(url))).data as { cardsOpen: boolean };
    expect(page.cardsOpen).toBe(true);

    const done = await post({ step: "payment", intent: "next", draft: payStep.data.encoded, method: "card" });
    expect(done.status).toBe(302);
    expect(done.location).toMatch(new RegExp(`^${fake.url}/`));
    const [order] = await db.select().from(payment).where(eq(payment.event_id, eventId));
    expect(order).toMatchObject({ status: "pending", method: "card", amount: 25_000 });
  });

  it("a declined card pays nothing; a good one pays the order and its tickets once", async () => {
    const paymentId = await cardOrder();
    const pageUrl = await startTicketCheckout(eventId, paymentId, PAGES);
    const declined = await fillHostedPage(pageUrl, "4000000000000002");
    expect(declined.location).toBeNull();
    expect(await orderOf(paymentId)).toEqual({ status: "pending", method: "card", tickets: ["pending"] });

    const paid = await fillHostedPage(pageUrl, "4242424242424242");
    const sessionId = new URL(paid.location!).searchParams.get("session")!;
    await Promise.all([
      completeTicketCheckout(eventId, sessionId, { paymentId }),
      completeTicketCheckout(eventId, sessionId, { paymentId }),
    ]);
    expect(await orderOf(paymentId)).toEqual({ status: "paid", method: "card", tickets: ["paid"] });
    expect((await doorGuests(db, eventId)).every((guest) => guest.toPay === null)).toBe(true);
  });

  it("a card page left makes the order one to pay at the event, which can be paid by card again later", async () => {
    const paymentId = await cardOrder();
    await startTicketCheckout(eventId, paymentId, PAGES);
    await abandonTicketCheckout(eventId, paymentId);
    expect(await orderOf(paymentId)).toEqual({ status: "pending", method: "pay_at_event", tickets: ["pending"] });
    expect((await doorGuests(db, eventId)).map((guest) => guest.toPay)).toContain(50_000);

    const again = await startTicketCheckout(eventId, paymentId, PAGES);
    const paid = await fillHostedPage(again, "4242424242424242");
    await completeTicketCheckout(eventId, new URL(paid.location!).searchParams.get("session")!, { paymentId });
    expect(await orderOf(paymentId)).toEqual({ status: "paid", method: "card", tickets: ["paid"] });
  });

  // A read-only audit (2026-12-04): each press opened a new page without closing the last, and a page's expiry
  // cleared whatever page the order named by then, so a page stayed open at Stripe that Gavel no longer knew.
  it("a second press of Pay by card closes the first page, so only the newest takes the money", async () => {
    const paymentId = await cardOrder();
    const first = await startTicketCheckout(eventId, paymentId, PAGES);
    const second = await startTicketCheckout(eventId, paymentId, PAGES);
    expect((await fillHostedPage(first, "4242424242424242")).html).toContain("This payment page has expired.");
    const paid = await fillHostedPage(second, "4242424242424242");
    await completeTicketCheckout(eventId, new URL(paid.location!).searchParams.get("session")!, { paymentId });
    expect(await orderOf(paymentId)).toEqual({ status: "paid", method: "card", tickets: ["paid"] });
  });

  it("two presses at once leave one page that can take the money, and the order is paid once", async () => {
    const paymentId = await cardOrder();
    const pressed = await Promise.allSettled([
      startTicketCheckout(eventId, paymentId, PAGES),
      startTicketCheckout(eventId, paymentId, PAGES),
    ]);
    const pages = pressed.flatMap((press) => (press.status === "fulfilled" ? [press.value] : []));
    expect(pages.length).toBeGreaterThanOrEqual(1);
    // Every page handed out is tried: at most one takes a card.
    const answers = [];
    for (const page of pages) answers.push(await fillHostedPage(page, "4242424242424242"));
    const paidOn = answers.filter((answer) => answer.location !== null);
    expect(paidOn).toHaveLength(1);
    await completeTicketCheckout(eventId, new URL(paidOn[0].location!).searchParams.get("session")!, { paymentId });
    expect(await orderOf(paymentId)).toEqual({ status: "paid", method: "card", tickets: ["paid"] });
    const charged = fake
      .events()
      .filter(
        (stripeEvent) =>
          stripeEvent.type === "payment_intent.succeeded" &&
          (stripeEvent.data as { object: { metadata: Record<string, string> } }).object.metadata.gavel_payment ===
            String(paymentId),
      );
    expect(charged).toHaveLength(1);
  });

  it("the door marking a pass paid closes the buyer's open card page first, so the money is taken once", async () => {
    const paymentId = await cardOrder();
    const page = await startTicketCheckout(eventId, paymentId, PAGES);
    expect(await markPassPaid(db, eventId, lastPassIds[0], "cash")).toMatchObject({ ok: true });
    expect(await orderOf(paymentId)).toEqual({ status: "paid", method: "cash", tickets: ["paid"] });
    expect((await fillHostedPage(page, "4242424242424242")).html).toContain("This payment page has expired.");
  });

  it("a page paid before the door marks the pass is recorded as the card's, and the door changes nothing", async () => {
    const paymentId = await cardOrder();
    const page = await startTicketCheckout(eventId, paymentId, PAGES);
    await fillHostedPage(page, "4242424242424242");
    expect(await markPassPaid(db, eventId, lastPassIds[0], "cash")).toMatchObject({ ok: false });
    expect(await orderOf(paymentId)).toEqual({ status: "paid", method: "card", tickets: ["paid"] });
  });

  it("cancelling a pass of a paid order keeps the payment as paid, to be refunded", async () => {
    const paymentId = await cardOrder();
    const page = await startTicketCheckout(eventId, paymentId, PAGES);
    const paid = await fillHostedPage(page, "4242424242424242");
    await completeTicketCheckout(eventId, new URL(paid.location!).searchParams.get("session")!, { paymentId });
    const cancelled = await cancelPass(db, eventId, lastPassIds[0]);
    expect(cancelled).toMatchObject({ ok: true, message: expect.stringContaining("refund the buyer from Payments") });
    const [row] = await db.select().from(payment).where(eq(payment.payment_id, paymentId));
    expect(row).toMatchObject({ status: "paid", amount: 50_000 });
  });
});
