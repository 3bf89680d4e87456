// Unpaid "pay at the event" orders cannot sell out an event (issue 19): one buyer holds at most one order's worth
// of unpaid tickets, one client address three orders' worth; paying, or the team's orders, are not held to it.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { registerParty, type PartyOrder } from "~/registration/register-party.server";
import * as passesRoute from "~/routes/admin._workspace.registration.passes";
import { event, payment, registrant, registration, ticket } from "~drizzle/schema";
import { testDatabase } from "../support/database";
import { giveRole, makeEvent, makeUser, sessionCookie, teamRole } from "../support/people";
import { call, makeRequest, type RouteFunction } from "../support/route-calls";

const { db } = testDatabase();
const HOUR = 3_600_000;

async function openEvent() {
  const made = await makeEvent(db);
  const [record] = await db
    .insert(registration)
    .values({
      start_date_time: new Date(Date.now() - HOUR),
      end_date_time: new Date(Date.now() + HOUR),
      order_limit: 4,
    })
    .returning();
  await db.update(event).set({ registration_id: record.registration_id }).where(eq(event.event_id, made.event_id));
  const [single] = await db
    .insert(ticket)
    .values({ event_id: made.event_id, title: "Individual", price: 25_000, max_quantity: 500 })
    .returning();
  return { eventId: made.event_id, ticketId: single.ticket_id };
}

const buyer = (email: string) => ({ first_name: "Ada", last_name: "Lovelace", email, phone: null });
const order = (eventId: number, ticketId: number, quantity: number, fields: Partial<PartyOrder> = {}): PartyOrder => ({
  eventId,
  lines: [{ ticketId, quantity }],
  buyer: buyer("ada@example.org"),
  guests: [],
  method: "pay_at_event",
  clientAddress: "203.0.113.7",
  ...fields,
});

describe(`unpaid orders on ${process.env.TEST_DB_ENGINE}`, () => {
  it("caps a buyer's unpaid tickets at one order's worth, and lets the team and a paid order through", async () => {
    const { eventId, ticketId } = await openEvent();
    expect(await registerParty(db, order(eventId, ticketId, 3))).toMatchObject({ ok: true });
    const more = await registerParty(db, order(eventId, ticketId, 2, { buyer: buyer("ADA@example.org") }));
    expect(more).toMatchObject({
      ok: false,
      refusal: { code: "unpaid_limit", message: expect.stringMatching(/already holds 3 tickets to pay at the event/) },
    });
    expect(await registerParty(db, order(eventId, ticketId, 1))).toMatchObject({ ok: true });
    expect(await registerParty(db, order(eventId, ticketId, 2, { method: "cash", byStaff: true }))).toMatchObject({
      ok: true,
    });
    const pending = await db.select().from(payment).where(eq(payment.event_id, eventId));
    expect(pending.filter((row) => row.status === "pending")).toHaveLength(2);
  });

  it("caps one client address at three orders' worth, whoever the buyers say they are", async () => {
    const { eventId, ticketId } = await openEvent();
    for (const name of ["a", "b", "c"])
      expect(
        await registerParty(db, order(eventId, ticketId, 4, { buyer: buyer(`${name}@example.org`) })),
      ).toMatchObject({
        ok: true,
      });
    expect(await registerParty(db, order(eventId, ticketId, 1, { buyer: buyer("d@example.org") }))).toMatchObject({
      ok: false,
      refusal: { code: "unpaid_limit" },
    });
    // Another address is another household.
    expect(
      await registerParty(
        db,
        order(eventId, ticketId, 1, { buyer: buyer("d@example.org"), clientAddress: "198.51.100.2" }),
      ),
    ).toMatchObject({ ok: true });
  });

  it("lets the team release unpaid orders older than a number of days, their tickets back on sale", async () => {
    const { eventId, ticketId } = await openEvent();
    const staff = await makeUser(db);
    await giveRole(db, staff.usr_id, eventId, teamRole("can_register"));
    const cookie = await sessionCookie(staff.usr_id);
    const stale = await registerParty(db, order(eventId, ticketId, 2, { buyer: buyer("old@example.org") }));
    const fresh = await registerParty(db, order(eventId, ticketId, 1, { buyer: buyer("new@example.org") }));
    const paid = await registerParty(db, order(eventId, ticketId, 1, { method: "cash", byStaff: true }));
    if (!stale.ok || !fresh.ok || !paid.ok) throw new Error("the orders were refused");
    await db
      .update(payment)
      .set({ created_at: new Date(Date.now() - 20 * 24 * HOUR) })
      .where(eq(payment.payment_id, stale.party.paymentId));
    await db
      .update(payment)
      .set({ created_at: new Date(Date.now() - 20 * 24 * HOUR) })
      .where(eq(payment.payment_id, paid.party.paymentId));
    const release = (days: string) =>
      call(
        passesRoute.action as RouteFunction,
        makeRequest(`/admin/registration/passes?id=${eventId}`, { cookie, form: { intent: "release", days } }),
      );

    expect(await release("0")).toMatchObject({
      status: 400,
      data: { formId: "release-unpaid", error: { days: ["Enter a number of days from 1 to 365."] } },
    });
    expect(await release("14")).toMatchObject({ status: 302 });
    const status = async (paymentId: number) =>
      (await db.select().from(payment).where(eq(payment.payment_id, paymentId)))[0].status;
    expect(await status(stale.party.paymentId)).toBe("cancelled");
    expect(await status(fresh.party.paymentId)).toBe("pending");
    expect(await status(paid.party.paymentId)).toBe("paid");
    expect(await db.select().from(registrant).where(eq(registrant.pass_id, stale.party.passIds[0]))).toEqual([]);
    // The buyer whose order was released may order again.
    expect(await registerParty(db, order(eventId, ticketId, 4, { buyer: buyer("old@example.org") }))).toMatchObject({
      ok: true,
    });
  });
});
