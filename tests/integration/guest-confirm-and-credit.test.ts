// Guests confirm before money (issue 31): /raffle, /duel and /dp answer a first post with a review of the exact total
// (the covered fee included) and record nothing; only the confirming post, with the same key, records, once. And the
// event's rule for credit: when registration asks for a card, a guest without one puts nothing on their bill (raffle
// tickets, a duel gift, a gift on the bill), as bidding already refused; staff selling at a table are not asked.
import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createDuel, duelBoards, giveToDuel } from "~/duels/duels.server";
import { sellRaffleTickets } from "~/raffles/raffle-sales.server";
import * as dpRoute from "~/routes/dp";
import * as duelRoute from "~/routes/duel";
import * as raffleRoute from "~/routes/raffle";
import {
  card_on_file,
  donation,
  duel_gift,
  event,
  raffle,
  raffle_purchase,
  raffle_ticket_bundle,
  registration,
  usr_event_paddle,
} from "~drizzle/schema";
import { makeBillingEvent, webhookReceiver } from "../support/billing";
import { testDatabase } from "../support/database";
import { makeUser, sessionCookie } from "../support/people";
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
let guestId: number;
let cookie: string;
let bundleId: number;
let duelId: number;
const receiver = await webhookReceiver(() => eventId);

afterAll(async () => {
  await receiver.close();
  await fake.close();
});

beforeEach(async () => {
  eventId = (await makeBillingEvent(db, receiver.url)).event_id;
  const guest = await makeUser(db, { first_name: "Rosa" });
  guestId = guest.usr_id;
  cookie = await sessionCookie(guestId);
  const [row] = await db
    .insert(raffle)
    .values({ event_id: eventId, title: "Spring Raffle" })
    .returning({ id: raffle.raffle_id });
  const [bundle] = await db
    .insert(raffle_ticket_bundle)
    .values({ raffle_id: row.id, quantity: 5, price: 4_000 })
    .returning({ id: raffle_ticket_bundle.raffle_ticket_bundle_id });
  bundleId = bundle.id;
  await createDuel(db, eventId, {
    title: "Table 1 vs Table 2",
    side_a: "Table 1",
    side_b: "Table 2",
    increments: [2_500, 5_000],
    ends_at: null,
    is_active: true,
  });
  duelId = (await duelBoards(db, eventId))[0].id;
});

async function askForCards() {
  const [form] = await db.insert(registration).values({ store_card: true }).returning();
  await db.update(event).set({ registration_id: form.registration_id }).where(eq(event.event_id, eventId));
}

async function keepCardOnFile() {
  await db.insert(card_on_file).values({
    event_id: eventId,
    usr_id: guestId,
    mode: "test",
    customer_id: "cus_test",
    payment_method_id: "pm_test",
    brand: "visa",
    last4: "4242",
  });
}

const post = (route: { action: unknown }, path: string, form: Record<string, string>) =>
  call(route.action as RouteFunction, makeRequest(path, { cookie, form }));
const load = (route: { loader: unknown }, path: string) =>
  call(route.loader as RouteFunction, makeRequest(path, { cookie }));

const rafflePath = () => `/raffle?id=${eventId}`;
const duelPath = () => `/duel?id=${eventId}`;
const dpPath = () => `/dp?id=${eventId}`;
const raffleForm = (step?: string) => ({
  bundle: String(bundleId),
  submission: "raffle-submission-1",
  ...(step ? { step } : {}),
});
const duelForm = (step?: string) => ({
  duel: String(duelId),
  side: "a",
  amount: "5000",
  key: "duel-page-key-1",
  ...(step ? { step } : {}),
});
const dpForm = (fields: Record<string, string> = {}) => ({
  intent: "give",
  choice: "other",
  other: "310",
  frequency: "one_time",
  first_name: "Rosa",
  email: "rosa@example.org",
  pay: "invoice",
  submission: "dp-submission-1",
  ...fields,
});

const purchases = () => db.select().from(raffle_purchase).where(eq(raffle_purchase.event_id, eventId));
const duelGifts = () => db.select().from(duel_gift).where(eq(duel_gift.event_id, eventId));
const gifts = () => db.select().from(donation).where(eq(donation.event_id, eventId));

describe(`guests confirm before money, on ${process.env.TEST_DB_ENGINE}`, () => {
  it("/raffle: the first post reviews the bundle and buys nothing; the confirm buys it once", async () => {
    // A post without a step (one tap) is only a review.
    const review = await post(raffleRoute, rafflePath(), raffleForm());
    expect(review).toMatchObject({
      status: 200,
      data: {
        formId: "guest-raffle",
        review: { raffleTitle: "Spring Raffle", quantity: 5, price: 4_000, submission: "raffle-submission-1" },
      },
    });
    expect(await purchases()).toEqual([]);
    const confirmed = await post(raffleRoute, rafflePath(), raffleForm("confirm"));
    expect(confirmed.status).toBe(302);
    const again = await post(raffleRoute, rafflePath(), raffleForm("confirm"));
    expect(again.location).toBe(confirmed.location);
    expect(await purchases()).toMatchObject([{ usr_id: guestId, quantity: 5, amount: 4_000 }]);
  });

  it("/duel: a tapped amount is reviewed, not given; the confirm gives it once", async () => {
    const review = await post(duelRoute, duelPath(), duelForm());
    expect(review).toMatchObject({
      status: 200,
      data: {
        formId: "duel-give",
        review: { duelTitle: "Table 1 vs Table 2", sideName: "Table 1", amount: 5_000, key: "duel-page-key-1" },
      },
    });
    expect(await duelGifts()).toEqual([]);
    expect((await post(duelRoute, duelPath(), duelForm("confirm"))).status).toBe(302);
    expect((await post(duelRoute, duelPath(), duelForm("confirm"))).status).toBe(302);
    expect(await duelGifts()).toMatchObject([{ usr_id: guestId, side: "a", amount: 5_000 }]);
  });

  it("/dp: the review states amount + fee = total and where it goes; only the confirm records", async () => {
    const byCard = await post(dpRoute, dpPath(), dpForm({ pay: "card", cover_fee: "on" }));
    // $310 with the fee covered (2.9% + 30¢) is $319.57 on the card page.
    expect(byCard).toMatchObject({
      status: 200,
      data: { formId: "give", review: { amount: 31_000, fee: 957, total: 31_957, pay: "card" } },
    });
    expect((byCard.data as { fields: Record<string, string> }).fields).toMatchObject({
      intent: "give",
      other: "310",
      cover_fee: "on",
      submission: "dp-submission-1",
    });
    const onBill = await post(dpRoute, dpPath(), dpForm());
    expect(onBill).toMatchObject({
      status: 200,
      data: { review: { amount: 31_000, fee: 0, total: 31_000, pay: "invoice" } },
    });
    const change = await post(dpRoute, dpPath(), dpForm({ step: "change" }));
    expect(change).toMatchObject({ status: 200, data: { formId: "give", initialValue: { other: "310" } } });
    expect(await gifts()).toEqual([]);
    const confirmed = await post(dpRoute, dpPath(), dpForm({ step: "confirm" }));
    expect(confirmed.location).toContain("receipt=");
    await post(dpRoute, dpPath(), dpForm({ step: "confirm" }));
    expect(await gifts()).toMatchObject([{ amount: 31_000, status: "pledged", method: "invoice" }]);
  });
});

describe(`the event's rule for credit, on ${process.env.TEST_DB_ENGINE}`, () => {
  const cardMessage = expect.stringContaining("asks for a card on file before anything goes on your bill");

  it("refuses a guest without a card, on every page, until they save one; staff at a table are not asked", async () => {
    await askForCards();
    for (const step of ["review", "confirm"]) {
      expect(await post(raffleRoute, rafflePath(), raffleForm(step))).toMatchObject({
        status: 400,
        data: { error: { "": [cardMessage] } },
      });
      expect(await post(duelRoute, duelPath(), duelForm(step))).toMatchObject({
        status: 400,
        data: { error: { "": [cardMessage] } },
      });
      expect(await post(dpRoute, dpPath(), dpForm({ step }))).toMatchObject({
        status: 400,
        data: { error: { "": [cardMessage] } },
      });
    }
    // The server functions themselves refuse (a page is only one way in).
    await expect(
      sellRaffleTickets(eventId, { bundleId, buyer: { usrId: guestId }, submissionKey: "direct-1", byUsrId: guestId }),
    ).rejects.toThrow(/card on file/);
    await expect(
      giveToDuel(db, eventId, guestId, { duelId, side: "b", amount: 2_500, idempotencyKey: "direct-2" }),
    ).rejects.toThrow(/card on file/);
    expect(await purchases()).toEqual([]);
    expect(await duelGifts()).toEqual([]);
    expect(await gifts()).toEqual([]);
    // A refused duel gift hands out no paddle either.
    expect(await db.select().from(usr_event_paddle).where(eq(usr_event_paddle.usr_id, guestId))).toEqual([]);

    // Each page sends the guest to save a card, and back.
    for (const [route, path] of [
      [raffleRoute, rafflePath()],
      [duelRoute, duelPath()],
      [dpRoute, dpPath()],
    ] as const) {
      const page = await load(route, path);
      expect((page.data as { cardHref: string }).cardHref).toBe(
        `/billing/card?${new URLSearchParams({ id: String(eventId), returnTo: path })}`,
      );
    }

    // Staff selling to a paddle at a table: the guest is in front of them.
    const staff = await makeUser(db);
    await db.insert(usr_event_paddle).values({ event_id: eventId, usr_id: staff.usr_id, paddle: 501 });
    await sellRaffleTickets(eventId, {
      bundleId,
      buyer: { paddle: 501 },
      submissionKey: "table-sale-1",
      byUsrId: staff.usr_id,
    });
    expect(await purchases()).toHaveLength(1);

    // A card on file opens the bill.
    await keepCardOnFile();
    expect((await load(raffleRoute, rafflePath())).data).toMatchObject({ cardHref: null });
    expect((await post(raffleRoute, rafflePath(), raffleForm("confirm"))).status).toBe(302);
    expect((await post(duelRoute, duelPath(), duelForm("confirm"))).status).toBe(302);
    expect((await post(dpRoute, dpPath(), dpForm({ step: "confirm" }))).status).toBe(302);
    expect(await purchases()).toHaveLength(2);
    expect(await duelGifts()).toHaveLength(1);
    expect(await gifts()).toHaveLength(1);
  });

  it("lets a guest without a card give by card on /dp, and puts things on the bill where no card is asked", async () => {
    await askForCards();
    expect(await post(dpRoute, dpPath(), dpForm({ pay: "card" }))).toMatchObject({
      status: 200,
      data: { review: { pay: "card", total: 31_000 } },
    });
    await db.update(registration).set({ store_card: false });
    expect((await load(duelRoute, duelPath())).data).toMatchObject({ cardHref: null });
    expect((await post(duelRoute, duelPath(), duelForm("confirm"))).status).toBe(302);
  });
});
