// /admin/auction_items/paddle_raises: paddle raises with their goal and giving levels.
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { OWNER_ROLE } from "~/auth/permissions";
import * as route from "~/routes/admin._workspace.auction_items.paddle_raises";
import { paddle_raise, paddle_raise_level, pledge } from "~drizzle/schema";
import { testDatabase } from "../support/database";
import { giveRole, makeEvent, makeUser, sessionCookie, teamRoleWithout } from "../support/people";
import { call, makeRequest, type RouteFunction } from "../support/route-calls";

const { db } = testDatabase();
const PATH = "/admin/auction_items/paddle_raises";

let eventId: number;
let owner: string;

beforeEach(async () => {
  eventId = (await makeEvent(db)).event_id;
  const user = await makeUser(db, { selected_event: eventId });
  await giveRole(db, user.usr_id, eventId, { ...OWNER_ROLE });
  owner = await sessionCookie(user.usr_id);
});

const post = (form: Record<string, string | string[]>, cookie = owner) =>
  call(route.action as RouteFunction, makeRequest(PATH, { cookie, form }));
const raises = () => db.select().from(paddle_raise).where(eq(paddle_raise.event_id, eventId));
const levelsOf = async (id: number) =>
  (
    await db
      .select()
      .from(paddle_raise_level)
      .where(eq(paddle_raise_level.paddle_raise_id, id))
      .orderBy(paddle_raise_level.display_order)
  ).map((level) => [level.amount, level.label]);

const NEW = {
  intent: "create",
  dialog: "new-raise",
  title: "Fund a Classroom",
  description: "",
  goal: "50,000",
  is_active: "on",
  levels: "500 Books for a month\n$5,000 — A classroom for a year\n\n1000",
};

describe(`${PATH} on ${process.env.TEST_DB_ENGINE}`, () => {
  it("creates a raise with its levels, largest first", async () => {
    expect(await post(NEW)).toMatchObject({ status: 302, location: PATH });
    const [raise] = await raises();
    expect(raise).toMatchObject({ title: "Fund a Classroom", goal: 5_000_000, is_active: true, description: null });
    expect(await levelsOf(raise.paddle_raise_id)).toEqual([
      [500_000, "A classroom for a year"],
      [100_000, null],
      [50_000, "Books for a month"],
    ]);
    const loaded = await call(route.loader as RouteFunction, makeRequest(PATH, { cookie: owner }));
    expect((loaded.data as { raises: { levels: unknown[]; pledged: number }[] }).raises[0]).toMatchObject({
      pledged: 0,
    });
  });

  it("refuses bad levels and goals beside their fields, creating nothing", async () => {
    expect(await post({ ...NEW, levels: "500\nlots of money" })).toMatchObject({
      status: 400,
      data: {
        formId: "new-raise",
        error: { levels: ["Line 2: start with the amount, such as “5000 Fund a classroom”."] },
      },
    });
    expect(await post({ ...NEW, levels: "500\n500 again" })).toMatchObject({
      status: 400,
      data: { error: { levels: ["Line 2: the amount 500 is already a level."] } },
    });
    expect(await post({ ...NEW, goal: "-5", levels: "" })).toMatchObject({
      status: 400,
      data: {
        error: {
          goal: ["Amounts cannot be negative."],
          levels: ["Give at least one level, such as “1000 Books for a year”."],
        },
        initialValue: { title: "Fund a Classroom" },
      },
    });
    expect(await raises()).toEqual([]);
  });

  it("changes the levels and keeps the pledges made at a removed one", async () => {
    await post(NEW);
    const [raise] = await raises();
    const [level] = await db
      .select()
      .from(paddle_raise_level)
      .where(and(eq(paddle_raise_level.paddle_raise_id, raise.paddle_raise_id), eq(paddle_raise_level.amount, 50_000)));
    await db.insert(pledge).values({
      event_id: eventId,
      paddle_raise_id: raise.paddle_raise_id,
      paddle_raise_level_id: level.paddle_raise_level_id,
      paddle: 12,
      amount: 50_000,
    });

    const saved = await post({
      ...NEW,
      intent: "update",
      dialog: `edit-raise-${raise.paddle_raise_id}`,
      id: String(raise.paddle_raise_id),
      levels: "5000 A classroom\n2500",
      is_active: "",
    });
    expect(saved.status).toBe(302);
    expect(await levelsOf(raise.paddle_raise_id)).toEqual([
      [500_000, "A classroom"],
      [250_000, null],
    ]);
    const [kept] = await db.select().from(pledge).where(eq(pledge.paddle_raise_id, raise.paddle_raise_id));
    expect(kept).toMatchObject({ amount: 50_000, paddle: 12, paddle_raise_level_id: null });
  });

  it("never touches another event's raise", async () => {
    const other = await makeEvent(db);
    const [theirs] = await db.insert(paddle_raise).values({ event_id: other.event_id, title: "Theirs" }).returning();
    const outcome = await post({ ...NEW, intent: "update", dialog: "x", id: String(theirs.paddle_raise_id) });
    expect(outcome).toMatchObject({
      status: 400,
      data: { error: { "": ["This paddle raise no longer exists. Reload the page."] } },
    });
    expect((await post({ intent: "delete", id: String(theirs.paddle_raise_id) })).status).toBe(302);
    expect(
      await db.select().from(paddle_raise).where(eq(paddle_raise.paddle_raise_id, theirs.paddle_raise_id)),
    ).toHaveLength(1);
  });

  it("marks raises inactive, and deletes only those without pledges", async () => {
    await post(NEW);
    await post({ ...NEW, title: "Second" });
    const [first, second] = await raises();
    await db
      .insert(pledge)
      .values({ event_id: eventId, paddle_raise_id: first.paddle_raise_id, paddle: 3, amount: 100_000 });
    const ids = [String(first.paddle_raise_id), String(second.paddle_raise_id)];

    expect((await post({ intent: "deactivate", id: ids })).status).toBe(302);
    expect((await raises()).map((raise) => raise.is_active)).toEqual([false, false]);

    const refused = await post({ intent: "delete", id: ids });
    expect((refused.data as { bulkError: string }).bulkError).toBe(
      "Nothing was deleted. “Fund a Classroom” has pledges. A raise with pledges is never deleted: mark it inactive instead.",
    );
    expect(await raises()).toHaveLength(2);
    expect((await post({ intent: "delete", id: ids[1] })).status).toBe(302);
    expect((await raises()).map((raise) => raise.title)).toEqual(["Fund a Classroom"]);
  });

  it("answers 403 without can_edit_auction_items", async () => {
    const user = await makeUser(db, { selected_event: eventId });
    await giveRole(db, user.usr_id, eventId, teamRoleWithout("can_edit_auction_items"));
    const cookie = await sessionCookie(user.usr_id);
    expect((await post(NEW, cookie)).status).toBe(403);
    expect(await raises()).toEqual([]);
  });
});
