// Registering a party: passes, guests and paddles, prices and promo codes, the window and the limits; and on a real
// PostgreSQL, twenty buyers racing for the last five tickets never oversell.
import { and, eq, ne } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { registerParty, type PartyOrder } from "~/registration/register-party.server";
import {
  event,
  message,
  pass,
  payment,
  promo_code,
  registrant,
  registration,
  ticket,
  ticket_payment,
} from "~drizzle/schema";
import { testDatabase } from "../support/database";
import { giveRole, makeEvent, makeUser, teamRole } from "../support/people";

const { db } = testDatabase();
const HOUR = 3_600_000;

async function openEvent(fields: Partial<typeof registration.$inferInsert> = {}) {
  const made = await makeEvent(db);
  const [record] = await db
    .insert(registration)
    .values({
      start_date_time: new Date(Date.now() - HOUR),
      end_date_time: new Date(Date.now() + HOUR),
      paddle_start: 300,
      ...fields,
    })
    .returning();
  await db.update(event).set({ registration_id: record.registration_id }).where(eq(event.event_id, made.event_id));
  const [single, table] = await db
    .insert(ticket)
    .values([
      { event_id: made.event_id, title: "Individual", price: 25_000, max_quantity: 100, seat_count: 1 },
      { event_id: made.event_id, title: "Table of 8", price: 200_000, max_quantity: 2, seat_count: 8 },
    ])
    .returning();
  return { eventId: made.event_id, single, table };
}

const buyer = { first_name: "Ada", last_name: "Lovelace", email: "ada@example.org", phone: "555-0100" };

function order(eventId: number, fields: Partial<PartyOrder>): PartyOrder {
  return { eventId, lines: [], buyer, guests: [], method: "pay_at_event", ...fields };
}

describe("registering a party", () => {
  it("records the payment, a pass per line and a guest per seat, each with a paddle", async () => {
    const { eventId, single, table } = await openEvent();
    const result = await registerParty(
      db,
      order(eventId, {
        lines: [
          { ticketId: single.ticket_id, quantity: 2 },
          { ticketId: table.ticket_id, quantity: 1 },
        ],
        guests: [
          { first_name: "Ada", last_name: "Lovelace", email: "ADA@example.org", answers: { meal: "Fish" } },
          { first_name: "Charles", last_name: "Babbage" },
        ],
      }),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const { party } = result;
    expect(party.amount).toBe(2 * 25_000 + 200_000);
    expect(party.guests).toHaveLength(10);
    expect(party.guests.map((guest) => guest.paddle)).toEqual(Array.from({ length: 10 }, (_, i) => 300 + i));

    const [paid] = await db.select().from(payment).where(eq(payment.payment_id, party.paymentId));
    expect(paid).toMatchObject({ amount: 250_000, method: "pay_at_event", status: "pending" });
    const lines = await db.select().from(ticket_payment).where(eq(ticket_payment.payment_id, party.paymentId));
    expect(lines.map((line) => [line.quantity, line.amount, line.status]).sort()).toEqual([
      [1, 200_000, "pending"],
      [2, 50_000, "pending"],
    ]);
    const passes = await db.select().from(pass).where(eq(pass.payment_id, party.paymentId));
    expect(passes.map((row) => [row.seat_count, row.names]).sort()).toEqual([
      [2, ["Ada Lovelace", "Charles Babbage"]],
      [8, []],
    ]);

    const guests = await db.select().from(registrant).where(eq(registrant.payment_id, party.paymentId));
    const ada = guests.find((guest) => guest.first_name === "Ada")!;
    expect(ada).toMatchObject({ is_claimed: true, group: "Ada Lovelace party", meta: { answers: { meal: "Fish" } } });
    expect(guests.filter((guest) => !guest.is_claimed)).toHaveLength(8);
    expect(new Set(guests.map((guest) => guest.claim_token)).size).toBe(10);
  });

  it("applies a promo code to eligible tickets up to its usage limit, and counts the uses", async () => {
    const { eventId, single, table } = await openEvent();
    const [code] = await db
      .insert(promo_code)
      .values({
        event_id: eventId,
        code: "FRIENDS",
        discount_type: "percent",
        discount: 20,
        ticket_ids: [single.ticket_id],
        usage_limit: 3,
      })
      .returning();
    const first = await registerParty(
      db,
      order(eventId, {
        lines: [
          { ticketId: single.ticket_id, quantity: 2 },
          { ticketId: table.ticket_id, quantity: 1 },
        ],
        promoCode: " friends ",
      }),
    );
    expect(first.ok && first.party).toMatchObject({ amount: 2 * 20_000 + 200_000, discount: 10_000 });
    const second = await registerParty(
      db,
      order(eventId, { lines: [{ ticketId: single.ticket_id, quantity: 2 }], promoCode: "FRIENDS" }),
    );
    expect(second.ok && second.party.amount).toBe(25_000 + 20_000);
    const [used] = await db.select().from(promo_code).where(eq(promo_code.promo_code_id, code.promo_code_id));
    expect(used.times_used).toBe(3);

    const third = await registerParty(
      db,
      order(eventId, { lines: [{ ticketId: single.ticket_id, quantity: 1 }], promoCode: "FRIENDS" }),
    );
    expect(third).toMatchObject({ ok: false, refusal: { code: "promo_used_up" } });
    const wrong = await registerParty(
      db,
      order(eventId, { lines: [{ ticketId: single.ticket_id, quantity: 1 }], promoCode: "NOPE" }),
    );
    expect(wrong).toMatchObject({
      ok: false,
      refusal: { code: "bad_promo", message: "This promo code is not valid." },
    });
  });

  it("refuses outside the window, beyond the order limit, in bad steps and beyond what is left, recording nothing", async () => {
    const early = await openEvent({ start_date_time: new Date(Date.now() + HOUR), end_date_time: null });
    expect(
      await registerParty(db, order(early.eventId, { lines: [{ ticketId: early.single.ticket_id, quantity: 1 }] })),
    ).toMatchObject({
      ok: false,
      refusal: { code: "not_open" },
    });
    const late = await openEvent({ start_date_time: null, end_date_time: new Date(Date.now() - HOUR) });
    expect(
      await registerParty(db, order(late.eventId, { lines: [{ ticketId: late.single.ticket_id, quantity: 1 }] })),
    ).toMatchObject({
      ok: false,
      refusal: { code: "closed" },
    });

    const { eventId, single, table } = await openEvent({ order_limit: 4 });
    expect(
      await registerParty(db, order(eventId, { lines: [{ ticketId: single.ticket_id, quantity: 5 }] })),
    ).toMatchObject({
      ok: false,
      refusal: { code: "order_limit", limit: 4 },
    });
    expect(
      await registerParty(db, order(eventId, { lines: [{ ticketId: table.ticket_id, quantity: 3 }] })),
    ).toMatchObject({
      ok: false,
      refusal: { code: "not_enough", left: 2, message: "Only 2 Table of 8 tickets are left." },
    });
    await db.update(ticket).set({ increment: 2 }).where(eq(ticket.ticket_id, single.ticket_id));
    expect(
      await registerParty(db, order(eventId, { lines: [{ ticketId: single.ticket_id, quantity: 3 }] })),
    ).toMatchObject({
      ok: false,
      refusal: { code: "bad_step" },
    });
    expect(await db.select().from(ticket_payment).where(eq(ticket_payment.event_id, eventId))).toEqual([]);
    expect(await db.select().from(registrant).where(eq(registrant.event_id, eventId))).toEqual([]);

    await registerParty(db, order(eventId, { lines: [{ ticketId: table.ticket_id, quantity: 2 }] }));
    expect(
      await registerParty(db, order(eventId, { lines: [{ ticketId: table.ticket_id, quantity: 1 }] })),
    ).toMatchObject({
      ok: false,
      refusal: { code: "sold_out", message: "Table of 8 is sold out." },
    });
    // Staff may still add a comp guest to a sold-out ticket outside the window.
    const comp = await registerParty(
      db,
      order(eventId, { lines: [{ ticketId: table.ticket_id, quantity: 1 }], method: "comp", byStaff: true }),
    );
    expect(comp.ok && comp.party.amount).toBe(0);
  });

  it("tells the team members who asked when a ticket type is running low, once", async () => {
    const { eventId, single } = await openEvent({ order_limit: 100 });
    const watcher = await makeUser(db);
    await giveRole(db, watcher.usr_id, eventId, { ...teamRole("can_register"), notify_low_inventory: true });
    const notices = () =>
      db
        .select({ data: message.data })
        .from(message)
        .where(and(eq(message.event_id, eventId), eq(message.template, "team_low_inventory")));
    // 100 seats: the line is 10 left.
    await registerParty(db, order(eventId, { lines: [{ ticketId: single.ticket_id, quantity: 89 }] }));
    expect(await notices()).toEqual([]);
    await registerParty(db, order(eventId, { lines: [{ ticketId: single.ticket_id, quantity: 2 }] }));
    expect(await notices()).toEqual([{ data: expect.objectContaining({ item: "Individual tickets", remaining: 9 }) }]);
    await registerParty(db, order(eventId, { lines: [{ ticketId: single.ticket_id, quantity: 1 }] }));
    expect(await notices()).toHaveLength(1);
  });

  it.runIf(process.env.TEST_DB_ENGINE === "postgres")(
    "never oversells: 20 buyers racing for the last 5 tickets",
    { timeout: 60_000 },
    async () => {
      const { eventId, single } = await openEvent();
      await db.update(ticket).set({ max_quantity: 5 }).where(eq(ticket.ticket_id, single.ticket_id));
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          registerParty(
            db,
            order(eventId, {
              lines: [{ ticketId: single.ticket_id, quantity: 1 }],
              buyer: { ...buyer, email: `buyer-${i}@example.org` },
              guests: [{ first_name: "Buyer", last_name: String(i), email: `buyer-${i}@example.org` }],
            }),
          ),
        ),
      );
      expect(results.filter((result) => result.ok)).toHaveLength(5);
      expect(results.filter((result) => !result.ok).map((result) => !result.ok && result.refusal.code)).toEqual(
        Array(15).fill("sold_out"),
      );
      const sold = await db
        .select()
        .from(ticket_payment)
        .where(and(eq(ticket_payment.ticket_id, single.ticket_id), ne(ticket_payment.status, "cancelled")));
      expect(sold).toHaveLength(5);
      const guests = await db.select().from(registrant).where(eq(registrant.event_id, eventId));
      expect(guests).toHaveLength(5);
      expect(new Set(guests.map((guest) => guest.paddle)).size).toBe(5);
    },
  );
});
