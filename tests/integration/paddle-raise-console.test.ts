// /admin/bids/paddleraises: the clerk records pledges by paddle at the level being called, cancels and corrects them
// with a reason (the log keeps every entry), and four clerks at once lose nothing.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { invoiceIdFor, recordManualPayment } from "~/billing/charges.server";
import { invoiceTotals } from "~/billing/invoice.server";
import { createPaddleRaise } from "~/catalogue/paddle-raises.server";
import * as bidsLayout from "~/routes/admin._workspace.bids";
import * as route from "~/routes/admin._workspace.bids.paddleraises";
import { pledge, registrant, usr } from "~drizzle/schema";
import { makeBidder } from "../support/auction";
import { testDatabase } from "../support/database";
import { giveRole, makeEvent, makeUser, sessionCookie, teamRole } from "../support/people";
import { call, makeRequest, type RouteFunction } from "../support/route-calls";

const { db } = testDatabase();
const PATH = "/admin/bids/paddleraises";

let eventId: number;
let raiseId: number;
let clerk: string;
let clerkId: number;

beforeEach(async () => {
  eventId = (await makeEvent(db)).event_id;
  const user = await makeUser(db, { selected_event: eventId, first_name: "Cleo", last_name: "Clerk" });
  clerkId = user.usr_id;
  // A bid spotter: can_bid is enough for this screen.
  await giveRole(db, user.usr_id, eventId, teamRole("can_bid"));
  clerk = await sessionCookie(user.usr_id);
  raiseId = await createPaddleRaise(eventId, {
    title: "Fund a Classroom",
    description: null,
    goal: 5_000_000,
    is_active: true,
    levels: [
      { amount: 500_000, label: null },
      { amount: 100_000, label: "A year of books" },
    ],
  });
});

const post = (form: Record<string, string>, cookie = clerk) =>
  call(route.action as RouteFunction, makeRequest(`${PATH}?id=${eventId}`, { cookie, form }));
const load = async (query = "") => {
  const outcome = await call(
    route.loader as RouteFunction,
    makeRequest(`${PATH}?id=${eventId}${query}`, { cookie: clerk }),
  );
  return outcome.data as Awaited<ReturnType<typeof route.loader>>;
};
const pledgeAt = (paddle: number, level: string, extra: Record<string, string> = {}) =>
  post({ intent: "pledge", raise: String(raiseId), paddle: String(paddle), level, ...extra });
const pledges = () => db.select().from(pledge).where(eq(pledge.event_id, eventId)).orderBy(pledge.pledge_id);

describe(`${PATH} on ${process.env.TEST_DB_ENGINE}`, () => {
  it("records a paddle at the level being called, tied to its guest, and keeps the level for the next one", async () => {
    const bidder = await makeBidder(db, eventId);
    await db.update(usr).set({ first_name: "Ada", last_name: "Lovelace" }).where(eq(usr.usr_id, bidder.usrId));
    const outcome = await pledgeAt(bidder.paddle, "100000");
    expect(outcome.status).toBe(302);
    expect(outcome.location).toContain("level=100000");
    expect(await pledges()).toMatchObject([
      { usr_id: bidder.usrId, paddle: bidder.paddle, amount: 100_000, status: "pledged", source: "floor" },
    ]);
    expect((await pledges())[0].entered_by_usr_id).toBe(clerkId);

    const screen = await load();
    expect(screen.raise).toMatchObject({ id: raiseId, total: 100_000, count: 1 });
    expect(screen.levels).toEqual([
      { amount: 500_000, label: null, count: 0 },
      { amount: 100_000, label: "A year of books", count: 1 },
    ]);
    expect(screen.recent).toMatchObject([{ name: "Ada", amount: 100_000 }]);
    expect(screen.directory).toContainEqual([bidder.paddle, "Ada Lovelace"]);
    expect(screen.log[0]).toMatchObject({ name: "Ada Lovelace", enteredBy: "Cleo Clerk", status: "pledged" });
  });

  it("opens the bids section to a bid spotter without loading its bids", async () => {
    const layout = await call(
      bidsLayout.loader as RouteFunction,
      makeRequest(`/admin/bids?id=${eventId}`, { cookie: clerk }),
    );
    expect(layout).toMatchObject({ status: 200, data: { eventId, areas: null } });
  });

  it("takes a custom amount, and a paddle known only from registration, billed to the account of its guest's email", async () => {
    const email = `grace-${eventId}@example.org`;
    await db
      .insert(registrant)
      .values({ event_id: eventId, first_name: "Grace", last_name: "Hopper", email, paddle: 731 });
    expect((await pledgeAt(731, "custom", { custom: "2,500" })).status).toBe(302);
    const [account] = await db.select().from(usr).where(eq(usr.email_address, email));
    expect(account).toMatchObject({ first_name: "Grace", last_name: "Hopper" });
    expect(await pledges()).toMatchObject([{ usr_id: account.usr_id, paddle: 731, amount: 250_000 }]);
    expect((await load()).recent).toMatchObject([{ name: "Grace" }]);
  });

  it("refuses a registered paddle that has no email to bill, at the paddle, and records nothing", async () => {
    await db.insert(registrant).values({ event_id: eventId, first_name: "Alan", last_name: "Turing", paddle: 732 });
    expect(await pledgeAt(732, "100000")).toMatchObject({
      status: 400,
      data: {
        error: {
          paddle: [expect.stringContaining("Alan Turing (paddle 732) has no email on their registration")],
        },
      },
    });
    expect(await pledges()).toEqual([]);
  });

  it("refuses an unknown paddle, a letter in the paddle, a missing or too large custom amount at their fields, and records nothing", async () => {
    expect(await pledgeAt(9999, "100000")).toMatchObject({
      status: 400,
      data: { formId: "floor-pledge", error: { paddle: ["Nobody holds paddle 9999 at this event."] } },
    });
    expect(await pledgeAt(Number.NaN, "100000", { paddle: "14a" })).toMatchObject({
      status: 400,
      data: { error: { paddle: ["A paddle number is digits only, such as 142."] } },
    });
    const bidder = await makeBidder(db, eventId);
    expect(await pledgeAt(bidder.paddle, "custom")).toMatchObject({
      status: 400,
      data: { error: { custom: ["Type the amount."] } },
    });
    // A zero too many: caught at the field, with the most a pledge here takes.
    expect(await pledgeAt(bidder.paddle, "custom", { custom: "1,000,000" })).toMatchObject({
      status: 400,
      data: { error: { custom: ["A pledge here is at most 100,000: record a larger gift under Donations."] } },
    });
    expect(await pledges()).toEqual([]);
  });

  it("counts a double Enter (the same submission key) once", async () => {
    const bidder = await makeBidder(db, eventId);
    await pledgeAt(bidder.paddle, "500000", { key: "k-1" });
    await pledgeAt(bidder.paddle, "500000", { key: "k-1" });
    await pledgeAt(bidder.paddle, "500000", { key: "k-2" });
    expect((await pledges()).length).toBe(2);
  });

  it("refuses pledges to a closed raise", async () => {
    const { paddle_raise } = await import("~drizzle/schema");
    await db.update(paddle_raise).set({ is_active: false }).where(eq(paddle_raise.paddle_raise_id, raiseId));
    const bidder = await makeBidder(db, eventId);
    const outcome = await pledgeAt(bidder.paddle, "100000");
    expect(outcome.status).toBe(400);
    expect(JSON.stringify(outcome.data)).toContain("This paddle raise is closed");
    expect(await pledges()).toEqual([]);
  });

  it("cancels and corrects with a reason; the log keeps every entry and only what counts is totalled", async () => {
    const [first, second] = [await makeBidder(db, eventId), await makeBidder(db, eventId)];
    await pledgeAt(first.paddle, "500000");
    await pledgeAt(first.paddle, "100000");
    const [big, small] = await pledges();

    const noReason = await post({ intent: "cancel", pledge: String(big.pledge_id), reason: " " });
    expect(noReason).toMatchObject({ status: 400, data: { formId: `cancel-pledge-${big.pledge_id}` } });
    expect(JSON.stringify(noReason.data)).toContain("Say why");

    expect((await post({ intent: "cancel", pledge: String(big.pledge_id), reason: "Spotter error" })).status).toBe(302);
    expect(
      await post({ intent: "cancel", pledge: String(big.pledge_id), reason: "Again" }).then((o) => o.data),
    ).toMatchObject({ error: { "": ["That pledge was already cancelled."] } });

    const corrected = await post({
      intent: "correct",
      pledge: String(small.pledge_id),
      paddle: String(second.paddle),
      amount: "1,000",
      reason: "Wrong paddle",
    });
    expect(corrected.status).toBe(302);
    const rows = await pledges();
    expect(rows).toMatchObject([
      { pledge_id: big.pledge_id, status: "cancelled", change_reason: "Spotter error", changed_by_usr_id: clerkId },
      { pledge_id: small.pledge_id, status: "replaced", change_reason: "Wrong paddle" },
      {
        status: "pledged",
        paddle: second.paddle,
        usr_id: second.usrId,
        amount: 100_000,
        replaces_pledge_id: small.pledge_id,
      },
    ]);
    const screen = await load();
    expect(screen.raise).toMatchObject({ total: 100_000, count: 1 });
    expect(screen.log.map((entry) => entry.status)).toEqual(["pledged", "replaced", "cancelled"]);
  });

  // A read-only audit (2026-12-04): the "paid" guard read a column nothing writes, so a pledge paid on the guest's
  // bill could be cancelled or moved to another paddle; the guest's money became credit and the raise's total fell.
  it("refuses to cancel or correct a pledge the guest has paid for on their bill, and keeps one not yet paid", async () => {
    const [guest, other] = [await makeBidder(db, eventId), await makeBidder(db, eventId)];
    await pledgeAt(guest.paddle, "100000");
    await pledgeAt(guest.paddle, "500000");
    const [paidFor, later] = await pledges();
    const invoiceId = (await invoiceIdFor(eventId, guest.usrId))!;
    // The guest pays the year of books at the desk; the larger pledge is still owed.
    await recordManualPayment(eventId, invoiceId, {
      method: "cash",
      amount: 100_000,
      checkNumber: null,
      byUsrId: clerkId,
      submissionKey: "books-paid",
    });
    const paidError = { error: { "": ["That pledge is paid on the guest's bill: refund it in billing instead."] } };
    expect((await post({ intent: "cancel", pledge: String(later.pledge_id), reason: "Spotter error" })).status).toBe(
      302,
    );
    // With the larger pledge gone, the cash paid for the year of books: it stays.
    const cancelPaid = await post({ intent: "cancel", pledge: String(paidFor.pledge_id), reason: "Spotter error" });
    expect(cancelPaid.data).toMatchObject(paidError);
    const movePaid = await post({
      intent: "correct",
      pledge: String(paidFor.pledge_id),
      paddle: String(other.paddle),
      amount: "1000",
      reason: "Wrong paddle",
    });
    expect(movePaid.data).toMatchObject(paidError);
    expect((await pledges()).map((row) => row.status)).toEqual(["pledged", "cancelled"]);
    await invoiceIdFor(eventId, guest.usrId);
    expect(await invoiceTotals(db, invoiceId)).toMatchObject({ total: 100_000, paid: 100_000, balance: 0 });
  });

  it("takes a burst of 200 pledges from four clerks at once: none lost, the total exact", async () => {
    const clerks = await Promise.all(
      [1, 2, 3, 4].map(async () => {
        const user = await makeUser(db, { selected_event: eventId });
        await giveRole(db, user.usr_id, eventId, teamRole("can_control_event"));
        return sessionCookie(user.usr_id);
      }),
    );
    const bidders = await Promise.all(Array.from({ length: 20 }, () => makeBidder(db, eventId)));
    const amounts = ["500000", "100000", "custom"];
    const outcomes = await Promise.all(
      Array.from({ length: 200 }, (_, n) =>
        post(
          {
            intent: "pledge",
            raise: String(raiseId),
            paddle: String(bidders[n % bidders.length].paddle),
            level: amounts[n % 3],
            custom: "250",
            key: `burst-${n}`,
          },
          clerks[n % 4],
        ),
      ),
    );
    expect(outcomes.every((outcome) => outcome.status === 302)).toBe(true);
    const expected = Array.from({ length: 200 }, (_, n) => [500_000, 100_000, 25_000][n % 3]).reduce((a, b) => a + b);
    expect((await pledges()).length).toBe(200);
    expect((await load()).raise).toMatchObject({ count: 200, total: expected });
  });
});
