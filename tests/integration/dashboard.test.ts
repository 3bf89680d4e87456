// /admin/dashboard: money raised by source against the goal, top items and recent activity.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { OWNER_ROLE } from "~/auth/permissions";
import { moneyFigures } from "~/billing/money-figures.server";
import { recentActivity } from "~/dashboard/activity.server";
import * as dashboardRoute from "~/routes/admin._hub.dashboard";
import * as revenueRoute from "~/routes/admin._workspace.setup.reporting.revenue";
import {
  auction_item,
  bid,
  donation,
  event,
  paddle_raise,
  payment,
  pledge,
  purchase,
  raffle,
  raffle_purchase,
  registrant,
  ticket,
  ticket_payment,
  winner,
} from "~drizzle/schema";
import { testDatabase } from "../support/database";
import { giveRole, makeEvent, makeUser, sessionCookie, teamRole } from "../support/people";
import { call, makeRequest, type RouteFunction } from "../support/route-calls";
import type { Report } from "~/reporting/report";

const { db } = testDatabase();

type Dashboard = Awaited<ReturnType<typeof dashboardRoute.loader>>;

let eventId: number;
let owner: string;
let viewer: string;

const at = (minute: number) => new Date(Date.UTC(2027, 2, 14, 19, minute));

beforeAll(async () => {
  eventId = (await makeEvent(db, { title: "Harvest Gala" })).event_id;
  await db.update(event).set({ timezone: "America/New_York" }).where(eq(event.event_id, eventId));
  const organiser = await makeUser(db, { selected_event: eventId, first_name: "Olive", last_name: "Owner" });
  await giveRole(db, organiser.usr_id, eventId, { ...OWNER_ROLE });
  owner = await sessionCookie(organiser.usr_id);
  const watcher = await makeUser(db, { selected_event: eventId });
  await giveRole(db, watcher.usr_id, eventId, teamRole("can_view_stats"));
  viewer = await sessionCookie(watcher.usr_id);
  const bidder = await makeUser(db, { first_name: "Bea", last_name: "Bidder" });

  const [dinner] = await db.insert(ticket).values({ event_id: eventId, title: "Dinner", price: 150_00 }).returning();
  // Two tickets with a $30 promo code, one to pay at the door, four cancelled: what they cost, not the list price.
  await db.insert(ticket_payment).values([
    { event_id: eventId, ticket_id: dinner.ticket_id, quantity: 2, status: "paid", amount: 270_00, discount: 30_00 },
    { event_id: eventId, ticket_id: dinner.ticket_id, quantity: 1, status: "pending", amount: 150_00 },
    { event_id: eventId, ticket_id: dinner.ticket_id, quantity: 4, status: "cancelled", amount: 600_00 },
  ]);
  const items = await db
    .insert(auction_item)
    .values([
      { event_id: eventId, title: "Cabin weekend", type: "silent", lot: 1, value: 800_00 },
      { event_id: eventId, title: "Chef's table", type: "live", lot: 2 },
      { event_id: eventId, title: "Wine crate", type: "silent", lot: 3 },
      { event_id: eventId, title: "Signed print", type: "virtual", lot: 4 },
      { event_id: eventId, title: "Gala mug", type: "sale" },
    ])
    .returning();
  const [cabin, chef, wine, print, mug] = items;
  await db.insert(bid).values([
    {
      event_id: eventId,
      usr_id: bidder.usr_id,
      auction_item_id: cabin.auction_item_id,
      bid: 300_00,
      created_at: at(1),
    },
    {
      event_id: eventId,
      usr_id: bidder.usr_id,
      auction_item_id: cabin.auction_item_id,
      bid: 450_00,
      created_at: at(5),
    },
    { event_id: eventId, usr_id: bidder.usr_id, auction_item_id: wine.auction_item_id, bid: 120_00, created_at: at(2) },
    // A refused bid never counts.
    {
      event_id: eventId,
      usr_id: bidder.usr_id,
      auction_item_id: wine.auction_item_id,
      bid: 9_999_00,
      status: "rejected",
      created_at: at(3),
    },
    {
      event_id: eventId,
      usr_id: bidder.usr_id,
      auction_item_id: chef.auction_item_id,
      bid: 2_000_00,
      created_at: at(4),
    },
    { event_id: eventId, usr_id: bidder.usr_id, auction_item_id: print.auction_item_id, bid: 75_00, created_at: at(6) },
  ]);
  // The chef's table sold as two units: its winners count, not its highest bid.
  await db.insert(winner).values([
    { event_id: eventId, auction_item_id: chef.auction_item_id, unit: 1, usr_id: bidder.usr_id, amount: 2_000_00 },
    { event_id: eventId, auction_item_id: chef.auction_item_id, unit: 2, usr_id: bidder.usr_id, amount: 1_800_00 },
  ]);
  const [fundANeed] = await db.insert(paddle_raise).values({ event_id: eventId, title: "Fund a need" }).returning();
  await db.insert(pledge).values([
    { event_id: eventId, paddle_raise_id: fundANeed.paddle_raise_id, paddle: 12, amount: 500_00, created_at: at(7) },
    {
      event_id: eventId,
      paddle_raise_id: fundANeed.paddle_raise_id,
      paddle: 13,
      amount: 250_00,
      status: "cancelled",
      created_at: at(8),
    },
  ]);
  const [draw] = await db.insert(raffle).values({ event_id: eventId, title: "Raffle" }).returning();
  await db.insert(raffle_purchase).values({ event_id: eventId, raffle_id: draw.raffle_id, quantity: 5, amount: 40_00 });
  await db.insert(purchase).values({
    event_id: eventId,
    auction_item_id: mug.auction_item_id,
    paddle: 7,
    quantity: 2,
    unit_price: 15_00,
    amount: 30_00,
    created_at: at(9),
  });
  await db.insert(donation).values([
    { event_id: eventId, first_name: "Dora", last_name: "Nate", amount: 1_000_00, created_at: at(10) },
    {
      event_id: eventId,
      first_name: "Secret",
      last_name: "Giver",
      amount: 50_00,
      is_anonymous: true,
      created_at: at(11),
    },
  ]);
  await db.insert(registrant).values({ event_id: eventId, name: "Rita Guest", created_at: at(0) });
  // Money collected: the tickets paid online and a card payment not yet through (which does not count).
  await db.insert(payment).values([
    { event_id: eventId, amount: 270_00, method: "card", status: "paid" },
    { event_id: eventId, amount: 500_00, method: "card", status: "pending" },
  ]);
});

const dashboard = async (cookie: string) =>
  (await call(dashboardRoute.loader as RouteFunction, makeRequest("/admin/dashboard", { cookie }))).data as Dashboard;

describe(`the dashboard's money on ${process.env.TEST_DB_ENGINE}`, () => {
  it("shows raised, pledged and outstanding as the ledger defines them, the same as the revenue report", async () => {
    const { raised } = await dashboard(viewer);
    // Figures link to their reports only for can_report (the owner has it, this viewer does not).
    expect((await dashboard(viewer)).canReport).toBe(false);
    expect((await dashboard(owner)).canReport).toBe(true);
    // Raised is the $270 collected; pledged is what is owed: the two live units hammered ($3,800) and the payment.
    // The leading bids of the silent and virtual items still open are not money yet, and the rows no guest owes
    // (tickets, pledges and gifts without a guest or a payment) are on no invoice.
    expect(raised).toMatchObject({
      total: "$270.00",
      pledged: "$4,070.00",
      outstanding: "$3,800.00",
      goal: null,
      percent: null,
    });
    const bySource = Object.fromEntries(raised!.sources.map((row) => [row.label, [row.pledged, row.raised]]));
    expect(bySource).toMatchObject({
      "Live auction": ["$3,800.00", "$0.00"],
      "Silent auction": ["$0.00", "$0.00"],
      "Virtual auction": ["$0.00", "$0.00"],
    });
    const money = await moneyFigures(eventId);
    expect(money).toMatchObject({ raised: 270_00, pledged: 4_070_00, outstanding: 3_800_00 });
    const report = await call(
      revenueRoute.loader as RouteFunction,
      makeRequest(`/admin/setup/reporting/revenue?id=${eventId}`, { cookie: owner }),
    );
    const figure = (label: string) =>
      (report.data as { report: Report }).report.figures.find((entry) => entry.label === label)?.value;
    expect([figure("Raised"), figure("Pledged"), figure("Outstanding")]).toEqual([270_00, 4_070_00, 3_800_00]);
    // The tickets' card: what the ledger raised from tickets (the $270 payment names no ticket order).
    expect((await dashboard(viewer)).figures).toMatchObject({ ticketsPaid: "2", ticketsRaised: "$0.00" });
  });

  it("sets the goal for people who edit the event, and shows progress against it", async () => {
    const outcome = await call(
      dashboardRoute.action as RouteFunction,
      makeRequest("/admin/dashboard", { cookie: owner, form: { goal: "$10,000" } }),
    );
    expect(outcome).toMatchObject({ status: 302, location: "/admin/dashboard" });
    expect((await dashboard(viewer)).raised).toMatchObject({ goal: "$10,000.00", goalInput: "10000", percent: 3 });
  });

  it("refuses a goal it cannot read, or from someone who may only look", async () => {
    const bad = await call(
      dashboardRoute.action as RouteFunction,
      makeRequest("/admin/dashboard", { cookie: owner, form: { goal: "lots" } }),
    );
    expect(bad).toMatchObject({
      status: 400,
      data: { error: { goal: ["Enter an amount such as 25,000."] }, initialValue: { goal: "lots" } },
    });
    const denied = await call(
      dashboardRoute.action as RouteFunction,
      makeRequest("/admin/dashboard", { cookie: viewer, form: { goal: "" } }),
    );
    expect(denied.status).toBe(403);
    expect((await dashboard(viewer)).raised?.goal).toBe("$10,000.00");
  });

  it("clears the goal when it is left blank", async () => {
    await call(
      dashboardRoute.action as RouteFunction,
      makeRequest("/admin/dashboard", { cookie: owner, form: { goal: "" } }),
    );
    expect((await dashboard(viewer)).raised?.goal).toBeNull();
  });
});

describe(`top items and recent activity on ${process.env.TEST_DB_ENGINE}`, () => {
  it("ranks items by their highest counted bid", async () => {
    const { topItems } = await dashboard(viewer);
    expect(topItems.map((item) => [item.title, item.highest, item.bids])).toEqual([
      ["Chef's table", "$2,000.00", "1 bid"],
      ["Cabin weekend", "$450.00", "2 bids"],
      ["Wine crate", "$120.00", "1 bid"],
      ["Signed print", "$75.00", "1 bid"],
    ]);
  });

  it("lists what happened, newest first, in the event's time zone, anonymous donors unnamed", async () => {
    const { activity } = await dashboard(viewer);
    expect(activity.slice(0, 4).map((entry) => [entry.kind, entry.who, entry.amount, entry.what])).toEqual([
      ["donation", "Anonymous", "$50.00", null],
      ["donation", "Dora Nate", "$1,000.00", null],
      ["purchase", "Paddle 7", "$30.00", "Gala mug"],
      ["pledge", "Paddle 13", "$250.00", null],
    ]);
    expect(activity[0].at).toMatch(/3:11 PM EDT$/);
    expect(activity.at(-1)).toMatchObject({ kind: "registration", who: "Rita Guest" });
  });

  it("names every gift not marked anonymous: its own name, else the giver's account, else an email", async () => {
    const other = (await makeEvent(db, { title: "Spring Gala" })).event_id;
    const guest = await makeUser(db, { first_name: "Gina", last_name: "Signed" });
    const minute = (n: number) => new Date(Date.UTC(2026, 4, 1, 18, n));
    await db.insert(donation).values([
      { event_id: other, usr_id: guest.usr_id, amount: 20_00, created_at: minute(1) },
      { event_id: other, email: "walkin@example.org", amount: 30_00, created_at: minute(2) },
      { event_id: other, amount: 40_00, created_at: minute(3) },
      { event_id: other, usr_id: guest.usr_id, amount: 50_00, is_anonymous: true, created_at: minute(4) },
      {
        event_id: other,
        usr_id: guest.usr_id,
        first_name: "Gina",
        last_name: "For Her Mother",
        amount: 60_00,
        created_at: minute(5),
      },
    ]);
    expect((await recentActivity(other)).map((entry) => entry.who)).toEqual([
      "Gina For Her Mother",
      "Anonymous",
      "A gift without a name",
      "walkin@example.org",
      "Gina Signed",
    ]);
  });

  it("shows none of it to a team member without can_view_stats", async () => {
    const user = await makeUser(db, { selected_event: eventId });
    await giveRole(db, user.usr_id, eventId, teamRole("can_register"));
    const data = await dashboard(await sessionCookie(user.usr_id));
    expect(data).toMatchObject({ figures: null, raised: null, topItems: [], activity: [] });
  });
});
