// /admin/registration/registrants: the grid's rows, the manual registration dialog (a guest, a party with seats left
// to name, comps), editing a guest (a paddle taken by another party refused at its field, a couple sharing one),
// resending the confirmation, deleting, and the CSV import (a dry run changes nothing and lists each row's problems;
// the import makes one pass per party); and the permission.
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { registerParty } from "~/registration/register-party.server";
import * as route from "~/routes/admin._workspace.registration.registrants";
import {
  event,
  meal,
  pass,
  payment,
  question,
  registrant,
  registration,
  ticket,
  ticket_payment,
} from "~drizzle/schema";
import { testDatabase } from "../support/database";
import { mailTo } from "../support/mailbox";
import { giveRole, makeEvent, makeUser, sessionCookie, teamRole, teamRoleWithout } from "../support/people";
import { call, makeRequest, type RouteFunction } from "../support/route-calls";
import type { RegistrantImportCheck } from "~/registration/registrant-import.server";
import type { RegistrantRow, RegistrationChoices } from "~/registration/registrants.server";

const { db } = testDatabase();

let eventId: number;
let url: string;
let cookie: string;
let individual: { ticket_id: number };
let table: { ticket_id: number };
let chicken: { meal_id: number };

beforeEach(async () => {
  const made = await makeEvent(db);
  eventId = made.event_id;
  url = `/admin/registration/registrants?id=${eventId}`;
  const [record] = await db.insert(registration).values({ paddle_start: 100 }).returning();
  await db.update(event).set({ registration_id: record.registration_id }).where(eq(event.event_id, eventId));
  [individual, table] = await db
    .insert(ticket)
    .values([
      { event_id: eventId, title: "Individual", price: 25_000, max_quantity: 2 },
      { event_id: eventId, title: "Table of 4", price: 90_000, seat_count: 4 },
    ])
    .returning();
  [chicken] = await db
    .insert(meal)
    .values([
      { event_id: eventId, title: "Chicken" },
      { event_id: eventId, title: "Risotto" },
    ])
    .returning();
  await db.insert(question).values([
    { event_id: eventId, name: "meal", label: "Meal", type: "meal" },
    { event_id: eventId, name: "diet", label: "Dietary needs", type: "text", validation: { max: 20 } },
  ]);
  const staff = await makeUser(db);
  await giveRole(db, staff.usr_id, eventId, teamRole("can_register"));
  cookie = await sessionCookie(staff.usr_id);
});

const post = (form: Record<string, string>, as = cookie) =>
  call(route.action as RouteFunction, makeRequest(url, { cookie: as, form }));
const load = async () =>
  (await call(route.loader as RouteFunction, makeRequest(url, { cookie }))).data as {
    registrants: RegistrantRow[];
    choices: RegistrationChoices;
  };
const guests = () =>
  db.select().from(registrant).where(eq(registrant.event_id, eventId)).orderBy(registrant.registrant_id);

function upload(csv: string) {
  const form = new FormData();
  form.set("intent", "check");
  form.set("file", new File([csv], "guests.csv", { type: "text/csv" }));
  return call(
    route.action as RouteFunction,
    new Request(new URL(url, "http://localhost:3000"), { method: "POST", headers: { Cookie: cookie }, body: form }),
  );
}

describe(`/admin/registration/registrants on ${process.env.TEST_DB_ENGINE}`, () => {
  it("registers a single guest by hand and sends the confirmation when asked", async () => {
    const outcome = await post({
      intent: "register",
      dialog: "new-registration",
      ticket_id: String(individual.ticket_id),
      quantity: "1",
      first_name: "Ada",
      last_name: "Lovelace",
      email: "ada.manual@example.org",
      method: "cash",
      send_email: "yes",
    });
    expect(outcome.status).toBe(302);
    const [ada] = await guests();
    expect(ada).toMatchObject({ name: "Ada Lovelace", email: "ada.manual@example.org", paddle: 100, is_claimed: true });
    const [paid] = await db.select().from(payment).where(eq(payment.payment_id, ada.payment_id!));
    expect(paid).toMatchObject({ method: "cash", status: "paid", amount: 25_000 });
    const [mail] = await mailTo("ada.manual@example.org");
    expect(mail.subject).toMatch(/^Your registration for /);

    const { registrants } = await load();
    expect(registrants).toEqual([
      expect.objectContaining({
        name: "Ada Lovelace",
        paddle: 100,
        ticket: "Individual",
        payment_status: "paid",
        claimed: true,
        checked_in: false,
      }),
    ]);
  });

  it("registers a party with some seats left to name, as comps beyond the ticket limit", async () => {
    // Two Individual tickets exist: staff are not held to the limit.
    const outcome = await post({
      intent: "register",
      dialog: "new-registration",
      ticket_id: String(table.ticket_id),
      quantity: "1",
      first_name: "Grace",
      last_name: "Hopper",
      company: "Navy",
      method: "comp",
      "guest-1-first_name": "Alan",
      "guest-1-last_name": "Turing",
      "guest-2-first_name": "",
      "guest-2-last_name": "",
    });
    expect(outcome.status).toBe(302);
    const party = await guests();
    expect(party.map((guest) => guest.name)).toEqual(["Grace Hopper", "Alan Turing", null, null]);
    expect(new Set(party.map((guest) => guest.pass_id)).size).toBe(1);
    const [paid] = await db.select().from(payment).where(eq(payment.payment_id, party[0].payment_id!));
    expect(paid).toMatchObject({ method: "comp", status: "paid", amount: 0 });

    const comp = await post({
      intent: "register",
      dialog: "new-registration",
      ticket_id: String(individual.ticket_id),
      quantity: "3",
      first_name: "Comp",
      last_name: "Guest",
      method: "comp",
    });
    expect(comp.status).toBe(302);
    expect(await guests()).toHaveLength(7);
  });

  it("refuses bad input at the field and registers nothing", async () => {
    const outcome = await post({
      intent: "register",
      dialog: "new-registration",
      ticket_id: String(individual.ticket_id),
      quantity: "1",
      first_name: "",
      last_name: "Lovelace",
      email: "",
      send_email: "yes",
      method: "comp",
      "guest-1-first_name": "Extra",
      "guest-1-last_name": "Person",
    });
    expect(outcome).toMatchObject({
      status: 400,
      data: {
        formId: "new-registration",
        error: {
          first_name: ["Enter the guest's first name."],
          email: [expect.stringContaining("untick")],
          quantity: ["2 guests are named for 1 seat: add tickets or clear some names."],
        },
        initialValue: { last_name: "Lovelace" },
      },
    });
    expect(await guests()).toHaveLength(0);
  });

  it("edits a guest: a paddle of another party is refused at the field, a couple may share one", async () => {
    const couple = await registerParty(db, {
      eventId,
      lines: [{ ticketId: table.ticket_id, quantity: 1 }],
      buyer: { first_name: "Ada", last_name: "Lovelace", email: "ada@example.org" },
      guests: [
        { first_name: "Ada", last_name: "Lovelace" },
        { first_name: "William", last_name: "King" },
      ],
      method: "comp",
      byStaff: true,
    });
    const other = await registerParty(db, {
      eventId,
      lines: [{ ticketId: individual.ticket_id, quantity: 1 }],
      buyer: { first_name: "Grace", last_name: "Hopper", email: "grace@example.org" },
      guests: [{ first_name: "Grace", last_name: "Hopper" }],
      method: "comp",
      byStaff: true,
    });
    if (!couple.ok || !other.ok) throw new Error("setup failed");
    const [ada, william] = couple.party.guests;
    const grace = other.party.guests[0];
    const edit = (id: number, fields: Record<string, string>) =>
      post({
        intent: "edit",
        dialog: `edit-registrant-${id}`,
        registrant: String(id),
        first_name: "William",
        last_name: "King",
        ...fields,
      });

    const taken = await edit(william.registrant_id, { paddle: String(grace.paddle), email: "will@example.org" });
    expect(taken).toMatchObject({
      status: 400,
      data: { error: { paddle: [`Paddle ${grace.paddle} belongs to Grace Hopper.`] } },
    });
    const [unchanged] = await db.select().from(registrant).where(eq(registrant.registrant_id, william.registrant_id));
    expect(unchanged).toMatchObject({ paddle: william.paddle, email: null });

    const badAnswer = await edit(william.registrant_id, {
      paddle: String(william.paddle),
      "answer-diet": "x".repeat(21),
      meal_id: "999999",
    });
    expect(badAnswer).toMatchObject({
      status: 400,
      data: { error: { "answer-diet": ["Keep it to 20 characters."], meal_id: ["Choose one of the meals."] } },
    });

    // Past its limit a field is refused beside it, not cut to fit without a word (issue 32, finding 9).
    const tooLong = await edit(william.registrant_id, {
      paddle: String(william.paddle),
      last_name: "K".repeat(101),
      city: "x".repeat(10_001),
      zip: "1".repeat(21),
    });
    expect(tooLong).toMatchObject({
      status: 400,
      data: {
        error: {
          last_name: ["A last name can be at most 100 characters."],
          city: ["A city can be at most 100 characters."],
          zip: ["A postal code can be at most 20 characters."],
        },
      },
    });

    const shared = await edit(william.registrant_id, {
      first_name: "Will",
      paddle: String(ada.paddle),
      email: "will@example.org",
      city: "London",
      group: "Lovelace family",
      meal_id: String(chicken.meal_id),
      "answer-diet": "No nuts",
    });
    expect(shared.status).toBe(302);
    const [saved] = await db.select().from(registrant).where(eq(registrant.registrant_id, william.registrant_id));
    expect(saved).toMatchObject({
      name: "Will King",
      paddle: ada.paddle,
      email: "will@example.org",
      city: "London",
      group: "Lovelace family",
      meal_id: chicken.meal_id,
      meta: { answers: { meal: "Chicken", diet: "No nuts" } },
    });
    const [theirPass] = await db.select().from(pass).where(eq(pass.pass_id, ada.pass_id));
    expect(theirPass.names).toEqual(["Ada Lovelace", "Will King"]);
    const row = (await load()).registrants.find((guest) => guest.registrant_id === william.registrant_id);
    expect(row).toMatchObject({ meal: "Chicken", answers_label: "Meal: Chicken; Dietary needs: No nuts" });
  });

  it("resends the confirmation of a guest's order, and deletes a guest without reusing their paddle", async () => {
    const made = await registerParty(db, {
      eventId,
      lines: [{ ticketId: individual.ticket_id, quantity: 1 }],
      buyer: { first_name: "Edsger", last_name: "Dijkstra", email: "edsger@example.org" },
      guests: [{ first_name: "Edsger", last_name: "Dijkstra" }],
      method: "pay_at_event",
      byStaff: true,
    });
    if (!made.ok) throw new Error("setup failed");
    const [edsger] = made.party.guests;
    const before = (await mailTo("edsger@example.org")).length;
    expect(await post({ intent: "resend", registrant: String(edsger.registrant_id) })).toMatchObject({ status: 302 });
    const mail = await mailTo("edsger@example.org");
    expect(mail).toHaveLength(before + 1);
    expect(mail[0].text).toContain("Edsger Dijkstra");

    expect(await post({ intent: "delete", registrant: String(edsger.registrant_id) })).toMatchObject({ status: 302 });
    expect(await guests()).toHaveLength(0);
    await post({
      intent: "register",
      dialog: "new-registration",
      ticket_id: String(individual.ticket_id),
      quantity: "1",
      first_name: "Next",
      last_name: "Guest",
      method: "comp",
    });
    const [next] = await guests();
    expect(next.paddle).toBe(edsger.paddle! + 1);
  });

  it("checks a CSV file without changing anything, listing each row's problems", async () => {
    await registerParty(db, {
      eventId,
      lines: [{ ticketId: individual.ticket_id, quantity: 1 }],
      buyer: { first_name: "Held", last_name: "Paddle", email: "held@example.org" },
      guests: [{ first_name: "Held", last_name: "Paddle" }],
      method: "comp",
      byStaff: true,
    });
    const csv = [
      "First name,Last name,Email,Ticket,Party,Paddle,Meal,Dietary needs,Shoe size",
      "Ada,Lovelace,ada@example.org,Table of 4,Lovelace,,Chicken,,42",
      "William,King,william@example,Table of 4,Lovelace,,,,",
      "Grace,Hopper,grace@example.org,Gold ticket,,,,,",
      "Alan,Turing,alan@example.org,Individual,,100,,,",
      "Edsger,Dijkstra,,individual,Dijkstra,300,Risotto,vegan,",
      "Ria,Dijkstra,,Individual,Dijkstra,300,,,",
      "Tony,Hoare,,Individual,,300,,,",
    ].join("\n");
    const outcome = await upload(csv);
    expect(outcome.status).toBe(200);
    const { importCheck } = outcome.data as { importCheck: RegistrantImportCheck };
    expect(importCheck.ignoredColumns).toEqual(["shoe_size"]);
    expect(importCheck.problems).toEqual([
      { line: 2, name: "Ada Lovelace", messages: ["Left out with its party: line 3 has problems."] },
      { line: 3, name: "William King", messages: ["“william@example” is not an email address."] },
      { line: 4, name: "Grace Hopper", messages: [expect.stringMatching(/^Ticket type “Gold ticket” does not exist/)] },
      { line: 5, name: "Alan Turing", messages: ["Paddle 100 belongs to Held Paddle."] },
      { line: 8, name: "Tony Hoare", messages: ["Paddle 300 is also on line 6, in another party."] },
    ]);
    // A couple shares paddle 300: one party, both seats of two Individual tickets.
    expect(importCheck.parties).toEqual([
      expect.objectContaining({
        name: "Dijkstra",
        ticket: "Individual",
        quantity: 2,
        seats: 2,
        method: "comp",
        guests: [
          expect.objectContaining({ paddle: 300, answers: { meal: "Risotto", diet: "vegan" } }),
          expect.objectContaining({ paddle: 300 }),
        ],
      }),
    ]);
    expect(await guests()).toHaveLength(1);
  });

  it("refuses a file it cannot read on the file field, in the form contract's shape, registering nobody", async () => {
    expect(await upload("")).toMatchObject({
      status: 400,
      data: { formId: "registrant-import", status: "error", error: { file: ["Choose a CSV file to check."] } },
    });
    expect(await upload("First name,Last name\n")).toMatchObject({
      status: 400,
      data: { formId: "registrant-import", error: { file: ["The file has no rows under its header line."] } },
    });
    expect(await post({ intent: "import", csv: "First name,Last name\n", file_name: "guests.csv" })).toMatchObject({
      status: 400,
      data: { formId: "registrant-import", error: { file: ["The file has no rows under its header line."] } },
    });
    expect(await guests()).toHaveLength(0);
  });

  it("imports parties as one pass each, with the file's paddles, and the grid exports them", async () => {
    const csv = [
      "Name,Email,Ticket,Group,Payment,Paddle,Meal,Company",
      "Ada Lovelace,ada@example.org,Table of 4,Lovelace,check,101,Chicken,Analytical",
      "William King,,Table of 4,Lovelace,,101,,",
      "Charles Babbage,,Table of 4,Lovelace,,,,",
      "Grace Hopper,grace@example.org,Individual,,,100,,",
      "Alan Turing,,Individual,,cash,,,",
    ].join("\n");
    const checked = await upload(csv);
    expect((checked.data as { importCheck: RegistrantImportCheck }).importCheck.problems).toEqual([]);
    const imported = await post({ intent: "import", csv, file_name: "guests.csv" });
    expect(imported.status).toBe(302);

    const rows = await guests();
    expect(rows.map((guest) => [guest.name, guest.paddle])).toEqual([
      ["Ada Lovelace", 101],
      ["William King", 101],
      ["Charles Babbage", expect.any(Number)],
      [null, expect.any(Number)],
      ["Grace Hopper", 100],
      ["Alan Turing", expect.any(Number)],
    ]);
    const paddles = rows.map((guest) => guest.paddle);
    expect(new Set(paddles.slice(2)).size).toBe(4);
    expect(rows[0]).toMatchObject({ group: "Lovelace", company: "Analytical", meal_id: chicken.meal_id });
    expect(new Set(rows.slice(0, 4).map((guest) => guest.pass_id)).size).toBe(1);
    const lines = await db
      .select()
      .from(ticket_payment)
      .where(eq(ticket_payment.event_id, eventId))
      .orderBy(ticket_payment.ticket_payment_id);
    expect(lines.map((line) => [line.quantity, line.status])).toEqual([
      [1, "paid"],
      [1, "paid"],
      [1, "paid"],
    ]);
    const methods = await db
      .select({ method: payment.method })
      .from(payment)
      .where(eq(payment.event_id, eventId))
      .orderBy(payment.payment_id);
    expect(methods.map((row) => row.method)).toEqual(["check", "comp", "cash"]);

    // The grid's CSV export is built from these rows in the browser (app/grid/grid-export.ts).
    const { gridCsv } = await import("~/grid/grid-export");
    const { registrants } = await load();
    const csvOut = gridCsv(
      [
        { id: "name", header: "Name", value: (row: RegistrantRow) => row.name },
        { id: "paddle", header: "Paddle", value: (row: RegistrantRow) => row.paddle },
        { id: "party", header: "Party", value: (row: RegistrantRow) => row.party },
      ],
      registrants.filter((row) => row.name === "Ada Lovelace"),
    );
    expect(csvOut.split(/\r?\n/)[1]).toBe("Ada Lovelace,101,Table of 4: Analytical");
  });

  it("imports a guest already here as an update, never a twin: same name and email or phone", async () => {
    // Ada registered online; the invitees' list comes in later with her phone, company and paddle.
    const online = await registerParty(db, {
      eventId,
      lines: [{ ticketId: individual.ticket_id, quantity: 1 }],
      buyer: { first_name: "Ada", last_name: "Lovelace", email: "ada@example.org" },
      guests: [{ first_name: "Ada", last_name: "Lovelace", email: "ada@example.org", phone: "(617) 555-0101" }],
      method: "comp",
      byStaff: true,
    });
    if (!online.ok) throw new Error("setup failed");
    const [ada] = online.party.guests;
    const ticketsBefore = await db.select().from(ticket_payment).where(eq(ticket_payment.event_id, eventId));

    const csv = [
      "First name,Last name,Email,Phone,Company,Ticket,Paddle",
      // Ada by her email, written in capitals: her company is new, her phone the same in another format.
      "ADA,lovelace,Ada@Example.org,+1 617 555 0101,Analytical,,",
      // Charles shares Ada's email (a household's address): another person, a new guest.
      "Charles,Babbage,ada@example.org,,,Individual,",
      // A line given twice.
      "Grace,Hopper,grace@example.org,,,Individual,",
      "Grace,Hopper,grace@example.org,,,Individual,",
      // Ada again by her phone, with a paddle other than hers.
      `Ada,Lovelace,,617-555-0101,,,${ada.paddle! + 50}`,
    ].join("\n");
    const checked = await upload(csv);
    const { importCheck } = checked.data as { importCheck: RegistrantImportCheck };
    expect(importCheck.updates).toEqual([
      {
        line: 2,
        name: "Ada Lovelace",
        registrantId: ada.registrant_id,
        matchedBy: "email",
        changes: ["company"],
        set: { company: "Analytical" },
      },
    ]);
    expect(importCheck.problems).toEqual([
      {
        line: 5,
        name: "Grace Hopper",
        messages: ["Line 4 is the same guest (same name and email): keep one of the two lines."],
      },
      {
        line: 6,
        name: "Ada Lovelace",
        messages: [
          "Line 2 is the same guest (same name and phone): keep one of the two lines.",
          `Ada Lovelace is a guest already, with paddle ${ada.paddle}; the file says ${ada.paddle! + 50}. ` +
            "Change a guest's paddle on their row of the list.",
        ],
      },
    ]);
    expect(importCheck.parties.map((party) => party.guests.map((guest) => guest.first_name))).toEqual([
      ["Charles"],
      ["Grace"],
    ]);
    expect(await guests()).toHaveLength(1);

    const imported = await post({ intent: "import", csv, file_name: "guests.csv" });
    expect(imported.status).toBe(302);
    const rows = await guests();
    expect(rows.map((guest) => guest.name)).toEqual(["Ada Lovelace", "Charles Babbage", "Grace Hopper"]);
    expect(rows[0]).toMatchObject({ company: "Analytical", phone: "(617) 555-0101", paddle: ada.paddle });
    // Tickets were bought for the two new guests only.
    const ticketsAfter = await db.select().from(ticket_payment).where(eq(ticket_payment.event_id, eventId));
    expect(ticketsAfter).toHaveLength(ticketsBefore.length + 2);

    // The same list imported again changes nothing and adds nobody.
    const again = (await upload(csv.split("\n").slice(0, 5).join("\n"))).data as { importCheck: RegistrantImportCheck };
    expect(again.importCheck.parties).toEqual([]);
    expect(again.importCheck.updates.map((update) => [update.line, update.name, update.changes])).toEqual([
      [2, "Ada Lovelace", []],
      [3, "Charles Babbage", []],
      [4, "Grace Hopper", []],
    ]);
    expect(
      await post({ intent: "import", csv: csv.split("\n").slice(0, 5).join("\n"), file_name: "again.csv" }),
    ).toMatchObject({ status: 302 });
    expect(await guests()).toHaveLength(3);
  });

  it("gives a guest already here the paddle the file names when they have none, and refuses one held", async () => {
    const online = await registerParty(db, {
      eventId,
      lines: [{ ticketId: individual.ticket_id, quantity: 2 }],
      buyer: { first_name: "Alan", last_name: "Turing", email: "alan@example.org" },
      guests: [
        { first_name: "Alan", last_name: "Turing", email: "alan@example.org" },
        { first_name: "Joan", last_name: "Clarke", phone: "+44 20 7946 0958" },
      ],
      method: "comp",
      byStaff: true,
    });
    if (!online.ok) throw new Error("setup failed");
    const [alan, joan] = online.party.guests;
    await db.update(registrant).set({ paddle: null }).where(eq(registrant.registrant_id, joan.registrant_id));
    const held = (await upload(`Name,Email,Phone,Paddle\nJoan Clarke,,+442079460958,${alan.paddle}`)).data as {
      importCheck: RegistrantImportCheck;
    };
    expect(held.importCheck.problems).toEqual([
      { line: 2, name: "Joan Clarke", messages: [`Paddle ${alan.paddle} belongs to Alan Turing.`] },
    ]);
    expect(held.importCheck.updates).toEqual([]);
    const csv = "Name,Email,Phone,Paddle,Meal,Dietary needs\nJoan Clarke,,+44 (0) 20 7946 0958,777,Chicken,vegan";
    const { importCheck } = (await upload(csv)).data as { importCheck: RegistrantImportCheck };
    expect(importCheck.problems).toEqual([]);
    // The same number written another way is no change.
    expect(importCheck.updates).toMatchObject([
      { line: 2, matchedBy: "phone", changes: ["meal", "paddle", "answers"] },
    ]);
    expect((await post({ intent: "import", csv, file_name: "paddles.csv" })).status).toBe(302);
    const [saved] = await db.select().from(registrant).where(eq(registrant.registrant_id, joan.registrant_id));
    expect(saved).toMatchObject({
      paddle: 777,
      meal_id: chicken.meal_id,
      meta: { answers: { meal: "Chicken", diet: "vegan" } },
    });
    const row = (await load()).registrants.find((guest) => guest.registrant_id === joan.registrant_id);
    expect(row).toMatchObject({ meal: "Chicken", answers_label: "Meal: Chicken; Dietary needs: vegan" });
  });

  it("needs can_register", async () => {
    const other = await makeUser(db);
    await giveRole(db, other.usr_id, eventId, teamRoleWithout("can_register"));
    const denied = await sessionCookie(other.usr_id);
    expect((await call(route.loader as RouteFunction, makeRequest(url, { cookie: denied }))).status).toBe(403);
    expect(
      (
        await post(
          {
            intent: "register",
            ticket_id: String(individual.ticket_id),
            first_name: "A",
            last_name: "B",
            method: "comp",
          },
          denied,
        )
      ).status,
    ).toBe(403);
    expect(
      await db
        .select()
        .from(registrant)
        .where(and(eq(registrant.event_id, eventId))),
    ).toHaveLength(0);
  });
});
