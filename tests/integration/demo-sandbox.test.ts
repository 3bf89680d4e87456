// Issue 35: the demo (npm start) takes cards and sends texts with nothing to set up, through the same SDK code as
// production pointed at the in-process sandbox (docs/decisions/037-demo-sandbox.md), and the sandbox can never be
// switched on for a real deployment, another event, or an event with real keys.
import { createServer, type Server } from "node:http";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { client, event, message, message_settings } from "~drizzle/schema";
import { makeBidder } from "../support/auction";
import { makeWinner, TEST_ENCRYPTION_KEY } from "../support/billing";
import { testDatabase } from "../support/database";
import { makeEvent, makeUser } from "../support/people";
import type { AddressInfo } from "node:net";

const { db } = testDatabase();
let pages: Server;
let origin: string;
let demoEventId: number;

/** The app's own origin as the guest's browser reaches it: here only the sandbox's card pages (server.js's mount). */
async function appOrigin(): Promise<Server> {
  const { runningSandbox, SANDBOX_PAGES_PATH } = await import("~/sandbox/switch.server");
  const server = createServer((request, response) => {
    const sandbox = runningSandbox();
    if (!sandbox || !request.url?.startsWith(`${SANDBOX_PAGES_PATH}/`)) return response.writeHead(404).end();
    request.url = request.url.slice(SANDBOX_PAGES_PATH.length);
    sandbox.handlePage(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return server;
}

beforeAll(async () => {
  // `npm start`: the embedded database (whatever engine this run's test database is), the demo seeded, at localhost.
  vi.stubEnv("DATABASE_URL", "");
  vi.stubEnv("SEED_DEMO", "true");
  vi.stubEnv("APP_HOST", "localhost");
  vi.stubEnv("SECRETS_KEY", TEST_ENCRYPTION_KEY);
  vi.stubEnv("STRIPE_API_URL", "");
  vi.stubEnv("TWILIO_API_URL", "");
  vi.resetModules();
  pages = await appOrigin();
  origin = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`;
  vi.stubEnv("PUBLIC_URL", origin);
  vi.resetModules();
  const { seedDemo, DEMO_CLIENT_SLUG, DEMO_GALA_SLUG } = await import("~/demo/seed.server");
  await seedDemo(db);
  const [demo] = await db
    .select({ eventId: event.event_id })
    .from(event)
    .innerJoin(client, eq(client.client_id, event.client_id))
    .where(and(eq(client.slug, DEMO_CLIENT_SLUG), eq(event.slug, DEMO_GALA_SLUG)));
  demoEventId = demo.eventId;
  const { startDemoSandbox } = await import("~/demo/sandbox/runtime.server");
  await startDemoSandbox(db);
});

afterAll(() => {
  pages.close();
  globalThis.__gavelSandbox = undefined;
  vi.unstubAllEnvs();
});

/** Fills in the hosted card page with a card number, as a guest's browser posts it. */
async function fillCardPage(pageUrl: string, number: string) {
  const response = await fetch(pageUrl, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ number, expiry: "12 / 34", cvc: "123" }),
    redirect: "manual",
  });
  return { status: response.status, location: response.headers.get("location"), html: await response.text() };
}

describe(`the demo sandbox on ${process.env.TEST_DB_ENGINE}`, () => {
  it("may run only on the embedded database with the demo seeded at localhost, and refuses to switch on elsewhere", async () => {
    const { sandboxAllowed, switchSandboxOn } = await import("~/sandbox/switch.server");
    const demo = { DATABASE_URL: undefined, SEED_DEMO: true, APP_HOST: "localhost:3000" };
    expect(sandboxAllowed(demo)).toBe(true);
    for (const real of [
      { ...demo, DATABASE_URL: "postgres://gavel@db/gavel" },
      { ...demo, SEED_DEMO: false },
      { ...demo, APP_HOST: "gala.example.org" },
    ]) {
      expect(sandboxAllowed(real)).toBe(false);
      expect(() => switchSandboxOn(globalThis.__gavelSandbox!, real)).toThrow(/only on the embedded database/);
    }
  });

  it("takes the demo gala's cards through the Stripe SDK: saved, declined, asked to authenticate, charged, refunded", async () => {
    const { billingSettings } = await import("~/billing/settings.server");
    const { startCardSetup, finishCardSetup } = await import("~/billing/cards.server");
    const { chargeCardOnFile, invoiceIdFor } = await import("~/billing/charges.server");
    const { refundPayment } = await import("~/billing/refunds.server");
    const settings = await billingSettings(demoEventId);
    expect(settings).toMatchObject({ demoSandbox: true, cardsEnabled: true, mode: "test" });

    const guest = await makeWinner(db, demoEventId, 12_500);
    const staff = await makeUser(db);
    const back = { successUrl: `${origin}/done?session_id={CHECKOUT_SESSION_ID}`, cancelUrl: `${origin}/cancelled` };
    const pageUrl = await startCardSetup(demoEventId, guest.usrId, back);
    // The guest's browser goes to the app's own origin, where the page says it is a demo.
    expect(pageUrl.startsWith(`${origin}/demo-sandbox/pay/`)).toBe(true);
    const page = await (await fetch(pageUrl)).text();
    expect(page).toContain("Demo: no real money");
    expect(page).toContain("4000 0000 0000 0002");

    const declined = await fillCardPage(pageUrl, "4000000000000002");
    expect(declined.status).toBe(402);
    expect(declined.html).toContain("Your card was declined.");
    const asked = await fillCardPage(pageUrl, "4000002500003155");
    expect(asked.html).toContain("Your bank asks you to confirm");

    const saved = await fillCardPage(pageUrl, "4242424242424242");
    expect(saved.status).toBe(303);
    const sessionId = new URL(saved.location!).searchParams.get("session_id")!;
    expect(await finishCardSetup(demoEventId, sessionId)).toMatchObject({ last4: "4242" });

    const invoiceId = (await invoiceIdFor(demoEventId, guest.usrId))!;
    const charged = await chargeCardOnFile(demoEventId, invoiceId, { byUsrId: staff.usr_id });
    expect(charged.status).toBe("paid");
    if (charged.status !== "paid") return;
    const refunded = await refundPayment(demoEventId, charged.paymentId, {
      amount: 2_500,
      reason: "Demo refund",
      byUsrId: staff.usr_id,
    });
    expect(refunded).toMatchObject({ amount: 2_500, repeated: false });

    // The receipt mail says it is a demo's, not a tax receipt.
    const { sendReceipt } = await import("~/billing/receipt-mail.server");
    const { DEMO_RECEIPT_NOTE } = await import("~/billing/demo-money");
    await sendReceipt(demoEventId, invoiceId, `${origin}/invoice?t=demo`);
    const [receipt] = await db
      .select({ data: message.data })
      .from(message)
      .where(and(eq(message.event_id, demoEventId), eq(message.template, "receipt")));
    expect((receipt.data as { deductible: string }).deductible).toContain(DEMO_RECEIPT_NOTE);
  });

  it("charges all the demo gala's cards on file in the sandbox: a good card is charged, a failing one declined", async () => {
    const { startCardSetup, finishCardSetup } = await import("~/billing/cards.server");
    const { startChargeAll, processChargeRun, latestChargeRun } = await import("~/billing/charge-all.server");
    const back = { successUrl: `${origin}/done?session_id={CHECKOUT_SESSION_ID}`, cancelUrl: `${origin}/cancelled` };
    const staff = await makeUser(db);
    for (const [amount, number] of [
      [4_000, "4242424242424242"],
      [6_000, "4000000000000341"],
    ] as const) {
      const guest = await makeWinner(db, demoEventId, amount);
      const saved = await fillCardPage(await startCardSetup(demoEventId, guest.usrId, back), number);
      await finishCardSetup(demoEventId, new URL(saved.location!).searchParams.get("session_id")!);
    }
    const { runId } = await startChargeAll(demoEventId, staff.usr_id);
    await processChargeRun(demoEventId, runId);
    const run = (await latestChargeRun(demoEventId))!;
    expect(run.finished).toBe(true);
    const outcomes = run.guests.map((guest) => [guest.status, guest.amount]);
    expect(outcomes).toContainEqual(["charged", 4_000]);
    expect(outcomes.filter(([status]) => status === "declined")).toHaveLength(1);
  });

  it("forgets the demo gala's cards on file when it starts again, as the new sandbox does not know them", async () => {
    const { card_on_file } = await import("~drizzle/schema");
    const cards = () => db.select().from(card_on_file).where(eq(card_on_file.event_id, demoEventId));
    expect((await cards()).length).toBeGreaterThan(0);
    const { startDemoSandbox } = await import("~/demo/sandbox/runtime.server");
    await startDemoSandbox(db);
    expect(await cards()).toEqual([]);
    const { billingSettings } = await import("~/billing/settings.server");
    expect((await billingSettings(demoEventId)).demoSandbox).toBe(true);
  });

  it("says \"Demo: no real money\" on the demo gala's giving page and registration, and not on another event's page", async () => {
    const { call, makeRequest } = await import("../support/route-calls");
    const dpRoute = await import("~/routes/dp");
    const registerRoute = await import("~/routes/register");
    const other = await makeEvent(db);
    const sandboxed = async (route: typeof dpRoute | typeof registerRoute, path: string, eventId: number) => {
      const outcome = await call(route.loader, makeRequest(`${path}?id=${eventId}`));
      expect(outcome.status).toBe(200);
      return (outcome.data as { demoSandbox: boolean }).demoSandbox;
    };
    expect(await sandboxed(dpRoute, "/dp", demoEventId)).toBe(true);
    expect(await sandboxed(registerRoute, "/register", demoEventId)).toBe(true);
    expect(await sandboxed(dpRoute, "/dp", other.event_id)).toBe(false);
  });

  it("never opens the sandbox for another event, nor for the demo gala once its organiser enters real keys", async () => {
    const { paymentProviderFor, saveBillingSettings } = await import("~/billing/settings.server");
    const { cardsInSandbox, SANDBOX_STRIPE_KEY } = await import("~/sandbox/switch.server");
    const { sealSecret } = await import("~/security/secret-box.server");
    const { billing_settings } = await import("~drizzle/schema");
    const other = await makeEvent(db);
    // The sandbox's key, even stored on another event's row, opens nothing.
    await db.insert(billing_settings).values({
      event_id: other.event_id,
      test_secret_key_encrypted: sealSecret(SANDBOX_STRIPE_KEY, other.event_id),
      test_secret_key_last4: "dbox",
    });
    expect(await paymentProviderFor(other.event_id)).toBeNull();
    const input = {
      mode: "test",
      test_publishable_key: "",
      live_publishable_key: "",
      test_secret_key: SANDBOX_STRIPE_KEY,
      live_secret_key: "",
      currency: "USD",
      cover_fee_enabled: false,
      fee_basis_points: 290,
      fee_fixed: 30,
      receipt_text: "",
      tax_id: "",
      checkout_opens_at: null,
      checkout_closes_at: null,
    } as const;
    await expect(saveBillingSettings(other.event_id, input, `${origin}/hook`)).rejects.toThrow(/demo sandbox's key/);

    // Real keys on the demo gala: its cards leave the sandbox (Stripe here is the sandbox under another account).
    vi.stubEnv("STRIPE_API_URL", globalThis.__gavelSandbox!.stripeApiUrl);
    vi.resetModules();
    const fresh = await import("~/billing/settings.server");
    await fresh.saveBillingSettings(demoEventId, { ...input, test_secret_key: "sk_test_organisers0wn" }, `${origin}/h`);
    expect(cardsInSandbox(demoEventId)).toBe(false);
    expect((await fresh.billingSettings(demoEventId)).demoSandbox).toBe(false);
  });

  it("sends the demo gala's texts into /dev/mailbox through the Twilio SDK, and no other event's", async () => {
    const { configuredProviders } = await import("~/messages/worker.server");
    const { developmentTexts } = await import("~/mail/development-mailbox.server");
    const { SANDBOX_TWILIO, textsInSandbox } = await import("~/sandbox/switch.server");
    const { openSecret } = await import("~/security/secret-box.server");
    expect(textsInSandbox(demoEventId)).toBe(true);
    const [row] = await db.select().from(message_settings).where(eq(message_settings.event_id, demoEventId));
    expect(openSecret(row.twilio_auth_token_encrypted, demoEventId)).toBe(SANDBOX_TWILIO.authToken);
    const twilio = {
      accountSid: row.twilio_account_sid,
      authTokenEncrypted: row.twilio_auth_token_encrypted,
      from: row.twilio_from_number,
    };
    const messaging = { eventId: demoEventId, twilio } as Parameters<typeof configuredProviders.text>[0];
    const provider = configuredProviders.text(messaging)!;
    await provider.send({ to: "+16175550142", body: "You were outbid on Lot 7.", idempotencyKey: "demo-1" });
    expect(developmentTexts()[0]).toMatchObject({
      to: "+16175550142",
      from: SANDBOX_TWILIO.from,
      body: "You were outbid on Lot 7.",
    });
    // Outbidding one of the gala's leaders sends them an outbid text, through the outbox worker, into the mailbox.
    const { selectRows } = await import("~/db/rows.server");
    const { placeBid } = await import("~/bidding/place-bid.server");
    const { runOutbox } = await import("~/messages/worker.server");
    const { sql } = await import("drizzle-orm");
    const [lead] = await selectRows<{ usr_id: number; auction_item_id: number; amount: number; phone: string }>(
      db,
      sql`select b.usr_id, b.auction_item_id, b.bid as amount, u.phone from bid b
        join auction_item i on i.auction_item_id = b.auction_item_id join usr u on u.usr_id = b.usr_id
        join message_preference p on p.usr_id = b.usr_id and p.event_id = i.event_id and p.outbid_channel = 'both'
        where i.event_id = ${demoEventId} and b.status = 'winning' and i.closed_at is null limit 1`,
    );
    expect(lead).toBeDefined();
    const newcomer = await makeBidder(db, demoEventId);
    const bid = await placeBid(db, {
      eventId: demoEventId,
      itemId: lead.auction_item_id,
      usrId: newcomer.usrId,
      submission: { kind: "bid", amount: lead.amount + 50_000, maximum: null },
      idempotencyKey: "newcomer-outbids",
      at: new Date(),
    });
    expect(bid).toMatchObject({ ok: true });
    await runOutbox(db);
    const { toE164 } = await import("~/messages/phone");
    const outbidText = developmentTexts().find((kept) => kept.to === toE164(lead.phone));
    expect(outbidText).toMatchObject({ from: SANDBOX_TWILIO.from });
    expect(outbidText!.body).toMatch(/outbid/i);

    // The same account stored on another event texts nowhere.
    expect(configuredProviders.text({ ...messaging, eventId: demoEventId + 1_000 })).toBeNull();
  });
});
