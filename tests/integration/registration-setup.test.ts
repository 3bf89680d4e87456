// /admin/setup/registration and /admin/bids/tickets against a real database: the registration settings (the
// record made on first save, times in the event's zone), ticket types, questions and meals, promo codes, refusals
// that answer with messages and change nothing, the permissions, and the ticket sales' totals.
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { OWNER_ROLE } from "~/auth/permissions";
import * as salesRoute from "~/routes/admin._workspace.bids.tickets";
import * as setupRoute from "~/routes/admin._workspace.setup.registration";
import {
  event,
  meal,
  payment,
  promo_code,
  question,
  registrant,
  registration,
  ticket,
  ticket_payment,
} from "~drizzle/schema";
import { testDatabase } from "../support/database";
import { giveRole, makeEvent, makeUser, sessionCookie, teamRole, teamRoleWithout } from "../support/people";
import { call, makeRequest, type RouteFunction } from "../support/route-calls";

const { db } = testDatabase();
const PATH = "/admin/setup/registration";

let eventId: number;
let owner: string;

beforeEach(async () => {
  eventId = (await makeEvent(db)).event_id;
  await db.update(event).set({ timezone: "America/New_York", currency: "USD" }).where(eq(event.event_id, eventId));
  const user = await makeUser(db, { selected_event: eventId });
  await giveRole(db, user.usr_id, eventId, { ...OWNER_ROLE });
  owner = await sessionCookie(user.usr_id);
});

type SetupData = Awaited<ReturnType<typeof setupRoute.loader>>;
/** A refusal in the form contract's shape: the form's id, the messages by field ("" for the form or list). */
type Refusal = {
  formId: string;
  error?: Record<string, string[]>;
  initialValue?: Record<string, unknown>;
};

const load = async (cookie = owner) => {
  const outcome = await call(setupRoute.loader as RouteFunction, makeRequest(PATH, { cookie }));
  return outcome.data as SetupData;
};
const post = (form: Record<string, string | string[]>, cookie = owner) =>
  call(setupRoute.action as RouteFunction, makeRequest(PATH, { cookie, form }));
const refusal = async (form: Record<string, string | string[]>) => {
  const outcome = await post(form);
  expect(outcome.status).toBe(400);
  return outcome.data as Refusal;
};
const eventRow = async () => (await db.select().from(event).where(eq(event.event_id, eventId)))[0]!;
const tickets = () => db.select().from(ticket).where(eq(ticket.event_id, eventId)).orderBy(ticket.display_order);

const settingsForm = (changes: Record<string, string> = {}) => ({
  intent: "save-settings",
  start_date_time: "2027-02-01T09:00",
  end_date_time: "2027-03-14T17:00",
  store_card: "yes",
  confirmation_message: "<p>See you at the <strong>gala</strong>!</p><script>alert(1)</script>",
  paddle_start: "200",
  order_limit: "10",
  ...changes,
});

const ticketForm = (changes: Record<string, string> = {}) => ({
  intent: "create-ticket",
  title: "Individual",
  description: "<p>One seat at dinner.</p>",
  type: "individual",
  price: "250",
  max_quantity: "",
  increment: "1",
  seat_count: "1",
  ...changes,
});

const questionForm = (changes: Record<string, string> = {}) => ({
  intent: "create-question",
  name: "",
  label: "T-shirt size",
  type: "select",
  options: "S\nM\n\nL",
  pattern: "",
  min: "",
  max: "",
  help: "For the fun run.",
  ...changes,
});

const promoForm = (changes: Record<string, string | string[]> = {}) => ({
  intent: "create-promo",
  code: "earlybird",
  discount_type: "percent",
  discount: "20",
  usage_limit: "",
  is_active: "yes",
  ...changes,
});

async function addTicket(changes: Record<string, string> = {}) {
  expect((await post(ticketForm(changes))).status).toBe(302);
  const rows = await tickets();
  return rows[rows.length - 1]!;
}

/** A purchase of `quantity` tickets, with its payment. */
async function sell(
  ticketId: number,
  quantity: number,
  fields: { amount: number; discount?: number; paid?: boolean; status?: string; promo?: number },
) {
  const [pay] = await db
    .insert(payment)
    .values({
      event_id: eventId,
      amount: fields.amount,
      method: fields.paid ? "card" : "pay_at_event",
      status: fields.paid ? "paid" : "pending",
    })
    .returning({ id: payment.payment_id });
  await db.insert(ticket_payment).values({
    ticket_id: ticketId,
    event_id: eventId,
    payment_id: pay!.id,
    first_name: "Ada",
    last_name: "Lovelace",
    email: "ada@example.org",
    quantity,
    amount: fields.amount,
    discount: fields.discount ?? 0,
    promo_code_id: fields.promo ?? null,
    status: fields.status ?? (fields.paid ? "paid" : "pending"),
  });
}

describe(`/admin/setup/registration on ${process.env.TEST_DB_ENGINE}`, () => {
  it("shows the defaults until saved, then creates the registration record with times in the event's zone", async () => {
    expect((await load()).settings).toMatchObject({
      start_date_time: null,
      paddle_start: "100",
      order_limit: "20",
      store_card: false,
    });
    expect((await load()).exists).toBe(false);
    const before = await eventRow();

    const outcome = await post(settingsForm());
    expect(outcome).toMatchObject({ status: 302, location: PATH });
    const after = await eventRow();
    expect(after.registration_id).not.toBeNull();
    expect(after.registration_version).toBe(before.registration_version + 1);
    const [record] = await db
      .select()
      .from(registration)
      .where(eq(registration.registration_id, after.registration_id!));
    expect(record).toMatchObject({
      start_date_time: new Date("2027-02-01T14:00:00Z"), // EST
      end_date_time: new Date("2027-03-14T21:00:00Z"), // EDT
      store_card: true,
      paddle_start: 200,
      order_limit: 10,
    });
    expect(record!.confirmation_message).toBe("<p>See you at the <strong>gala</strong>!</p>");

    // A second save updates the same record.
    // An unticked checkbox is not posted at all.
    const { store_card: _ticked, ...unticked } = settingsForm({ end_date_time: "" });
    await post(unticked);
    expect((await eventRow()).registration_id).toBe(after.registration_id);
    const view = await load();
    expect(view.settings).toMatchObject({ store_card: false, end_date_time: null, paddle_start: "200" });
    expect(view.windowSummary).toBe("opens Mon, 1 Feb 2027, 9:00 AM EST and stays open until you close it");
  });

  it("refuses bad settings with a message beside each field, and saves nothing", async () => {
    const refused = await refusal(
      settingsForm({ end_date_time: "2027-01-01T09:00", paddle_start: "abc", order_limit: "0" }),
    );
    expect(refused.formId).toBe("settings");
    expect(Object.keys(refused.error!).sort()).toEqual(["", "end_date_time", "order_limit", "paddle_start"]);
    expect(refused.error![""]).toEqual(["Nothing was saved. Correct the fields marked below."]);
    expect(refused.error!.end_date_time).toEqual(["Registration must close after it opens."]);
    expect((await eventRow()).registration_id).toBeNull();
  });

  it("adds, edits, reorders and deletes ticket types, in cents, scoped to the event", async () => {
    const individual = await addTicket({ price: "$1,250.50", max_quantity: "200" });
    expect(individual).toMatchObject({
      title: "Individual",
      price: 125_050,
      max_quantity: 200,
      display_order: 0,
      description: "<p>One seat at dinner.</p>",
    });
    const table = await addTicket({
      title: "Table of 8",
      type: "table",
      price: "2000",
      seat_count: "8",
      max_quantity: "",
    });
    expect(table).toMatchObject({ seat_count: 8, max_quantity: null, display_order: 1 });

    expect(
      (
        await post({
          ...ticketForm({ intent: "update-ticket", title: "Single seat", price: "275" }),
          ticket_id: String(individual.ticket_id),
        })
      ).status,
    ).toBe(302);
    expect((await post({ intent: "move-ticket", ticket_id: String(table.ticket_id), direction: "up" })).status).toBe(
      302,
    );
    expect((await tickets()).map((row) => [row.title, row.price])).toEqual([
      ["Table of 8", 200_000],
      ["Single seat", 27_500],
    ]);
    const view = await load();
    expect(view.tickets.map((row) => [row.title, row.price_label, row.sold])).toEqual([
      ["Table of 8", "$2,000.00", 0],
      ["Single seat", "$275.00", 0],
    ]);

    expect((await post({ intent: "delete-ticket", ticket_id: String(table.ticket_id) })).status).toBe(302);
    expect((await tickets()).map((row) => row.title)).toEqual(["Single seat"]);

    // Another event's ticket type is out of reach.
    const other = (await makeEvent(db)).event_id;
    const [foreign] = await db.insert(ticket).values({ event_id: other, title: "Theirs" }).returning();
    expect((await refusal({ intent: "delete-ticket", ticket_id: String(foreign!.ticket_id) })).formId).toBe(
      "tickets-list",
    );
    expect(await db.select().from(ticket).where(eq(ticket.ticket_id, foreign!.ticket_id))).toHaveLength(1);
  });

  it("refuses a bad ticket type with messages beside the fields", async () => {
    const refused = await refusal(
      ticketForm({ title: " ", price: "-5", increment: "0", seat_count: "x", max_quantity: "1.5", type: "vip" }),
    );
    expect(refused).toMatchObject({ formId: "new-ticket", initialValue: { title: " ", price: "-5" } });
    expect(Object.keys(refused.error!).sort()).toEqual([
      "increment",
      "max_quantity",
      "price",
      "seat_count",
      "title",
      "type",
    ]);
    expect(refused.error!.price).toEqual(["Amounts cannot be negative."]);
    expect(await tickets()).toHaveLength(0);
  });

  it("counts sales, refuses deleting a sold ticket type, and a limit below what is sold", async () => {
    const couple = await addTicket({ title: "Couple", price: "450" });
    await sell(couple.ticket_id, 3, { amount: 135_000, paid: true });
    await sell(couple.ticket_id, 2, { amount: 90_000, status: "cancelled" });
    expect((await load()).tickets[0]).toMatchObject({ title: "Couple", sold: 3 });

    const refused = await refusal({ intent: "delete-ticket", ticket_id: String(couple.ticket_id) });
    expect(refused).toEqual({
      status: "error",
      formId: "tickets-list",
      error: {
        "": [
          "“Couple” cannot be deleted: 3 tickets were sold. Its sales stay on record; change its limit to stop selling it.",
        ],
      },
    });
    expect(await tickets()).toHaveLength(1);

    const limit = await refusal({
      ...ticketForm({ intent: "update-ticket", title: "Couple", max_quantity: "2" }),
      ticket_id: String(couple.ticket_id),
    });
    expect(limit.error!.max_quantity![0]).toContain("3 tickets are already sold");
    expect((await tickets())[0]!.max_quantity).toBeNull();
  });

  it("adds questions with their rules, refuses a name used twice, and reorders and deletes them", async () => {
    expect((await post(questionForm())).status).toBe(302);
    expect(
      (
        await post(
          questionForm({
            label: "Age",
            type: "number",
            min: "18",
            max: "120",
            options: "",
            required: "yes",
            is_pre_sales_question: "yes",
          }),
        )
      ).status,
    ).toBe(302);
    const rows = await db.select().from(question).where(eq(question.event_id, eventId)).orderBy(question.display_order);
    expect(rows.map((row) => [row.name, row.type, row.validation, row.is_pre_sales_question])).toEqual([
      ["t_shirt_size", "select", { options: ["S", "M", "L"] }, false],
      ["age", "number", { required: true, min: 18, max: 120 }, true],
    ]);

    const duplicate = await refusal(questionForm({ name: "AGE", label: "How old are you?" }));
    expect(duplicate.error).toEqual({ name: ["A question with this name already exists at this event."] });

    const bad = await refusal(questionForm({ name: "1st", options: "Only one", label: "" }));
    expect(Object.keys(bad.error!).sort()).toEqual(["label", "name", "options"]);
    const badNumber = await refusal(questionForm({ label: "Guests", type: "number", min: "10", max: "2" }));
    expect(badNumber.error).toEqual({ max: ["The largest answer must be at least the smallest."] });
    const badPattern = await refusal(questionForm({ label: "Code", type: "text", pattern: "([a-z" }));
    expect(badPattern.error).toEqual({ pattern: ["This pattern is not a valid regular expression."] });

    const age = rows[1]!;
    expect(
      (await post({ intent: "move-question", question_id: String(age.question_id), direction: "up" })).status,
    ).toBe(302);
    expect((await load()).questions.map((row) => row.name)).toEqual(["age", "t_shirt_size"]);
    expect((await post({ intent: "delete-question", question_id: String(age.question_id) })).status).toBe(302);
    expect((await load()).questions.map((row) => row.name)).toEqual(["t_shirt_size"]);
  });

  it("keeps a question's name once guests answered under it", async () => {
    await post(questionForm());
    const [asked] = await db.select().from(question).where(eq(question.event_id, eventId));
    await db.insert(registrant).values({ event_id: eventId, name: "Ada", meta: { answers: { t_shirt_size: "M" } } });
    const refused = await refusal({
      ...questionForm({ intent: "update-question", name: "shirt" }),
      question_id: String(asked!.question_id),
    });
    expect(refused.error!.name![0]).toContain("1 guest has answered under the name “t_shirt_size”");
    // The wording may still change.
    expect(
      (
        await post({
          ...questionForm({ intent: "update-question", name: "t_shirt_size", label: "Shirt size" }),
          question_id: String(asked!.question_id),
        })
      ).status,
    ).toBe(302);
  });

  it("manages the meals and one meal question, and keeps a meal guests chose", async () => {
    expect((await post({ intent: "create-meal", title: "Filet Mignon", description: "With gratin." })).status).toBe(
      302,
    );
    expect((await post({ intent: "create-meal", title: "Risotto", description: "" })).status).toBe(302);
    const duplicate = await refusal({ intent: "create-meal", title: "Risotto", description: "" });
    expect(duplicate.error).toEqual({ title: ["A meal with this name already exists at this event."] });
    expect((await refusal({ intent: "create-meal", title: "", description: "" })).error!.title).toEqual([
      "A name is needed.",
    ]);

    expect((await post(questionForm({ label: "Meal choice", type: "meal", options: "" }))).status).toBe(302);
    const second = await refusal(questionForm({ label: "Dessert", type: "meal", options: "" }));
    expect(second.error!.type![0]).toContain("an event has one meal question");
    const [mealQuestion] = await db.select().from(question).where(eq(question.event_id, eventId));
    expect(mealQuestion).toMatchObject({ name: "meal_choice", type: "meal", validation: {} });

    const meals = await db.select().from(meal).where(eq(meal.event_id, eventId)).orderBy(meal.display_order);
    const [filet, risotto] = meals;
    expect((await post({ intent: "move-meal", meal_id: String(risotto!.meal_id), direction: "up" })).status).toBe(302);
    expect(
      (await post({ intent: "update-meal", meal_id: String(filet!.meal_id), title: "Filet", description: "" })).status,
    ).toBe(302);
    await db.insert(registrant).values({ event_id: eventId, name: "Ada", meal_id: filet!.meal_id });
    const view = await load();
    expect(view.meals.map((row) => [row.title, row.chosen])).toEqual([
      ["Risotto", 0],
      ["Filet", 1],
    ]);
    const chosen = await refusal({ intent: "delete-meal", meal_id: String(filet!.meal_id) });
    expect(chosen.formId).toBe("meals-list");
    expect(chosen.error![""]![0]).toContain("“Filet” cannot be deleted: 1 guest chose it");
    expect((await post({ intent: "delete-meal", meal_id: String(risotto!.meal_id) })).status).toBe(302);
    expect((await load()).meals.map((row) => row.title)).toEqual(["Filet"]);
  });

  it("stores promo codes upper-case, unique whatever the case, limited to the event's ticket types", async () => {
    const couple = await addTicket({ title: "Couple", price: "450" });
    expect((await post(promoForm({ ticket_ids: [String(couple.ticket_id)], usage_limit: "50" }))).status).toBe(302);
    const [code] = await db.select().from(promo_code).where(eq(promo_code.event_id, eventId));
    expect(code).toMatchObject({
      code: "EARLYBIRD",
      discount_type: "percent",
      discount: 20,
      ticket_ids: [couple.ticket_id],
      usage_limit: 50,
      times_used: 0,
      is_active: true,
    });

    const again = await refusal(promoForm({ code: "EarlyBird" }));
    expect(again).toMatchObject({
      formId: "new-promo",
      error: { code: ["This event already has a promo code with this name."] },
    });

    // Another event may have the same code.
    const other = (await makeEvent(db)).event_id;
    await db.insert(promo_code).values({ event_id: other, code: "BOARD", discount: 10 });
    expect((await post(promoForm({ code: "board", discount_type: "amount", discount: "25" }))).status).toBe(302);
    const board = (
      await db
        .select()
        .from(promo_code)
        .where(and(eq(promo_code.event_id, eventId), eq(promo_code.code, "BOARD")))
    )[0]!;
    expect(board).toMatchObject({ discount_type: "amount", discount: 2_500, ticket_ids: [] });

    const bad = await refusal(promoForm({ code: "x!", discount: "120" }));
    expect(Object.keys(bad.error!).sort()).toEqual(["code", "discount"]);
    expect(
      (await refusal(promoForm({ code: "FREE", discount_type: "amount", discount: "0" }))).error!.discount,
    ).toHaveLength(1);
    const [foreignTicket] = await db.insert(ticket).values({ event_id: other, title: "Theirs" }).returning();
    const foreign = await refusal(promoForm({ code: "VIP", ticket_ids: [String(foreignTicket!.ticket_id)] }));
    expect(foreign.error!.ticket_ids).toHaveLength(1);

    const view = await load();
    expect(view.promoCodes.map((row) => [row.code, row.discount_label, row.applies_to])).toEqual([
      ["BOARD", "$25.00 off", "All ticket types"],
      ["EARLYBIRD", "20% off", "Couple"],
    ]);
  });

  it("deactivates a used code, refuses deleting it and a limit below its use, deletes an unused one", async () => {
    await post(promoForm());
    await post(promoForm({ code: "SPARE" }));
    const [early, spare] = await db
      .select()
      .from(promo_code)
      .where(eq(promo_code.event_id, eventId))
      .orderBy(promo_code.code);
    await db.update(promo_code).set({ times_used: 4 }).where(eq(promo_code.promo_code_id, early!.promo_code_id));

    expect((await post({ intent: "deactivate-promo", promo_code_id: String(early!.promo_code_id) })).status).toBe(302);
    expect(
      (await db.select().from(promo_code).where(eq(promo_code.promo_code_id, early!.promo_code_id)))[0]!.is_active,
    ).toBe(false);
    const used = await refusal({ intent: "delete-promo", promo_code_id: String(early!.promo_code_id) });
    expect(used).toEqual({
      status: "error",
      formId: "promo-codes-list",
      error: {
        "": [
          "EARLYBIRD cannot be deleted: it discounted 4 tickets, and the sales keep its name. Deactivate it instead.",
        ],
      },
    });
    const limit = await refusal({
      ...promoForm({ intent: "update-promo", usage_limit: "3" }),
      promo_code_id: String(early!.promo_code_id),
    });
    expect(limit.error!.usage_limit![0]).toContain("already discounted 4 tickets");

    expect((await post({ intent: "delete-promo", promo_code_id: String(spare!.promo_code_id) })).status).toBe(302);
    expect((await load()).promoCodes.map((row) => [row.code, row.is_active, row.times_used])).toEqual([
      ["EARLYBIRD", false, 4],
    ]);
  });

  it("answers 403 to a team member without can_configure_event, and changes nothing", async () => {
    const user = await makeUser(db, { selected_event: eventId });
    await giveRole(db, user.usr_id, eventId, teamRoleWithout("can_configure_event"));
    const cookie = await sessionCookie(user.usr_id);
    expect((await call(setupRoute.loader as RouteFunction, makeRequest(PATH, { cookie }))).status).toBe(403);
    expect((await post(ticketForm(), cookie)).status).toBe(403);
    expect((await post(settingsForm(), cookie)).status).toBe(403);
    expect(await tickets()).toHaveLength(0);
    expect((await eventRow()).registration_id).toBeNull();
  });
});

describe(`/admin/bids/tickets on ${process.env.TEST_DB_ENGINE}`, () => {
  type SalesData = Awaited<ReturnType<typeof salesRoute.loader>>;
  const loadSales = async (cookie = owner) =>
    call(salesRoute.loader as RouteFunction, makeRequest("/admin/bids/tickets", { cookie }));

  it("lists each purchase and totals sales per ticket type, leaving cancelled ones out", async () => {
    const single = await addTicket({ title: "Individual", price: "250" });
    const table = await addTicket({ title: "Table of 8", type: "table", price: "2000", seat_count: "8" });
    await addTicket({ title: "Sponsor", type: "sponsor", price: "5000" });
    await post(promoForm());
    const [code] = await db.select().from(promo_code).where(eq(promo_code.event_id, eventId));
    await sell(single.ticket_id, 2, { amount: 40_000, discount: 10_000, paid: true, promo: code!.promo_code_id });
    await sell(single.ticket_id, 1, { amount: 25_000 });
    await sell(table.ticket_id, 1, { amount: 200_000, paid: true });
    await sell(table.ticket_id, 1, { amount: 200_000, status: "cancelled" });

    const outcome = await loadSales();
    expect(outcome.status).toBe(200);
    const { sales, totals, overall } = outcome.data as SalesData;
    expect(sales).toHaveLength(4);
    const discounted = sales.find((row) => row.promo_code === "EARLYBIRD")!;
    expect(discounted).toMatchObject({
      buyer: "Ada Lovelace",
      ticket: "Individual",
      quantity: 2,
      amount: 40_000,
      amount_label: "$400.00",
      discount_label: "$100.00",
      method: "Card",
      payment_status: "paid",
    });
    expect(
      totals.map((row) => [row.title, row.sold, row.seats, row.gross, row.discounts, row.net, row.paid, row.pending]),
    ).toEqual([
      ["Individual", 3, 3, 75_000, 10_000, 65_000, 40_000, 25_000],
      ["Table of 8", 1, 8, 200_000, 0, 200_000, 200_000, 0],
      ["Sponsor", 0, 0, 0, 0, 0, 0, 0],
    ]);
    expect(overall).toMatchObject({
      title: "All tickets",
      sold: 4,
      seats: 11,
      net: 265_000,
      paid: 240_000,
      pending: 25_000,
    });
    expect(overall.labels.net).toBe("$2,650.00");
  });

  it("needs can_view_stats", async () => {
    const user = await makeUser(db, { selected_event: eventId });
    await giveRole(db, user.usr_id, eventId, teamRole("can_configure_event"));
    expect((await loadSales(await sessionCookie(user.usr_id))).status).toBe(403);
  });
});
