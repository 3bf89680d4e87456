// Money that no invoice asked for (decision 049): an order to pay at the event made without signing in, and what a
// clerk enters for a paddle whose guest never signed in (a pledge, a live lot), go on a bill, so checkout finds them
// by the paddle and every figure counts them. A paddle whose guest has no email is refused where it was typed.
// Migration 0027 does the same for what was recorded before.
import { readFileSync } from "node:fs";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { floorBid, openLot, sellLot } from "~/bidding/live-lots.server";
import { moneyFigures } from "~/billing/money-figures.server";
import { winnersScreen } from "~/billing/winners.server";
import { createPaddleRaise } from "~/catalogue/paddle-raises.server";
import { MIGRATIONS_FOLDER } from "~/db/connection.server";
import { recordPledge } from "~/paddle-raise/pledges.server";
import { walkIn } from "~/registration/check-in-actions.server";
import { walkInSchema } from "~/registration/door-forms";
import { registerParty } from "~/registration/register-party.server";
import { PAY_LATER_NEEDS_EMAIL } from "~/registration/registrant-fields";
import { manualRegistrationSchema } from "~/registration/registrant-form";
import { payment, pledge, registrant, ticket, ticket_payment, usr, usr_event_paddle, winner } from "~drizzle/schema";
import { makeLiveEvent } from "../support/auction";
import { testDatabase } from "../support/database";
import { refusalOf } from "../support/refusals";

const { db } = testDatabase();

let eventId: number;
let clerk: number;
let lotId: number;
let raiseId: number;
let dinnerId: number;
let tableId: number;
let tag: number;

const accountOf = async (email: string) => {
  const [row] = await db
    .select()
    .from(usr)
    .where(eq(sql`lower(${usr.email_address})`, email.toLowerCase()));
  return row;
};
const paddleOfAccount = async (usrId: number) => {
  const [row] = await db
    .select({ paddle: usr_event_paddle.paddle })
    .from(usr_event_paddle)
    .where(and(eq(usr_event_paddle.event_id, eventId), eq(usr_event_paddle.usr_id, usrId)));
  return row?.paddle ?? null;
};
const pledgeFor = (paddle: number, amount: number) =>
  recordPledge(db, eventId, { paddle }, { raiseId, amount, enteredBy: clerk, source: "floor" });
const searchWinners = (search: string) => winnersScreen(eventId, { search, invoiceId: null });

beforeEach(async () => {
  const live = await makeLiveEvent(db);
  eventId = live.eventId;
  clerk = live.clerk;
  lotId = live.lot.auction_item_id;
  tag = eventId;
  raiseId = await createPaddleRaise(eventId, {
    title: "Fund a Classroom",
    description: null,
    goal: 5_000_000,
    is_active: true,
    levels: [{ amount: 50_000, label: null }],
  });
  const [dinner, table] = await db
    .insert(ticket)
    .values([
      { event_id: eventId, title: "Dinner", price: 150_00 },
      { event_id: eventId, title: "Table of three", price: 450_00, seat_count: 3 },
    ])
    .returning();
  dinnerId = dinner.ticket_id;
  tableId = table.ticket_id;
});

describe(`money billed to the buyer on ${process.env.TEST_DB_ENGINE}`, () => {
  it("bills an order to pay at the event made without signing in to the account of the buyer's email", async () => {
    const email = `nora-${tag}@example.org`;
    const result = await registerParty(db, {
      eventId,
      lines: [{ ticketId: dinnerId, quantity: 1 }],
      buyer: { first_name: "Nora", last_name: "Walker", email },
      guests: [{ first_name: "Nora", last_name: "Walker", email }],
      method: "pay_at_event",
      clientAddress: "198.51.100.7",
    });
    if (!result.ok) throw new Error(result.refusal.message);
    const account = await accountOf(email);
    expect(account).toMatchObject({ first_name: "Nora", last_name: "Walker" });
    const [order] = await db.select().from(payment).where(eq(payment.payment_id, result.party.paymentId));
    expect(order).toMatchObject({ usr_id: account.usr_id, status: "pending", method: "pay_at_event" });
    // Her seat is her account's, with its paddle: the cashier types it and her invoice opens.
    const seatPaddle = result.party.guests[0].paddle!;
    expect(await paddleOfAccount(account.usr_id)).toBe(seatPaddle);
    const screen = await searchWinners(String(seatPaddle));
    expect(screen.winners).toMatchObject([{ paddle: seatPaddle, name: "Nora Walker", balance: 150_00 }]);
    expect(screen.guest?.lines.map((line) => line.description)).toEqual(["Tickets · Dinner × 1"]);

    const figures = await moneyFigures(eventId);
    expect(figures).toMatchObject({ pledged: 150_00, raised: 0, outstanding: 150_00 });
    expect(figures.sources.find((entry) => entry.source === "ticket")).toMatchObject({ pledged: 150_00 });
  });

  it("bills a walk-in who pays later to the email they give, and refuses paying later without one", async () => {
    const refused = walkInSchema.safeParse({
      first_name: "Ravi",
      last_name: "Shah",
      email: "",
      ticket_id: String(dinnerId),
      method: "pay_at_event",
    });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues).toMatchObject([{ path: ["email"], message: PAY_LATER_NEEDS_EMAIL }]);
    const cash = walkInSchema.safeParse({
      first_name: "Ravi",
      last_name: "Shah",
      email: "",
      ticket_id: String(dinnerId),
      method: "cash",
    });
    expect(cash.success).toBe(true);

    const email = `ravi-${tag}@example.org`;
    const outcome = await walkIn(
      { db, eventId, usrId: clerk, at: new Date() },
      walkInSchema.parse({
        first_name: "Ravi",
        last_name: "Shah",
        email,
        ticket_id: String(dinnerId),
        method: "pay_at_event",
      }),
    );
    expect(outcome.tone).toBe("success");
    const account = await accountOf(email);
    expect(await moneyFigures(eventId)).toMatchObject({ pledged: 150_00, outstanding: 150_00 });
    const screen = await searchWinners("Ravi");
    expect(screen.winners).toMatchObject([
      { name: "Ravi Shah", balance: 150_00, paddle: await paddleOfAccount(account.usr_id) },
    ]);
  });

  it("refuses a manual registration to pay at the event without the buyer's email, at the email", () => {
    const schema = manualRegistrationSchema([
      { ticket_id: dinnerId, title: "Dinner", seat_count: 1, increment: 1 },
    ] as Parameters<typeof manualRegistrationSchema>[0]);
    const parsed = schema.safeParse({
      first_name: "Ada",
      last_name: "Byron",
      email: "",
      ticket_id: String(dinnerId),
      quantity: "1",
      method: "pay_at_event",
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues).toMatchObject([{ path: ["email"], message: PAY_LATER_NEEDS_EMAIL }]);
  });

  it("bills a pledge and a live lot for a guest who never signed in to their email's account, and refuses a seat without one", async () => {
    const pia = `pia-${tag}@example.org`;
    const result = await registerParty(db, {
      eventId,
      lines: [{ ticketId: tableId, quantity: 1 }],
      buyer: { first_name: "Owen", last_name: "Reyes", email: `owen-${tag}@example.org` },
      guests: [{ first_name: "Pia", last_name: "Quinn", email: pia }, { first_name: "Sam", last_name: "Lee" }, null],
      method: "card",
      byStaff: true,
    });
    if (!result.ok) throw new Error(result.refusal.message);
    const [piaSeat, samSeat, unnamedSeat] = result.party.guests;
    // The card order was paid online: it is money already, outside any invoice.
    await db.update(payment).set({ status: "paid" }).where(eq(payment.payment_id, result.party.paymentId));
    await db
      .update(ticket_payment)
      .set({ status: "paid" })
      .where(eq(ticket_payment.payment_id, result.party.paymentId));

    // Pia pledges from the floor, then wins the live lot: her own account, made for her email, with her paddle.
    await pledgeFor(piaSeat.paddle!, 500_00);
    const piaAccount = await accountOf(pia);
    expect(piaAccount).toMatchObject({ first_name: "Pia", last_name: "Quinn" });
    expect(await paddleOfAccount(piaAccount.usr_id)).toBe(piaSeat.paddle);
    const [seat] = await db.select().from(registrant).where(eq(registrant.registrant_id, piaSeat.registrant_id));
    expect(seat.usr_id).toBe(piaAccount.usr_id);
    await openLot(db, { eventId, itemId: lotId, byUsrId: clerk });
    await floorBid(db, { eventId, itemId: lotId, byUsrId: clerk, paddle: piaSeat.paddle!, amount: 200_000 });
    await sellLot(db, { eventId, itemId: lotId, byUsrId: clerk });
    const [sold] = await db.select().from(winner).where(eq(winner.auction_item_id, lotId));
    expect(sold).toMatchObject({ usr_id: piaAccount.usr_id, paddle: piaSeat.paddle, amount: 200_000 });
    const pledged = await db.select().from(pledge).where(eq(pledge.event_id, eventId));
    expect(pledged).toMatchObject([{ usr_id: piaAccount.usr_id, paddle: piaSeat.paddle, amount: 500_00 }]);

    // Sam gave no email, and the third seat has no guest yet: nothing of theirs can be billed, so nothing is taken.
    expect(await refusalOf(pledgeFor(samSeat.paddle!, 250_00))).toEqual({
      field: "paddle",
      message:
        `Sam Lee (paddle ${samSeat.paddle}) has no email on their registration, so nothing can be billed to them. ` +
        "Add it on the Registrants screen, then enter this again.",
    });
    expect(await refusalOf(pledgeFor(unnamedSeat.paddle!, 250_00))).toMatchObject({
      field: "paddle",
      message: `Paddle ${unnamedSeat.paddle} is a seat with no guest named yet, so nothing can be billed to it. Name the guest, with their email, on the Registrants screen, then enter this again.`,
    });
    expect(await db.select().from(pledge).where(eq(pledge.event_id, eventId))).toHaveLength(1);

    // Typing Pia's paddle at checkout opens the bill her pledge and her lot are on.
    expect((await searchWinners(String(piaSeat.paddle))).winners).toMatchObject([
      { name: "Pia Quinn", balance: 500_00 + 200_000 },
    ]);
    expect(await moneyFigures(eventId)).toMatchObject({
      pledged: 450_00 + 500_00 + 200_000,
      raised: 450_00,
      outstanding: 500_00 + 200_000,
    });
  });

  it("refuses a walk-in's paddle when they gave no email, at the paddle, for a live lot too, and records nothing", async () => {
    const outcome = await walkIn(
      { db, eventId, usrId: clerk, at: new Date() },
      walkInSchema.parse({
        first_name: "Tess",
        last_name: "Moss",
        email: "",
        ticket_id: String(dinnerId),
        method: "cash",
      }),
    );
    expect(outcome.tone).toBe("success");
    const [guest] = await db.select().from(registrant).where(eq(registrant.event_id, eventId));
    const expected = {
      field: "paddle",
      message: expect.stringContaining(`Tess Moss (paddle ${guest.paddle}) has no email on their registration`),
    };
    expect(await refusalOf(pledgeFor(guest.paddle!, 500_00))).toMatchObject(expected);
    await openLot(db, { eventId, itemId: lotId, byUsrId: clerk });
    expect(
      await refusalOf(floorBid(db, { eventId, itemId: lotId, byUsrId: clerk, paddle: guest.paddle!, amount: 200_000 })),
    ).toMatchObject(expected);
    expect(await db.select().from(pledge).where(eq(pledge.event_id, eventId))).toEqual([]);
  });

  it("bills what was recorded before without an account (migration 0027)", async () => {
    const [buyerEmail, guestEmail] = [`uma-${tag}@example.org`, `vic-${tag}@example.org`];
    const [order] = await db
      .insert(payment)
      .values({ event_id: eventId, usr_id: null, amount: 450_00, method: "pay_at_event", status: "pending" })
      .returning();
    await db.insert(ticket_payment).values({
      event_id: eventId,
      ticket_id: tableId,
      payment_id: order.payment_id,
      first_name: "Uma",
      last_name: "Tran",
      email: buyerEmail,
      quantity: 1,
      amount: 450_00,
      status: "pending",
    });
    const seats = await db
      .insert(registrant)
      .values([
        {
          event_id: eventId,
          payment_id: order.payment_id,
          first_name: "Uma",
          last_name: "Tran",
          email: buyerEmail,
          paddle: 901,
        },
        {
          event_id: eventId,
          payment_id: order.payment_id,
          first_name: "Vic",
          last_name: "Ode",
          email: guestEmail,
          paddle: 902,
        },
        { event_id: eventId, payment_id: order.payment_id, paddle: 903 },
      ])
      .returning();
    await db.insert(pledge).values([
      {
        event_id: eventId,
        paddle_raise_id: raiseId,
        usr_id: null,
        paddle: 902,
        amount: 100_00,
        entered_by_usr_id: clerk,
      },
      {
        event_id: eventId,
        paddle_raise_id: raiseId,
        usr_id: null,
        paddle: 903,
        amount: 70_00,
        entered_by_usr_id: clerk,
      },
    ]);

    const migration = readFileSync(path.join(MIGRATIONS_FOLDER, "0027_billed_to_buyer.sql"), "utf8");
    await db.transaction(async (tx) => {
      for (const statement of migration.split("--> statement-breakpoint")) await tx.execute(sql.raw(statement));
    });

    const [uma, vic] = [await accountOf(buyerEmail), await accountOf(guestEmail)];
    expect(uma).toMatchObject({ first_name: "Uma", last_name: "Tran" });
    expect(vic).toMatchObject({ first_name: "Vic", last_name: "Ode" });
    const [migrated] = await db.select().from(payment).where(eq(payment.payment_id, order.payment_id));
    expect(migrated.usr_id).toBe(uma.usr_id);
    const linked = await db
      .select()
      .from(registrant)
      .where(eq(registrant.payment_id, order.payment_id))
      .orderBy(registrant.registrant_id);
    expect(linked.map((row) => row.usr_id)).toEqual([uma.usr_id, vic.usr_id, null]);
    expect(linked.map((row) => row.registrant_id)).toEqual(seats.map((row) => row.registrant_id));
    const pledges = await db.select().from(pledge).where(eq(pledge.event_id, eventId)).orderBy(pledge.pledge_id);
    // The seat without an email is nobody's to bill: its pledge stays as it was, for staff to see to.
    expect(pledges.map((row) => row.usr_id)).toEqual([vic.usr_id, null]);
    expect([await paddleOfAccount(uma.usr_id), await paddleOfAccount(vic.usr_id)]).toEqual([901, 902]);

    expect(await moneyFigures(eventId)).toMatchObject({ pledged: 450_00 + 100_00, outstanding: 550_00 });
    expect((await searchWinners("901")).winners).toMatchObject([{ name: "Uma Tran", balance: 450_00 }]);
    expect((await searchWinners("902")).winners).toMatchObject([{ name: "Vic Ode", balance: 100_00 }]);
  });
});
