// /admin/auction_items/categories: the organisation's categories, through the screen's loader and action.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { OWNER_ROLE } from "~/auth/permissions";
import * as categoriesRoute from "~/routes/admin._workspace.auction_items.categories";
import { auction_item, category, inventory } from "~drizzle/schema";
import { testDatabase } from "../support/database";
import { giveRole, makeEvent, makeUser, sessionCookie, teamRoleWithout } from "../support/people";
import { call, makeRequest, type RouteFunction } from "../support/route-calls";

const { db } = testDatabase();
const PATH = "/admin/auction_items/categories";

let eventId: number;
let clientId: number;
let owner: string;

beforeEach(async () => {
  const made = await makeEvent(db);
  eventId = made.event_id;
  clientId = made.client_id;
  const user = await makeUser(db, { selected_event: eventId });
  await giveRole(db, user.usr_id, eventId, { ...OWNER_ROLE });
  owner = await sessionCookie(user.usr_id);
});

const post = (form: Record<string, string | string[]>, cookie = owner) =>
  call(categoriesRoute.action as RouteFunction, makeRequest(PATH, { cookie, form }));
const load = (cookie = owner) => call(categoriesRoute.loader as RouteFunction, makeRequest(PATH, { cookie }));
const titles = async (ofClient = clientId) =>
  (await db.select({ title: category.title }).from(category).where(eq(category.client_id, ofClient)))
    .map((r) => r.title)
    .sort();
const addCategory = async (title: string, ofClient = clientId) =>
  (await db.insert(category).values({ client_id: ofClient, title }).returning())[0];

describe(`${PATH} on ${process.env.TEST_DB_ENGINE}`, () => {
  it("lists the organisation's categories with how many items use each", async () => {
    const travel = await addCategory("Travel");
    await addCategory("Dining");
    await db
      .insert(auction_item)
      .values({ event_id: eventId, title: "Weekend in Napa", type: "silent", xinv_category_id: travel.category_id });
    await db.insert(inventory).values({ event_id: eventId, title: "Hotel voucher", category_id: travel.category_id });
    const other = await makeEvent(db);
    await addCategory("Elsewhere", other.client_id);

    const outcome = await load();
    expect(outcome.status).toBe(200);
    expect((outcome.data as { categories: unknown[] }).categories).toEqual([
      { category_id: expect.any(Number), title: "Dining", internal_notes: null, item_count: 0 },
      { category_id: travel.category_id, title: "Travel", internal_notes: null, item_count: 2 },
    ]);
  });

  it("creates a category and comes back to the grid with a toast", async () => {
    const outcome = await post({
      intent: "create",
      dialog: "new-category",
      title: "  Experiences ",
      internal_notes: "",
    });
    expect(outcome).toMatchObject({ status: 302, location: PATH });
    expect(await titles()).toEqual(["Experiences"]);
    const [row] = await db.select().from(category).where(eq(category.client_id, clientId));
    expect(row.internal_notes).toBeNull();
  });

  it("refuses a missing name or one already taken (whatever its case), beside the field, creating nothing", async () => {
    await addCategory("Travel");
    expect(await post({ intent: "create", dialog: "new-category", title: "   ", internal_notes: "n" })).toMatchObject({
      status: 400,
      data: {
        formId: "new-category",
        error: { title: ["Give the category a name."] },
        initialValue: { internal_notes: "n" },
      },
    });
    expect(await post({ intent: "create", dialog: "new-category", title: "TRAVEL", internal_notes: "" })).toMatchObject(
      {
        status: 400,
        data: { error: { title: ["A category named “Travel” already exists."] } },
      },
    );
    expect(await titles()).toEqual(["Travel"]);
  });

  it("renames in place, refusing a blank or duplicate name with a message for the cell", async () => {
    const travel = await addCategory("Travel");
    await addCategory("Dining");
    const id = String(travel.category_id);
    expect(await post({ intent: "inline-edit", id, field: "title", value: "Trips" })).toMatchObject({
      status: 200,
      data: { ok: true },
    });
    expect(await post({ intent: "inline-edit", id, field: "title", value: "dining" })).toMatchObject({
      status: 400,
      data: { inlineError: { id, field: "title", message: "A category named “Dining” already exists." } },
    });
    expect(await post({ intent: "inline-edit", id, field: "title", value: "" })).toMatchObject({
      status: 400,
      data: { inlineError: { message: "Give the category a name." } },
    });
    expect(await titles()).toEqual(["Dining", "Trips"]);
    expect(
      await post({ intent: "inline-edit", id, field: "internal_notes", value: "From the 2025 list" }),
    ).toMatchObject({ status: 200 });
    expect(
      (await db.select().from(category).where(eq(category.category_id, travel.category_id)))[0].internal_notes,
    ).toBe("From the 2025 list");
  });

  it("never edits a field the grid does not offer, nor another organisation's category", async () => {
    const mine = await addCategory("Travel");
    const other = await makeEvent(db);
    const theirs = await addCategory("Theirs", other.client_id);
    expect(
      (await post({ intent: "inline-edit", id: String(mine.category_id), field: "client_id", value: "1" })).status,
    ).toBe(400);
    expect(
      await post({ intent: "inline-edit", id: String(theirs.category_id), field: "title", value: "Mine now" }),
    ).toMatchObject({
      status: 400,
      data: { inlineError: { message: "This category no longer exists. Reload the page." } },
    });
    expect(await titles(other.client_id)).toEqual(["Theirs"]);
  });

  it("deletes unused categories, and refuses the whole delete when one is in use, saying which and why", async () => {
    const unused = await addCategory("Unused");
    const alsoUnused = await addCategory("Also unused");
    const used = await addCategory("Travel");
    await db.insert(inventory).values({ event_id: eventId, title: "Hotel voucher", category_id: used.category_id });

    const refused = await post({ intent: "delete", id: [String(unused.category_id), String(used.category_id)] });
    expect(refused.status).toBe(400);
    expect((refused.data as { bulkError: string }).bulkError).toMatch(
      /^Nothing was deleted\. “Travel” is used by 1 item\. Move those items/,
    );
    expect(await titles()).toEqual(["Also unused", "Travel", "Unused"]);

    const done = await post({ intent: "delete", id: [String(unused.category_id), String(alsoUnused.category_id)] });
    expect(done).toMatchObject({ status: 302, location: PATH });
    expect(await titles()).toEqual(["Travel"]);
    expect((await post({ intent: "delete" })).status).toBe(400);
  });

  it("answers 403 to a team member without can_edit_auction_items, and changes nothing", async () => {
    const user = await makeUser(db, { selected_event: eventId });
    await giveRole(db, user.usr_id, eventId, teamRoleWithout("can_edit_auction_items"));
    const cookie = await sessionCookie(user.usr_id);
    expect((await load(cookie)).status).toBe(403);
    expect((await post({ intent: "create", title: "Sneaky" }, cookie)).status).toBe(403);
    expect(await titles()).toEqual([]);
  });
});
