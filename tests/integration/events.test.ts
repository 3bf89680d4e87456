// /admin/events (the user's events, choosing one) and /admin/dashboard (where choosing one leads).
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { OWNER_ROLE } from "~/auth/permissions";
import { DEMO_GALA_SLUG, DEMO_ORGANISER_EMAIL, DEMO_VOLUNTEER_EMAIL, seedDemo } from "~/demo/seed.server";
import { getToast } from "~/http/toast.server";
import * as dashboardRoute from "~/routes/admin._hub.dashboard";
import * as eventsRoute from "~/routes/admin._hub.events";
import { auction_item, bid, event, registrant, ticket_payment, usr } from "~drizzle/schema";
import { testDatabase } from "../support/database";
import { giveRole, makeEvent, makeUser, sessionCookie, teamRole } from "../support/people";
import { call, makeRequest, type RouteFunction } from "../support/route-calls";

const { db } = testDatabase();

type EventsData = Awaited<ReturnType<typeof eventsRoute.loader>>;
type DashboardData = Awaited<ReturnType<typeof dashboardRoute.loader>>;

let spring: { event_id: number };
let autumn: { event_id: number };
let archived: { event_id: number };
let guestOnly: { event_id: number };
let person: { usr_id: number; cookie: string };

beforeAll(async () => {
  spring = await makeEvent(db, { title: "Spring Gala" });
  autumn = await makeEvent(db, { title: "Autumn Auction" });
  archived = await makeEvent(db, { title: "Gala 2024", is_archived: true });
  guestOnly = await makeEvent(db, { title: "Neighbours' Ball" });
  const user = await makeUser(db, { selected_event: spring.event_id });
  await giveRole(db, user.usr_id, spring.event_id, { ...OWNER_ROLE });
  await giveRole(db, user.usr_id, autumn.event_id, teamRole("can_check_in_out", "can_register"));
  await giveRole(db, user.usr_id, archived.event_id, teamRole("can_configure_event"));
  await giveRole(db, user.usr_id, guestOnly.event_id, { can_bid: true });
  person = { usr_id: user.usr_id, cookie: await sessionCookie(user.usr_id) };
});

async function listEvents(query = "") {
  const result = await call(
    eventsRoute.loader as RouteFunction,
    makeRequest(`/admin/events${query}`, { cookie: person.cookie }),
  );
  return result.data as EventsData;
}

const select = (eventId: number | null, form: Record<string, string> = { intent: "select" }, cookie = person.cookie) =>
  call(
    eventsRoute.action as RouteFunction,
    makeRequest(eventId === null ? "/admin/events" : `/admin/events?id=${eventId}`, { cookie, form }),
  );

async function selectedEvent() {
  const [row] = await db.select({ selected_event: usr.selected_event }).from(usr).where(eq(usr.usr_id, person.usr_id));
  return row.selected_event;
}

describe(`/admin/events on ${process.env.TEST_DB_ENGINE}`, () => {
  it("lists the events whose team the user is on, with their role, archived ones hidden", async () => {
    const data = await listEvents();
    expect(data.events.map((e) => [e.title, e.role, e.permissions])).toEqual(
      expect.arrayContaining([
        ["Spring Gala", "Owner", "Every permission"],
        ["Autumn Auction", "Team member", "Check guests in and out, Register guests"],
      ]),
    );
    expect(data.events).toHaveLength(2);
    expect(data.archivedCount).toBe(1);
    expect(data.currentEventId).toBe(spring.event_id);
  });

  it("shows the archived ones on request", async () => {
    const data = await listEvents("?archived=shown");
    expect(data.events.find((e) => e.title === "Gala 2024")).toMatchObject({ is_archived: true, role: "Admin" });
    expect(data.showArchived).toBe(true);
  });

  it("selecting an event saves it for the user and goes to the screen of their work", async () => {
    // The autumn role checks guests in and registers them: the door.
    const result = await select(autumn.event_id);
    expect(result).toMatchObject({ status: 302, location: "/admin/registration/checkinout" });
    expect(await selectedEvent()).toBe(autumn.event_id);
    const cookie = result.response!.headers.get("Set-Cookie")!.split(";")[0];
    const toast = await getToast(new Request("http://localhost/", { headers: { Cookie: cookie } }));
    expect(toast?.title).toBe("Now working on Autumn Auction");

    // Without ?id the dashboard is now about the chosen event.
    const dashboard = await call(
      dashboardRoute.loader as RouteFunction,
      makeRequest("/admin/dashboard", { cookie: person.cookie }),
    );
    expect((dashboard.data as DashboardData).eventId).toBe(autumn.event_id);
    // The owner of spring sees its figures: the dashboard.
    expect(await select(spring.event_id)).toMatchObject({ status: 302, location: "/admin/dashboard" });
  });

  it("refuses an event whose team the user is not on, sending them home and saving nothing", async () => {
    expect(await select(guestOnly.event_id)).toMatchObject({ status: 302, location: "/" });
    expect(await selectedEvent()).toBe(spring.event_id);
  });

  it("answers 400 without an event in ?id, or without the intent", async () => {
    expect((await select(null)).status).toBe(400);
    expect((await select(autumn.event_id, { intent: "explode" })).status).toBe(400);
    // Archiving is an intent of its own that needs can_edit_event, which this role on autumn lacks.
    expect((await select(autumn.event_id, { intent: "archive" })).status).toBe(403);
    expect(await selectedEvent()).toBe(spring.event_id);
  });
});

describe(`/admin/dashboard on ${process.env.TEST_DB_ENGINE}`, () => {
  let galaId: number;
  let organiserCookie: string;
  let volunteerCookie: string;

  beforeAll(async () => {
    await seedDemo(db);
    const [gala] = await db.select({ event_id: event.event_id }).from(event).where(eq(event.slug, DEMO_GALA_SLUG));
    galaId = gala.event_id;
    const [organiser] = await db.select().from(usr).where(eq(usr.email_address, DEMO_ORGANISER_EMAIL));
    const [volunteer] = await db.select().from(usr).where(eq(usr.email_address, DEMO_VOLUNTEER_EMAIL));
    organiserCookie = await sessionCookie(organiser.usr_id);
    volunteerCookie = await sessionCookie(volunteer.usr_id);
  });

  const dashboard = async (cookie: string) =>
    (await call(dashboardRoute.loader as RouteFunction, makeRequest(`/admin/dashboard?id=${galaId}`, { cookie })))
      .data as DashboardData;

  it("shows the event's figures to someone who may see them", async () => {
    const { figures } = await dashboard(organiserCookie);
    const guests = await db.select().from(registrant).where(eq(registrant.event_id, galaId));
    expect(figures!.registered).toBe(String(guests.length));
    expect(figures!.attended).toBe(String(guests.filter((g) => g.attended).length));

    const purchases = await db.select().from(ticket_payment).where(eq(ticket_payment.event_id, galaId));
    const sold = (status: string) =>
      purchases.filter((p) => p.status === status).reduce((sum, p) => sum + p.quantity, 0);
    expect(figures!.ticketsPaid).toBe(String(sold("paid")));
    expect(figures!.ticketsPending).toBe(String(sold("pending")));

    const bids = await db.select().from(bid).where(eq(bid.event_id, galaId));
    const highest = new Map<number, number>();
    for (const b of bids) highest.set(b.auction_item_id, Math.max(highest.get(b.auction_item_id) ?? 0, b.bid));
    const total = [...highest.values()].reduce((sum, amount) => sum + amount, 0);
    expect(total).toBeGreaterThan(0);
    expect(figures!.highestBidsTotal).toBe(
      new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(total / 100),
    );
    expect(figures!.bidCount).toBe(
      `${new Intl.NumberFormat("en-US").format(bids.length)} ${bids.length === 1 ? "bid" : "bids"}`,
    );

    const live = await db
      .select()
      .from(auction_item)
      .where(and(eq(auction_item.event_id, galaId), eq(auction_item.type, "live")));
    expect(figures!.items[0]).toMatchObject({ type: "Live auction", items: String(live.length) });
    expect(figures!.items.map((row) => row.type)).toEqual([
      "Live auction",
      "Silent auction",
      "Virtual auction",
      "Items for sale",
    ]);
  });

  it("shows a team member without can_view_stats the screens they may use instead", async () => {
    const data = await dashboard(volunteerCookie);
    expect(data.figures).toBeNull();
    expect(data.screens.map((s) => s.label)).toContain("Events");
    expect(data.screens.map((s) => s.label)).not.toContain("Team");
  });
});
