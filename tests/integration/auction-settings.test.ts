// /admin/setup/silent_auction and /admin/setup/virtual_auction against a real database: the loader's view and
// summary, saving times and category closes (scoped by event, data_version bumped), refusals that change nothing,
// the staggered-closing helper, a module never switched on, and the permission.
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { OWNER_ROLE } from "~/auth/permissions";
import { setFeatureEnabled } from "~/events/feature-switches.server";
import * as silentRoute from "~/routes/admin._workspace.setup.silent_auction";
import * as virtualRoute from "~/routes/admin._workspace.setup.virtual_auction";
import { auction_item, category, category_close, event, silent_auction, virtual_auction } from "~drizzle/schema";
import { testDatabase } from "../support/database";
import { giveRole, makeEvent, makeUser, sessionCookie, teamRoleWithout } from "../support/people";
import { call, makeRequest, type RouteFunction } from "../support/route-calls";

const { db } = testDatabase();

let eventId: number;
let clientId: number;
let owner: string;
let art: number;
let travel: number;
let wine: number;

beforeEach(async () => {
  const made = await makeEvent(db);
  eventId = made.event_id;
  clientId = made.client_id;
  await db.update(event).set({ timezone: "America/New_York" }).where(eq(event.event_id, eventId));
  const user = await makeUser(db, { selected_event: eventId });
  await giveRole(db, user.usr_id, eventId, { ...OWNER_ROLE });
  owner = await sessionCookie(user.usr_id);
  const rows = await db
    .insert(category)
    .values(["Travel", "Art", "Wine"].map((title) => ({ client_id: clientId, title })))
    .returning({ id: category.category_id, title: category.title });
  [travel, art, wine] = rows.map((row) => row.id);
});

type LoaderData = Awaited<ReturnType<typeof silentRoute.loader>>;
const SILENT = "/admin/setup/silent_auction";
const VIRTUAL = "/admin/setup/virtual_auction";

const load = async (route = silentRoute, path = SILENT, cookie = owner) =>
  call(route.loader as RouteFunction, makeRequest(path, { cookie }));
const post = (form: Record<string, string>, route = silentRoute, path = SILENT, cookie = owner) =>
  call(route.action as RouteFunction, makeRequest(path, { cookie, form }));
const eventRow = async () => (await db.select().from(event).where(eq(event.event_id, eventId)))[0];
const silentRow = async () => {
  const { silent_auction_id } = await eventRow();
  return (await db.select().from(silent_auction).where(eq(silent_auction.silent_auction_id, silent_auction_id!)))[0];
};
const closes = async (auction: string) =>
  (
    await db
      .select()
      .from(category_close)
      .where(and(eq(category_close.event_id, eventId), eq(category_close.auction, auction)))
  )
    .map((row) => ({ category_id: row.category_id, at: row.end_date_time.toISOString() }))
    .sort((a, b) => a.at.localeCompare(b.at));

// 14 March 2027 in New York is EDT (UTC-4).
const form = (changes: Record<string, string> = {}) => ({
  intent: "save",
  start_date_time: "2027-03-14T18:00",
  end_date_time: "2027-03-14T21:00",
  soft_close_minutes: "3",
  hard_end_date_time: "2027-03-14T21:30",
  is_auto_bid: "on",
  increment_policy: "percent",
  increment_percent: "10",
  [`close_${art}`]: "2027-03-14T20:30",
  [`close_${travel}`]: "2027-03-14T20:45",
  [`close_${wine}`]: "",
  ...changes,
});

describe(`/admin/setup/silent_auction on ${process.env.TEST_DB_ENGINE}`, () => {
  beforeEach(async () => {
    await setFeatureEnabled(eventId, "silent_auction", true);
  });

  it("saves the times in the event's zone, the rules and the category closes, bumps data_version, and says so", async () => {
    const before = await eventRow();
    const outcome = await post(form());
    expect(outcome).toMatchObject({ status: 302, location: SILENT });
    expect(outcome.response?.headers.get("Set-Cookie")).toContain("gavel_toast");
    expect(await silentRow()).toMatchObject({
      start_date_time: new Date("2027-03-14T22:00:00Z"),
      end_date_time: new Date("2027-03-15T01:00:00Z"),
      soft_close_minutes: 3,
      hard_end_date_time: new Date("2027-03-15T01:30:00Z"),
      is_auto_bid: true,
      increment_policy: "percent",
      increment_percent: 10,
    });
    expect(await closes("silent")).toEqual([
      { category_id: art, at: "2027-03-15T00:30:00.000Z" },
      { category_id: travel, at: "2027-03-15T00:45:00.000Z" },
    ]);
    expect((await eventRow()).data_version).toBe(before.data_version + 1);

    const { data } = await load();
    const view = data as LoaderData;
    expect(view).toMatchObject({ kind: "silent", exists: true, enabled: true, timeZone: "America/New_York" });
    expect(view.saved).toMatchObject({
      start_date_time: "2027-03-14T22:00:00.000Z",
      soft_close_minutes: "3",
      increment_policy: "percent",
    });
    expect(view.categories.map((row) => [row.title, row.end_date_time])).toEqual([
      ["Art", "2027-03-15T00:30:00.000Z"],
      ["Travel", "2027-03-15T00:45:00.000Z"],
      ["Wine", null],
    ]);
    expect(view.summary).toContain(
      "A bid in the last 3 minutes extends the item to 3 minutes after that bid, never past Sun, 14 Mar 2027, 9:30 PM EDT.",
    );
    expect(view.summary).toContain(
      "Categories close one after another: Art at 8:30 PM EDT, Travel at 8:45 PM EDT. Items of other categories close with the auction.",
    );
  });

  it("replaces the closes on the next save: a category left empty closes with the auction again", async () => {
    await post(form());
    await post(form({ [`close_${art}`]: "", [`close_${wine}`]: "2027-03-14T21:15", is_auto_bid: "" }));
    expect(await closes("silent")).toEqual([
      { category_id: travel, at: "2027-03-15T00:45:00.000Z" },
      { category_id: wine, at: "2027-03-15T01:15:00.000Z" },
    ]);
    expect((await silentRow()).is_auto_bid).toBe(false);
  });

  it("refuses a hard end before the end and a category closing after the hard end, keeping what was typed and changing nothing", async () => {
    await post(form());
    const before = await eventRow();
    const saved = await silentRow();
    const outcome = await post(
      form({
        soft_close_minutes: "5",
        hard_end_date_time: "2027-03-14T20:00",
        [`close_${wine}`]: "2027-03-14T22:00",
        end_date_time: "2027-03-14T21:00",
      }),
    );
    expect(outcome.status).toBe(400);
    const refusal = outcome.data as { error: Record<string, string[]>; initialValue: Record<string, string> };
    expect(refusal.error.hard_end_date_time).toEqual([
      "The hard end must be at or after the end of bidding (Sun, 14 Mar 2027, 9:00 PM EDT).",
    ]);
    expect(refusal.error[`close_${wine}`]).toEqual([
      "Close this category by the hard end (Sun, 14 Mar 2027, 8:00 PM EDT): no item can stay open past it.",
    ]);
    expect(refusal.error[""]).toEqual(["Nothing was saved. Correct the fields marked below."]);
    expect(refusal.initialValue).toMatchObject({ soft_close_minutes: "5", [`close_${wine}`]: "2027-03-14T22:00" });
    expect(await silentRow()).toEqual(saved);
    expect((await eventRow()).data_version).toBe(before.data_version);
    expect(await closes("silent")).toHaveLength(2);
  });

  it("refuses an end before the start and a category closing before the start", async () => {
    const outcome = await post(form({ end_date_time: "2027-03-14T17:00", [`close_${art}`]: "2027-03-14T17:30" }));
    expect(outcome.status).toBe(400);
    const errors = (outcome.data as { error: Record<string, string[]> }).error;
    expect(errors.end_date_time?.[0]).toMatch(/^Bidding must end after it starts/);
    expect(errors[`close_${art}`]?.[0]).toMatch(/^Close this category after bidding starts/);
    expect(await closes("silent")).toEqual([]);
  });

  it("fills staggered closes for the categories with silent items, without saving", async () => {
    await db.insert(auction_item).values([
      { event_id: eventId, title: "Villa", type: "silent", xinv_category_id: travel },
      { event_id: eventId, title: "Painting", type: "silent", xinv_category_id: art },
      { event_id: eventId, title: "Online only", type: "virtual", xinv_category_id: wine },
    ]);
    const before = await eventRow();
    const outcome = await post({ ...form(), intent: "fill", first_close: "2027-03-14T20:30", close_gap_minutes: "15" });
    expect(outcome.status).toBe(200);
    expect(outcome.data).toMatchObject({
      filled: true,
      initialValue: {
        [`close_${art}`]: "2027-03-14T20:30",
        [`close_${travel}`]: "2027-03-14T20:45",
        // Wine has no silent items: left as it was.
        [`close_${wine}`]: "",
        soft_close_minutes: "3",
      },
    });
    expect(await closes("silent")).toEqual([]);
    expect((await eventRow()).data_version).toBe(before.data_version);

    const refused = await post({ ...form(), intent: "fill", first_close: "", close_gap_minutes: "500" });
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({
      error: {
        first_close: ["Enter when the first category closes."],
        close_gap_minutes: [expect.stringMatching(/^Enter whole minutes from 1 to 120/)],
      },
    });
  });

  it("never shows or saves another organisation's categories", async () => {
    const other = await makeEvent(db);
    const [foreign] = await db
      .insert(category)
      .values({ client_id: other.client_id, title: "Foreign" })
      .returning({ id: category.category_id });
    const view = (await load()).data as LoaderData;
    expect(view.categories.map((row) => row.title)).not.toContain("Foreign");
    await post(form({ [`close_${foreign.id}`]: "2027-03-14T20:50" }));
    expect((await closes("silent")).map((row) => row.category_id)).not.toContain(foreign.id);
  });

  it("needs can_configure_event to open and to save", async () => {
    const user = await makeUser(db, { selected_event: eventId });
    await giveRole(db, user.usr_id, eventId, teamRoleWithout("can_configure_event"));
    const cookie = await sessionCookie(user.usr_id);
    expect((await load(silentRoute, SILENT, cookie)).status).toBe(403);
    expect((await post(form(), silentRoute, SILENT, cookie)).status).toBe(403);
    expect(await closes("silent")).toEqual([]);
  });

  it("still edits the rules while the module is switched off, and says it is off", async () => {
    await setFeatureEnabled(eventId, "silent_auction", false);
    expect((await load()).data).toMatchObject({ exists: true, enabled: false });
    expect((await post(form())).status).toBe(302);
  });
});

describe(`/admin/setup/virtual_auction on ${process.env.TEST_DB_ENGINE}`, () => {
  it("says the module is not switched on when it never was, and saves nothing", async () => {
    const view = (await load(virtualRoute, VIRTUAL)).data as LoaderData;
    expect(view).toMatchObject({ kind: "virtual", exists: false, saved: null, summary: [] });
    const outcome = await post(form(), virtualRoute, VIRTUAL);
    expect(outcome.status).toBe(400);
    expect(outcome.data).toMatchObject({
      error: { "": [expect.stringMatching(/virtual auction is not switched on/)] },
    });
    expect(await closes("virtual")).toEqual([]);
  });

  it("saves the virtual auction's own record and closes, apart from the silent auction's", async () => {
    await setFeatureEnabled(eventId, "virtual_auction", true);
    await setFeatureEnabled(eventId, "silent_auction", true);
    expect(
      (await post(form({ increment_policy: "item", soft_close_minutes: "0" }), virtualRoute, VIRTUAL)).status,
    ).toBe(302);
    const { virtual_auction_id } = await eventRow();
    const [row] = await db
      .select()
      .from(virtual_auction)
      .where(eq(virtual_auction.virtual_auction_id, virtual_auction_id!));
    expect(row).toMatchObject({
      soft_close_minutes: 0,
      increment_policy: "item",
      increment_percent: 10,
      is_auto_bid: true,
    });
    expect(await closes("virtual")).toHaveLength(2);
    expect(await closes("silent")).toEqual([]);
    expect((await silentRow()).soft_close_minutes).toBe(2);
    const view = (await load(virtualRoute, VIRTUAL)).data as LoaderData;
    expect(view.summary).toContain("No soft close: items close on time, whatever bids arrive at the last moment.");
  });
});
