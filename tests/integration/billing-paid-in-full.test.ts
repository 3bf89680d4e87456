// Paid in full: the guest hears their items can be collected (once per invoice, in the payment's transaction, not
// while something is still owed), and tickets billed on the invoice count as paid at the door.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { invoiceIdFor, recordManualPayment } from "~/billing/charges.server";
import { invoiceTotals, syncInvoices } from "~/billing/invoice.server";
import { doorGuests } from "~/registration/check-in.server";
import { registerParty } from "~/registration/register-party.server";
import { event, message, payment, ticket, ticket_payment } from "~drizzle/schema";
import { makeAuctionEvent } from "../support/auction";
import { makeWinner } from "../support/billing";
import { testDatabase } from "../support/database";
import { makeUser } from "../support/people";

const { db } = testDatabase();

describe(`an invoice paid in full on ${process.env.TEST_DB_ENGINE}`, () => {
  it("tells a winner once their invoice is paid in full, with what to collect and where", async () => {
    const gala = await makeAuctionEvent(db);
    await db.update(event).set({ address: "100 Pier Road, Boston" }).where(eq(event.event_id, gala.event_id));
    const staff = await makeUser(db);
    const winner = await makeWinner(db, gala.event_id, 30_000);
    const invoiceId = (await invoiceIdFor(gala.event_id, winner.usrId))!;
    const pay = (amount: number, key: string) =>
      recordManualPayment(gala.event_id, invoiceId, {
        method: "cash",
        amount,
        checkNumber: null,
        byUsrId: staff.usr_id,
        submissionKey: key,
      });
    const told = () =>
      db
        .select({ to: message.to_usr_id, data: message.data })
        .from(message)
        .where(and(eq(message.event_id, gala.event_id), eq(message.template, "pickup_ready")));

    await pay(10_000, "part");
    expect(await told()).toEqual([]);
    await pay(20_000, "rest");
    expect(await told()).toEqual([
      {
        to: winner.usrId,
        data: expect.objectContaining({
          item: `Prize for ${winner.paddle}`,
          where: "the checkout desk, 100 Pier Road, Boston",
          link: expect.stringContaining("/invoice?t="),
        }),
      },
    ]);
  });

  it("marks tickets to pay at the event paid when the invoice they are billed on is paid, and keeps their line", async () => {
    const gala = await makeAuctionEvent(db);
    const staff = await makeUser(db);
    const buyer = await makeUser(db, { first_name: "Ada" });
    const [seat] = await db
      .insert(ticket)
      .values({ event_id: gala.event_id, title: "Seat", price: 25_000, seat_count: 1 })
      .returning();
    const registered = await registerParty(db, {
      eventId: gala.event_id,
      lines: [{ ticketId: seat.ticket_id, quantity: 2 }],
      buyer: { first_name: "Ada", last_name: "Lovelace", email: buyer.email_address },
      guests: [],
      method: "pay_at_event",
      byStaff: true,
      usrId: buyer.usr_id,
    });
    if (!registered.ok) throw new Error("registration failed");
    const invoiceId = (await invoiceIdFor(gala.event_id, buyer.usr_id))!;
    expect((await invoiceTotals(db, invoiceId)).balance).toBe(50_000);

    await recordManualPayment(gala.event_id, invoiceId, {
      method: "check",
      amount: 50_000,
      checkNumber: "311",
      byUsrId: staff.usr_id,
      submissionKey: "tickets",
    });
    const [order] = await db.select().from(payment).where(eq(payment.payment_id, registered.party.paymentId));
    expect(order).toMatchObject({ status: "paid", method: "pay_at_event" });
    expect(
      (await db.select().from(ticket_payment).where(eq(ticket_payment.payment_id, order.payment_id))).map(
        (line) => line.status,
      ),
    ).toEqual(["paid"]);
    // The line stays, and the invoice stays paid, however often it is brought up to date.
    await db.transaction((tx) => syncInvoices(tx, gala.event_id, [buyer.usr_id]));
    expect(await invoiceTotals(db, invoiceId)).toMatchObject({ total: 50_000, balance: 0 });
    const door = await doorGuests(db, gala.event_id);
    expect(door.every((guest) => guest.toPay === null)).toBe(true);
    // Nothing to collect: tickets are not items.
    expect(
      await db
        .select()
        .from(message)
        .where(and(eq(message.event_id, gala.event_id), eq(message.template, "pickup_ready"))),
    ).toEqual([]);
  });
});
