// /register through its loader and action, as plain form posts: the states a visitor can meet (not open, closed,
// sold out, hidden), the steps with their field errors, completing once however often the last form is sent, the
// confirmation link, and a guest's personal link.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queuedMailSent } from "~/mail/mailer.server";
import * as route from "~/routes/register";
import { event, message, payment, promo_code, question, registrant, registration, ticket } from "~drizzle/schema";
import { testDatabase } from "../support/database";
import { giveRole, makeEvent, makeUser, teamRole } from "../support/people";
import { call, makeRequest, type RouteFunction } from "../support/route-calls";

const { db } = testDatabase();
const HOUR = 3_600_000;
const call$ = (fn: unknown, request: Request) => call(fn as RouteFunction, request);

async function setUp(window: { start?: Date | null; end?: Date | null } = {}, live = true) {
  const made = await makeEvent(db);
  const [record] = await db
    .insert(registration)
    .values({
      start_date_time: window.start === undefined ? new Date(Date.now() - HOUR) : window.start,
      end_date_time: window.end === undefined ? new Date(Date.now() + HOUR) : window.end,
    })
    .returning();
  await db
    .update(event)
    .set({ registration_id: record.registration_id, is_registration_enabled: true, is_registration_testing: !live })
    .where(eq(event.event_id, made.event_id));
  const [single] = await db
    .insert(ticket)
    .values({ event_id: made.event_id, title: "Individual", price: 10_000, max_quantity: 3 })
    .returning();
  await db.insert(question).values({
    event_id: made.event_id,
    name: "diet",
    label: "Dietary needs",
    type: "select",
    validation: { required: true, options: ["None", "Vegetarian"] },
    is_pre_sales_question: true,
  });
  return { eventId: made.event_id, single, url: `/register?id=${made.event_id}` };
}

type StepData = { kind: "step"; step: string; encoded: string };

async function post(url: string, form: Record<string, string>) {
  return call$(route.action, makeRequest(url, { form }));
}

describe("/register", () => {
  it("shows whether registration is open, not open yet, closed or sold out, and hides it while in testing", async () => {
    const open = await setUp();
    expect((await call$(route.loader, makeRequest(open.url))).data).toMatchObject({
      view: "stepper",
      state: "open",
      soldOut: false,
    });
    const early = await setUp({ start: new Date(Date.now() + HOUR) });
    expect((await call$(route.loader, makeRequest(early.url))).data).toMatchObject({ state: "not_open" });
    const late = await setUp({ end: new Date(Date.now() - HOUR) });
    expect((await call$(route.loader, makeRequest(late.url))).data).toMatchObject({ state: "closed" });
    const refused = await post(late.url, { step: "tickets", intent: "next", [`qty-${late.single.ticket_id}`]: "1" });
    expect(refused).toMatchObject({
      status: 400,
      data: { step: "tickets", formId: "register-tickets", error: { "": ["Registration has closed."] } },
    });

    await db.update(ticket).set({ max_quantity: 0 }).where(eq(ticket.ticket_id, open.single.ticket_id));
    expect((await call$(route.loader, makeRequest(open.url))).data).toMatchObject({ soldOut: true });
    const testing = await setUp({}, false);
    expect((await call$(route.loader, makeRequest(testing.url))).status).toBe(404);
  });

  it("walks the steps with field errors, registers once however often the last form is sent, and confirms", async () => {
    const { eventId, single, url } = await setUp();
    const qty = `qty-${single.ticket_id}`;
    const tooMany = await post(url, { step: "tickets", intent: "next", [qty]: "4" });
    expect(tooMany).toMatchObject({
      status: 400,
      data: {
        step: "tickets",
        formId: "register-tickets",
        error: { [qty]: ["Only 3 left."] },
        initialValue: { [qty]: "4" },
      },
    });

    let view = (await post(url, { step: "tickets", intent: "next", [qty]: "2" })).data as StepData;
    expect(view.step).toBe("buyer");
    const badBuyer = await post(url, {
      step: "buyer",
      intent: "next",
      draft: view.encoded,
      first_name: "Ada",
      email: "ada",
    });
    expect(badBuyer).toMatchObject({
      status: 400,
      data: {
        formId: "register-details",
        error: { last_name: ["Enter your last name."], email: ["Enter an email address like name@example.org."] },
        initialValue: { first_name: "Ada", email: "ada" },
      },
    });
    view = (
      await post(url, {
        step: "buyer",
        intent: "next",
        draft: view.encoded,
        first_name: "Ada",
        last_name: "Lovelace",
        email: "ada@example.org",
      })
    ).data as StepData;
    expect(view.step).toBe("guests");

    view = (
      await post(url, {
        step: "guests",
        intent: "next",
        draft: view.encoded,
        "guest-0-first_name": "Ada",
        "guest-0-last_name": "Lovelace",
      })
    ).data as StepData;
    expect(view.step).toBe("questions");
    const unanswered = await post(url, { step: "questions", intent: "next", draft: view.encoded });
    expect(unanswered).toMatchObject({
      status: 400,
      data: { formId: "register-questions", error: { "answer-0-diet": ["Please answer this question."] } },
    });
    view = (await post(url, { step: "questions", intent: "next", draft: view.encoded, "answer-0-diet": "Vegetarian" }))
      .data as StepData;
    expect(view.step).toBe("payment");

    const final = { step: "payment", intent: "next", draft: view.encoded, method: "pay_at_event" };
    // Tickets sold meanwhile: the last step checks every step again and shows the tickets step's form, refused.
    await db.update(ticket).set({ max_quantity: 1 }).where(eq(ticket.ticket_id, single.ticket_id));
    expect(await post(url, final)).toMatchObject({
      status: 400,
      data: {
        step: "tickets",
        formId: "register-tickets",
        error: { [qty]: ["Only 1 left."] },
        initialValue: { [qty]: "2" },
      },
    });
    await db.update(ticket).set({ max_quantity: 3 }).where(eq(ticket.ticket_id, single.ticket_id));
    const done = await post(url, final);
    const again = await post(url, final);
    expect(done.status).toBe(302);
    expect(again.location).toBe(done.location);
    expect(await db.select().from(payment).where(eq(payment.event_id, eventId))).toHaveLength(1);
    const guests = await db.select().from(registrant).where(eq(registrant.event_id, eventId));
    expect(guests.map((guest) => [guest.name, guest.meta])).toEqual([
      ["Ada Lovelace", { answers: { diet: "Vegetarian" } }],
      [null, { answers: {} }],
    ]);
    await queuedMailSent();

    await db
      .update(event)
      .set({
        address: "Harbor Light Pavilion, 100 Pier Road, Boston",
        start_date_time: new Date("2026-05-16T22:30:00Z"),
        timezone: "America/New_York",
      })
      .where(eq(event.event_id, eventId));
    const confirmation = await call$(route.loader, makeRequest(done.location!));
    expect(confirmation.data).toMatchObject({
      view: "confirmation",
      order: {
        amount: 20_000,
        status: "pending",
        buyer: { email: "ada@example.org" },
        when: expect.stringMatching(/^Saturday, 16 May 2026 at 6:30\sPM/),
        where: "Harbor Light Pavilion, 100 Pier Road, Boston",
      },
    });
    const forged = done.location!.replace(/order=(\d+)-/, (_, id) => `order=${id}-x`);
    expect((await call$(route.loader, makeRequest(forged))).status).toBe(404);

    // The unnamed seat's personal link: the guest adds their details and gets their code.
    const unnamed = guests.find((guest) => guest.name === null)!;
    const link = `${url}&guest=${unnamed.claim_token}`;
    const watcher = await makeUser(db);
    await giveRole(db, watcher.usr_id, eventId, { ...teamRole("can_register"), notify_form_submit: true });
    const missing = await post(link, { first_name: "Charles" });
    expect(missing).toMatchObject({
      status: 400,
      data: {
        formId: "guest-details",
        error: { last_name: ["Enter your last name."], "answer-diet": ["Please answer this question."] },
        initialValue: { first_name: "Charles" },
      },
    });
    const saved = await post(link, { first_name: "Charles", last_name: "Babbage", "answer-diet": "None" });
    expect(saved.location).toBe(`${link}&saved=1`);
    // The team member who asked to hear of forms sent hears of this one (the refused one above told nobody).
    const notices = await db
      .select({ to: message.to_usr_id, data: message.data })
      .from(message)
      .where(and(eq(message.event_id, eventId), eq(message.template, "team_form_submit")));
    expect(notices).toEqual([{ to: watcher.usr_id, data: expect.objectContaining({ guest: "Charles Babbage" }) }]);
    const [claimed] = await db.select().from(registrant).where(eq(registrant.registrant_id, unnamed.registrant_id));
    expect(claimed).toMatchObject({ name: "Charles Babbage", is_claimed: true, meta: { answers: { diet: "None" } } });
    expect((await call$(route.loader, makeRequest(link))).data).toMatchObject({
      view: "guest",
      seat: { claimed: true },
    });
  });

  it("refuses at a step, never with a failed query, a draft edited to carry a NUL, half an emoji or 10,000 characters (issue 32, finding 9)", async () => {
    const { eventId, single, url } = await setUp();
    await db.insert(promo_code).values({ event_id: eventId, code: "EARLY", discount: 10 });
    const guest = { first_name: "Ada", last_name: "Lovelace", email: "ada@example.org" };
    const draft = {
      quantities: { [String(single.ticket_id)]: 1 },
      promoCode: "",
      buyer: { ...guest, phone: "", company: "" },
      guests: [guest],
      answers: [{ diet: "None" }],
      orderKey: "b6f1c0de-0000-4000-8000-000000000001",
    };
    const encoded = (edited: object) =>
      Buffer.from(JSON.stringify({ ...draft, ...edited }), "utf8").toString("base64url");
    const edits = [
      { buyer: { ...draft.buyer, first_name: "A\u0000da" } },
      { buyer: { ...draft.buyer, first_name: "A\uD800da" } },
      { buyer: { ...draft.buyer, first_name: "x".repeat(10_000) } },
      { buyer: { ...draft.buyer, company: "y".repeat(200) } },
      { guests: [{ ...guest, last_name: "z".repeat(300) }] },
      { answers: [{ diet: "None\u0000" }] },
      { orderKey: "k\u0000x" },
      { orderKey: "k\uD800x" },
      { promoCode: "EA\u0000RLY" },
      { promoCode: "EARLY\uD83D" },
    ];
    // Text a step checks is refused at that step; an order key or promo code no form would send is dropped (the
    // order goes through without it).
    for (const [index, edit] of edits.entries()) {
      for (const step of ["buyer", "tickets", "payment"]) {
        const answer = await post(url, { step, intent: "next", method: "pay_at_event", draft: encoded(edit) });
        const named = `${step} ${JSON.stringify(edit).slice(0, 60)}`;
        expect(answer.status, named).toBeLessThan(500);
        if (step === "payment") expect(answer.status, named).toBe(index < 6 ? 400 : 302);
      }
    }
    const stored = await db.select().from(registrant).where(eq(registrant.event_id, eventId));
    expect(stored.length).toBeGreaterThan(0);
    for (const row of stored) expect(row.name).toBe("Ada Lovelace");
    // A name over its limit typed in the form is refused beside it.
    const typed = await post(url, {
      step: "buyer",
      intent: "next",
      draft: encoded({}),
      first_name: "x".repeat(300),
      last_name: "Lovelace",
      email: "ada@example.org",
    });
    expect(typed).toMatchObject({
      status: 400,
      data: { formId: "register-details", error: { first_name: ["Your first name can be at most 100 characters."] } },
    });
    // A promo code of 50 odd characters (cut in the middle of an emoji, cased oddly) is not valid, beside its field.
    for (const code of ["a".repeat(49) + "😀", "ß".repeat(50), "𝔸".repeat(25), "İ".repeat(50)]) {
      const applied = await post(url, {
        step: "tickets",
        intent: "apply",
        [`qty-${single.ticket_id}`]: "1",
        promoCode: code,
      });
      expect(applied).toMatchObject({
        status: 400,
        data: { formId: "register-tickets", error: { promoCode: [expect.any(String)] } },
      });
    }
  });
});
