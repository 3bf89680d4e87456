// Paid in full, the guest hears their items can be collected: once per invoice, in the payment's transaction, and
// not while something is still owed.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { invoiceIdFor, recordManualPayment } from "~/billing/charges.server";
import { event, message } from "~drizzle/schema";
import { makeAuctionEvent } from "../support/auction";
import { makeWinner } from "../support/billing";
import { testDatabase } from "../support/database";
import { makeUser } from "../support/people";

const { db } = testDatabase();

describe(`pickup ready on ${process.env.TEST_DB_ENGINE}`, () => {
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
});
