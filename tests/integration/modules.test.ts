// /admin/setup/modules: the feature switches against a real database.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { OWNER_ROLE } from "~/auth/permissions";
import { setFeatureEnabled } from "~/events/feature-switches.server";
import * as modulesRoute from "~/routes/admin._workspace.setup.modules";
import { event, landing, silent_auction, traditional_auction, virtual_auction } from "~drizzle/schema";
import { testDatabase } from "../support/database";
import { giveRole, makeEvent, makeUser, sessionCookie } from "../support/people";
import { call, makeRequest, type RouteFunction } from "../support/route-calls";

const { db } = testDatabase();

let eventId: number;
let cookie: string;

beforeEach(async () => {
  eventId = (await makeEvent(db)).event_id;
  const organiser = await makeUser(db, { selected_event: eventId });
  await giveRole(db, organiser.usr_id, eventId, { ...OWNER_ROLE });
  cookie = await sessionCookie(organiser.usr_id);
});

const post = (form: Record<string, string>) =>
  call(modulesRoute.action as RouteFunction, makeRequest("/admin/setup/modules", { cookie, form }));
const eventRow = async () => (await db.select().from(event).where(eq(event.event_id, eventId)))[0];

describe(`/admin/setup/modules on ${process.env.TEST_DB_ENGINE}`, () => {
  it("lists every feature with its state; the six that cannot be switched read as locked and off", async () => {
    const { data } = await call(modulesRoute.loader as RouteFunction, makeRequest("/admin/setup/modules", { cookie }));
    const features = (data as Awaited<ReturnType<typeof modulesRoute.loader>>).features;
    expect(features).toHaveLength(15);
    expect(features.find((f) => f.feature === "landing")).toMatchObject({
      enabled: false,
      testing: true,
      live: false,
      locked: false,
    });
    expect(
      features
        .filter((f) => f.locked)
        .map((f) => f.feature)
        .sort(),
    ).toEqual(["email", "notification", "post", "report", "storefront", "text"]);
  });

  it("creates the landing page the first time it is enabled, keeps it when enabled again, and bumps data_version", async () => {
    const before = await eventRow();
    expect(before.landing_id).toBeNull();
    expect(await post({ intent: "enable", feature: "landing" })).toMatchObject({
      status: 200,
      data: { state: { enabled: true, testing: true, live: false } },
    });
    const first = await eventRow();
    expect(first.landing_id).not.toBeNull();
    expect(first.data_version).toBe(before.data_version + 1);
    const [page] = await db.select().from(landing).where(eq(landing.landing_id, first.landing_id!));
    expect(page.meta).toHaveProperty("heroSection");

    await post({ intent: "disable", feature: "landing" });
    await post({ intent: "enable", feature: "landing" });
    const again = await eventRow();
    expect(again.landing_id).toBe(first.landing_id);
    expect(again.data_version).toBe(before.data_version + 3);
  });

  it("creates each auction's record on first enabling: the live auction with capacity 50", async () => {
    for (const feature of ["traditional_auction", "silent_auction", "virtual_auction"]) {
      await post({ intent: "enable", feature });
    }
    const row = await eventRow();
    const [live] = await db
      .select()
      .from(traditional_auction)
      .where(eq(traditional_auction.traditional_auction_id, row.traditional_auction_id!));
    expect(live).toMatchObject({ event_id: eventId, capacity: 50 });
    expect(
      await db.select().from(silent_auction).where(eq(silent_auction.silent_auction_id, row.silent_auction_id!)),
    ).toHaveLength(1);
    expect(
      await db.select().from(virtual_auction).where(eq(virtual_auction.virtual_auction_id, row.virtual_auction_id!)),
    ).toHaveLength(1);
  });

  it("flips the testing flag each time; live once testing is off", async () => {
    await post({ intent: "enable", feature: "registration" });
    expect(await post({ intent: "toggle-testing", feature: "registration" })).toMatchObject({
      data: { state: { enabled: true, testing: false, live: true } },
    });
    expect(await post({ intent: "toggle-testing", feature: "registration" })).toMatchObject({
      data: { state: { testing: true, live: false } },
    });
    expect((await eventRow()).is_registration_testing).toBe(true);
  });

  it("refuses to switch a locked feature or an unknown one, changing nothing", async () => {
    const before = await eventRow();
    expect(await post({ intent: "enable", feature: "storefront" })).toMatchObject({
      status: 400,
      data: { error: "Storefront cannot be switched on yet." },
    });
    expect(await post({ intent: "toggle-testing", feature: "email" })).toMatchObject({ status: 400 });
    expect(await post({ intent: "enable", feature: "fireworks" })).toMatchObject({ status: 400 });
    expect(await post({ intent: "explode", feature: "landing" })).toMatchObject({ status: 400 });
    const after = await eventRow();
    expect(after).toMatchObject({
      is_storefront_enabled: false,
      is_email_testing: true,
      data_version: before.data_version,
    });
  });

  it("creates one landing page when several organisers enable it at the same moment", async () => {
    const landingCount = async () => (await db.select({ id: landing.landing_id }).from(landing)).length;
    const before = await landingCount();
    await Promise.all(Array.from({ length: 8 }, () => setFeatureEnabled(eventId, "landing", true)));
    expect(await landingCount()).toBe(before + 1);
    expect((await eventRow()).landing_id).not.toBeNull();
  });
});
