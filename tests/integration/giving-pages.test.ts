// An event's short paths (/woa2025give, /cisnew): a path that is an app page or another event's is refused beside
// the field and changes nothing; the catch-all route shows the giving page (goal, recent gifts, give buttons to
// /dp) or the bidding page (the gallery of /inroombid) of the event holding the path, and 404 for any other path.
import { readdirSync } from "node:fs";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { saveShortPath, listShortPaths, removeShortPath } from "~/events/short-paths.server";
import { Refusal } from "~/forms/refusal";
import * as shortPathRoute from "~/routes/$";
import * as setupEventRoute from "~/routes/admin._workspace.setup.event";
import { donation, event, event_path, payment } from "~drizzle/schema";
import { makeAuctionEvent, makeAuctionItem } from "../support/auction";
import { testDatabase } from "../support/database";
import { giveRole, makeEvent, makeUser, sessionCookie, teamRole } from "../support/people";
import { call, makeRequest } from "../support/route-calls";

const { db } = testDatabase();

const refusalOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof Refusal ? { field: error.field, message: error.message } : error),
  );

const tag = () => Math.random().toString(36).slice(2, 8);

describe(`an event's short paths on ${process.env.TEST_DB_ENGINE}`, () => {
  it("refuses a path that is a page of the app, one another event holds, and its own again; removes its own", async () => {
    const [one, two] = [await makeEvent(db), await makeEvent(db)];
    // public/'s folders are served before any route (server.js): a path named like one would never reach its event.
    const publicFolders = readdirSync("public").filter((name) => /^[a-z0-9-]+$/.test(name));
    expect(publicFolders).toEqual(expect.arrayContaining(["demo", "icons"]));
    for (const path of ["dp", "admin", "woa2025monitor", "cattlemen", "inroombid", "404", "events", ...publicFolders])
      expect(await refusalOf(saveShortPath(one.event_id, { path, shows: "giving" }))).toMatchObject({ field: "path" });

    const path = `spring-${tag()}`;
    await saveShortPath(one.event_id, { path, shows: "giving" });
    expect(await refusalOf(saveShortPath(two.event_id, { path, shows: "bidding" }))).toEqual({
      field: "path",
      message: `Another event already uses /${path}. Choose another path.`,
    });
    // Entered again, the event's own path says what it shows instead of silently pointing elsewhere (issue 33).
    expect(await refusalOf(saveShortPath(one.event_id, { path, shows: "bidding" }))).toEqual({
      field: "path",
      message: `This event already uses /${path} for its giving page. To point it at another page, remove it above first.`,
    });
    expect(await listShortPaths(one.event_id)).toEqual([{ path, shows: "giving" }]);
    expect(await listShortPaths(two.event_id)).toEqual([]);

    expect(await removeShortPath(two.event_id, path)).toBe(false);
    expect(await removeShortPath(one.event_id, path)).toBe(true);
    expect(await listShortPaths(one.event_id)).toEqual([]);
  });

  it("answers the setup form with the message beside the path, and saves nothing", async () => {
    const { event_id: eventId } = await makeEvent(db);
    const staff = await makeUser(db);
    await giveRole(db, staff.usr_id, eventId, teamRole("can_configure_event", "can_edit_event"));
    const cookie = await sessionCookie(staff.usr_id);
    const post = (form: Record<string, string>) =>
      call(setupEventRoute.action, makeRequest(`/admin/setup/event?id=${eventId}`, { cookie, form }));

    const refused = await post({ intent: "add-path", path: "/DP", shows: "giving" });
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({
      formId: "short-path",
      error: { path: ["/dp is a page of Gavel itself. Choose another path."] },
    });
    expect(await listShortPaths(eventId)).toEqual([]);

    const path = `give-${tag()}`;
    expect((await post({ intent: "add-path", path: `/${path.toUpperCase()}`, shows: "giving" })).status).toBe(302);
    expect(await listShortPaths(eventId)).toEqual([{ path, shows: "giving" }]);
    expect((await post({ intent: "remove-path", path })).status).toBe(302);
    expect(await listShortPaths(eventId)).toEqual([]);
  });

  it("shows the giving page of the event holding the path: goal, thermometer, give buttons and recent gifts", async () => {
    const { event_id: eventId } = await makeEvent(db, { title: "Spring Gala" });
    await db
      .update(event)
      .set({ meta: { fundraising_goal: 1_000_000, giving: { suggested: [2_500, 5_000, 10_000] } } })
      .where(eq(event.event_id, eventId));
    // A gift paid by card and one on a guest's bill: both pledged (the thermometer's figure); a refunded one is not.
    const [card] = await db
      .insert(payment)
      .values({ event_id: eventId, amount: 5_000, method: "card", status: "paid" })
      .returning();
    const sam = await makeUser(db, { first_name: "Sam" });
    await db.insert(donation).values([
      { event_id: eventId, first_name: "Rosa", amount: 5_000, status: "paid", payment_id: card.payment_id },
      {
        event_id: eventId,
        usr_id: sam.usr_id,
        first_name: "Sam",
        amount: 2_500,
        method: "invoice",
        status: "pledged",
        is_anonymous: true,
      },
      { event_id: eventId, first_name: "Refunded", amount: 9_900, status: "refunded" },
    ]);
    const path = `give-${tag()}`;
    await saveShortPath(eventId, { path, shows: "giving" });

    const page = await call(shortPathRoute.loader, makeRequest(`/${path}`), { "*": path });
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({
      kind: "giving",
      page: {
        eventId,
        eventTitle: "Spring Gala",
        goal: 1_000_000,
        pledged: 7_500,
        giftCount: 2,
        suggested: [2_500, 5_000, 10_000],
        recent: [
          { name: "Anonymous", amount: 2_500 },
          { name: "Rosa", amount: 5_000 },
        ],
      },
    });
    expect((await call(shortPathRoute.loader, makeRequest(`/no-such-${tag()}`), { "*": "no-such" })).status).toBe(404);
  });

  it("shows the bidding page of the event holding the path: the gallery of /inroombid", async () => {
    const { event_id: eventId } = await makeAuctionEvent(db);
    await makeAuctionItem(db, eventId, { title: "Sailing weekend" });
    const path = `bid-${tag()}`;
    await saveShortPath(eventId, { path, shows: "bidding" });
    const page = await call(shortPathRoute.loader, makeRequest(`/${path}`), { "*": path });
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ kind: "bidding", page: { eventId, view: "gallery" } });
    expect((page.data as { page: { cards: { title: string }[] } }).page.cards.map((card) => card.title)).toEqual([
      "Sailing weekend",
    ]);
    // A path's row goes with its event.
    await db.delete(event).where(eq(event.event_id, eventId));
    expect(await db.select().from(event_path).where(eq(event_path.path, path))).toEqual([]);
  });
});
