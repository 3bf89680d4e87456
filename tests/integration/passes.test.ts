// /admin/registration/passes: one row per pass with its guests and personal links, marking a pending payment paid
// by cash or check, cancelling a pass (its tickets back on sale, its guests gone, its payment cancelled or lowered),
// resending its confirmation; and the permission.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { registerParty, ticketsLeft } from "~/registration/register-party.server";
import * as route from "~/routes/admin._workspace.registration.passes";
import { event, payment, registrant, registration, ticket, ticket_payment } from "~drizzle/schema";
import { testDatabase } from "../support/database";
import { mailTo } from "../support/mailbox";
import { giveRole, makeEvent, makeUser, sessionCookie, teamRole, teamRoleWithout } from "../support/people";
import { call, makeRequest, type RouteFunction } from "../support/route-calls";
import type { PassRow } from "~/registration/passes.server";

const { db } = testDatabase();

let eventId: number;
let url: string;
let cookie: string;
let couple: { ticket_id: number };
let single: { ticket_id: number };

beforeEach(async () => {
  const made = await makeEvent(db);
  eventId = made.event_id;
  url = `/admin/registration/passes?id=${eventId}`;
  const [record] = await db.insert(registration).values({}).returning();
  await db.update(event).set({ registration_id: record.registration_id }).where(eq(event.event_id, eventId));
  [couple, single] = await db
    .insert(ticket)
    .values([
      { event_id: eventId, title: "Couple", price: 45_000, seat_count: 2, max_quantity: 1 },
      { event_id: eventId, title: "Individual", price: 25_000, max_quantity: 10 },
    ])
    .returning();
  const staff = await makeUser(db);
  await giveRole(db, staff.usr_id, eventId, teamRole("can_register"));
  cookie = await sessionCookie(staff.usr_id);
});

async function order(
  lines: { ticketId: number; quantity: number }[],
  method: "pay_at_event" | "comp" = "pay_at_event",
) {
  const result = await registerParty(db, {
    eventId,
    lines,
    buyer: { first_name: "Ada", last_name: "Lovelace", email: "ada.passes@example.org" },
    guests: [{ first_name: "Ada", last_name: "Lovelace", email: "ada.passes@example.org" }],
    method,
  });
  if (!result.ok) throw new Error(result.refusal.message);
  return result.party;
}

const post = (form: Record<string, string>, as = cookie) =>
  call(route.action as RouteFunction, makeRequest(url, { cookie: as, form }));
const load = async () =>
  ((await call(route.loader as RouteFunction, makeRequest(url, { cookie }))).data as { passes: PassRow[] }).passes;

describe(`/admin/registration/passes on ${process.env.TEST_DB_ENGINE}`, () => {
  it("lists a pass with its guests, and the personal link of a seat still to be named", async () => {
    const party = await order([{ ticketId: couple.ticket_id, quantity: 1 }]);
    const [row] = await load();
    expect(row).toMatchObject({
      pass_id: party.passIds[0],
      title: "Couple: Ada Lovelace",
      email: "ada.passes@example.org",
      ticket: "Couple",
      seats: 2,
      named: 1,
      names: "Ada Lovelace",
      amount: 45_000,
      amount_label: "$450.00",
      method: "pay_at_event",
      status: "pending",
    });
    const unnamed = party.guests[1];
    expect(row.guests).toEqual([
      expect.objectContaining({ name: "Ada Lovelace", link: null }),
      expect.objectContaining({
        name: null,
        link: `http://localhost:3000/register?id=${eventId}&guest=${unnamed.claim_token}`,
      }),
    ]);
  });

  it("marks a pending payment paid by check, once", async () => {
    const party = await order([{ ticketId: couple.ticket_id, quantity: 1 }]);
    expect(await post({ intent: "mark-paid", pass: String(party.passIds[0]), method: "check" })).toMatchObject({
      status: 302,
    });
    const [paid] = await db.select().from(payment).where(eq(payment.payment_id, party.paymentId));
    expect(paid).toMatchObject({ status: "paid", method: "check" });
    const lines = await db.select().from(ticket_payment).where(eq(ticket_payment.payment_id, party.paymentId));
    expect(lines.map((line) => line.status)).toEqual(["paid"]);
    expect((await load())[0]).toMatchObject({ status: "paid", method: "check" });

    const again = await post({ intent: "mark-paid", pass: String(party.passIds[0]), method: "cash" });
    expect(again.status).toBe(302);
    const [still] = await db.select().from(payment).where(eq(payment.payment_id, party.paymentId));
    expect(still.method).toBe("check");
  });

  it("cancels a pass: its tickets go back on sale, its guests are deleted, its payment cancelled", async () => {
    const party = await order([{ ticketId: couple.ticket_id, quantity: 1 }]);
    expect((await ticketsLeft(db, eventId)).get(couple.ticket_id)).toBe(0);
    const soldOut = await registerParty(db, {
      eventId,
      lines: [{ ticketId: couple.ticket_id, quantity: 1 }],
      buyer: { first_name: "Grace", last_name: "Hopper", email: "grace@example.org" },
      guests: [],
      method: "pay_at_event",
    });
    expect(soldOut).toMatchObject({ ok: false, refusal: { code: "sold_out" } });

    expect(await post({ intent: "cancel", pass: String(party.passIds[0]) })).toMatchObject({ status: 302 });
    expect((await ticketsLeft(db, eventId)).get(couple.ticket_id)).toBe(1);
    expect(await db.select().from(registrant).where(eq(registrant.event_id, eventId))).toHaveLength(0);
    const [cancelled] = await db.select().from(payment).where(eq(payment.payment_id, party.paymentId));
    expect(cancelled.status).toBe("cancelled");
    expect((await load())[0]).toMatchObject({ status: "cancelled", guests: [] });
    const resold = await registerParty(db, {
      eventId,
      lines: [{ ticketId: couple.ticket_id, quantity: 1 }],
      buyer: { first_name: "Grace", last_name: "Hopper", email: "grace@example.org" },
      guests: [],
      method: "pay_at_event",
    });
    expect(resold.ok).toBe(true);
  });

  it("cancels one pass of an order of two: the payment is lowered, not cancelled", async () => {
    const party = await order([
      { ticketId: couple.ticket_id, quantity: 1 },
      { ticketId: single.ticket_id, quantity: 2 },
    ]);
    const [couplePass] = party.passIds;
    await post({ intent: "cancel", pass: String(couplePass) });
    const [lowered] = await db.select().from(payment).where(eq(payment.payment_id, party.paymentId));
    expect(lowered).toMatchObject({ status: "pending", amount: 50_000 });
    expect(await db.select().from(registrant).where(eq(registrant.event_id, eventId))).toHaveLength(2);
  });

  it("sends a pass's confirmation again", async () => {
    const party = await order([{ ticketId: single.ticket_id, quantity: 1 }], "comp");
    const before = (await mailTo("ada.passes@example.org")).length;
    expect(await post({ intent: "resend", pass: String(party.passIds[0]) })).toMatchObject({ status: 302 });
    expect(await mailTo("ada.passes@example.org")).toHaveLength(before + 1);
  });

  it("needs can_register", async () => {
    const party = await order([{ ticketId: couple.ticket_id, quantity: 1 }]);
    const other = await makeUser(db);
    await giveRole(db, other.usr_id, eventId, teamRoleWithout("can_register"));
    const denied = await sessionCookie(other.usr_id);
    expect((await call(route.loader as RouteFunction, makeRequest(url, { cookie: denied }))).status).toBe(403);
    expect((await post({ intent: "cancel", pass: String(party.passIds[0]) }, denied)).status).toBe(403);
    expect(await db.select().from(registrant).where(eq(registrant.event_id, eventId))).toHaveLength(2);
  });
});
