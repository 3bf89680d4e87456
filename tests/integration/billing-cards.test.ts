// Cards on file: /register's last step sends a signed-in buyer to save the card the event asks for
// (registration.store_card), the hosted page keeps it, and a bid that the event's rules refused for want of a card
// goes through afterwards.
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import { placeBid } from "~/bidding/place-bid.server";
import * as cardRoute from "~/routes/billing.card";
import * as registerRoute from "~/routes/register";
import { card_on_file, event, registration, silent_auction, ticket, usr } from "~drizzle/schema";
import { makeAuctionItem, makeBidder } from "../support/auction";
import { fillHostedPage, makeBillingEvent } from "../support/billing";
import { testDatabase } from "../support/database";
import { makeEvent, sessionCookie } from "../support/people";
import { call, makeRequest, type RouteFunction } from "../support/route-calls";

const fake = await vi.hoisted(async () => {
  const { startStripeSandbox } = await import("~/demo/sandbox/stripe/server");
  const started = await startStripeSandbox();
  process.env.STRIPE_API_URL = started.url;
  process.env.SECRETS_KEY = "0123456789abcdef".repeat(4);
  return started;
});

const { db } = testDatabase();
const HOUR = 3_600_000;

afterAll(() => fake.close());

type StepData = { step: string; encoded: string };

describe(`cards on file on ${process.env.TEST_DB_ENGINE}`, () => {
  it("asks a registering guest for a card, keeps it, and lets them bid where the rules ask for one", async () => {
    const eventId = (await makeBillingEvent(db, "http://127.0.0.1:9/unused")).event_id;
    const [form] = await db
      .insert(registration)
      .values({
        store_card: true,
        start_date_time: new Date(Date.now() - HOUR),
        end_date_time: new Date(Date.now() + HOUR),
      })
      .returning();
    const now = Date.now();
    await db
      .update(event)
      .set({ registration_id: form.registration_id, is_registration_enabled: true, is_registration_testing: false })
      .where(eq(event.event_id, eventId));
    const [single] = await db.insert(ticket).values({ event_id: eventId, title: "Individual", price: 0 }).returning();
    const guest = await makeBidder(db, eventId);
    await db.update(usr).set({ first_name: "Ada", last_name: "Lovelace" }).where(eq(usr.usr_id, guest.usrId));
    const cookie = await sessionCookie(guest.usrId);
    const url = `/register?id=${eventId}`;
    const post = (fields: Record<string, string>) =>
      call(registerRoute.action as RouteFunction, makeRequest(url, { cookie, form: fields }));

    let view = (await post({ step: "tickets", intent: "next", [`qty-${single.ticket_id}`]: "1" })).data as StepData;
    view = (
      await post({
        step: "buyer",
        intent: "next",
        draft: view.encoded,
        first_name: "Ada",
        last_name: "Lovelace",
        email: guest.email,
      })
    ).data as StepData;
    while (view.step !== "payment")
      view = (
        await post({
          step: view.step,
          intent: "next",
          draft: view.encoded,
          "guest-0-first_name": "Ada",
          "guest-0-last_name": "Lovelace",
        })
      ).data as StepData;
    const done = await post({ step: "payment", intent: "next", draft: view.encoded, method: "pay_at_event" });
    expect(done.status).toBe(302);
    const cardPage = new URL(done.location!, "http://localhost:3000");
    expect(cardPage.pathname).toBe("/billing/card");
    const returnTo = cardPage.searchParams.get("returnTo")!;
    expect(returnTo).toMatch(new RegExp(`^/register\\?id=${eventId}&order=`));

    const shown = await call(cardRoute.loader as RouteFunction, makeRequest(done.location!, { cookie }));
    expect(shown.data).toMatchObject({ card: null, returnTo });
    const started = await call(
      cardRoute.action as RouteFunction,
      makeRequest(done.location!, { cookie, method: "POST" }),
    );
    expect(started.location).toMatch(new RegExp(`^${fake.url}/pay/`));
    const declined = await fillHostedPage(started.location!, "4000000000000002");
    expect(declined.html).toContain("Your card was declined.");
    const saved = await fillHostedPage(started.location!, "4242424242424242");
    const back = new URL(saved.location!);
    const finished = await call(
      cardRoute.loader as RouteFunction,
      makeRequest(`${back.pathname}${back.search}`, { cookie }),
    );
    expect(finished.location).toBe(returnTo);
    const [card] = await db.select().from(card_on_file).where(eq(card_on_file.usr_id, guest.usrId));
    expect(card).toMatchObject({ event_id: eventId, brand: "visa", last4: "4242", mode: "test" });
    const [person] = await db.select().from(usr).where(eq(usr.usr_id, guest.usrId));
    expect(person).toMatchObject({ default_payment_source: card.payment_method_id, stripe_test_id: card.customer_id });

    // The auction's rules ask for a card: a bidder without one is refused, Ada is not.
    const [silent] = await db
      .insert(silent_auction)
      .values({ start_date_time: new Date(now - HOUR), end_date_time: new Date(now + HOUR) })
      .returning();
    await db
      .update(event)
      .set({
        silent_auction_id: silent.silent_auction_id,
        is_silent_auction_enabled: true,
        is_silent_auction_testing: false,
      })
      .where(eq(event.event_id, eventId));
    const item = await makeAuctionItem(db, eventId);
    const other = await makeBidder(db, eventId);
    const bid = (usrId: number, amount: number) =>
      placeBid(db, {
        eventId,
        itemId: item.auction_item_id,
        usrId,
        submission: { kind: "bid", amount, maximum: null },
        idempotencyKey: null,
      });
    expect(await bid(other.usrId, 10_000)).toMatchObject({ ok: false, refusal: "card_required" });
    expect(await bid(guest.usrId, 10_000)).toMatchObject({ ok: true, outcome: "winning" });
  });

  it("answers the way back from a card page the provider never made without a 500, and keeps no card (drill 2)", async () => {
    const eventId = (await makeBillingEvent(db, "http://127.0.0.1:9/unused")).event_id;
    const guest = await makeBidder(db, eventId);
    const cookie = await sessionCookie(guest.usrId);
    const back = (id: number, session: string) =>
      call(
        cardRoute.loader as RouteFunction,
        makeRequest(`/billing/card?id=${id}&returnTo=%2Fevent&card_session=${encodeURIComponent(session)}`, { cookie }),
      );
    for (const session of ["cs_test_never_made", "4", "?tm"])
      expect(await back(eventId, session)).toMatchObject({ status: 302, location: "/event" });
    expect(await db.select().from(card_on_file).where(eq(card_on_file.usr_id, guest.usrId))).toEqual([]);

    // An event that takes no cards cannot have opened one: refused, not a 500.
    const { event_id: withoutCards } = await makeEvent(db);
    const refused = await back(withoutCards, "cs_test_never_made");
    expect(refused.status).toBe(400);
    expect(await refused.response!.text()).toContain("does not take cards");
  });
});
