// /admin/auction_items/staff: the organisation's staff who procure items, through the screen's loader and action.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { OWNER_ROLE } from "~/auth/permissions";
import * as staffRoute from "~/routes/admin._workspace.auction_items.staff";
import { auction_item, event, inventory, staff } from "~drizzle/schema";
import { testDatabase } from "../support/database";
import { giveRole, makeEvent, makeUser, sessionCookie, teamRoleWithout } from "../support/people";
import { call, makeRequest, type RouteFunction } from "../support/route-calls";

const { db } = testDatabase();
const PATH = "/admin/auction_items/staff";

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
  call(staffRoute.action as RouteFunction, makeRequest(PATH, { cookie, form }));
const load = (cookie = owner) => call(staffRoute.loader as RouteFunction, makeRequest(PATH, { cookie }));
const addStaff = async (fields: Partial<typeof staff.$inferInsert> = {}, ofClient = clientId) =>
  (
    await db
      .insert(staff)
      .values({ client_id: ofClient, first_name: "Allison", last_name: "Reed", ...fields })
      .returning()
  )[0];
const staffOf = (ofClient = clientId) => db.select().from(staff).where(eq(staff.client_id, ofClient));
const reload = async (id: number) => (await db.select().from(staff).where(eq(staff.staff_id, id)))[0];

const FORM = {
  intent: "create",
  dialog: "new-staff",
  first_name: " Ben ",
  last_name: "Okafor",
  email: "ben.okafor@harborlight.example.org",
  grid_row_color: "#D9F2E6",
  internal_notes: "Restaurants and wine.",
};

describe(`${PATH} on ${process.env.TEST_DB_ENGINE}`, () => {
  it("lists the organisation's staff with their full name, row colour and what they procured", async () => {
    const allison = await addStaff({ grid_row_color: "#fff3c4" });
    const ben = await addStaff({ first_name: "Ben", last_name: "Okafor" });
    await db.insert(auction_item).values({ event_id: eventId, title: "Weekend", xinv_staff_id: allison.staff_id });
    await db.insert(inventory).values({ event_id: eventId, title: "Hotel voucher", staff_id: allison.staff_id });
    const [past] = await db
      .insert(event)
      .values({ client_id: clientId, slug: `past-${eventId}`, title: "Last year" })
      .returning();
    await db.insert(inventory).values({ event_id: past.event_id, title: "Old item", staff_id: ben.staff_id });
    const other = await makeEvent(db);
    await addStaff({ first_name: "Elsewhere" }, other.client_id);

    const outcome = await load();
    expect(outcome.status).toBe(200);
    expect((outcome.data as { staff: unknown[] }).staff).toEqual([
      expect.objectContaining({
        staff_id: ben.staff_id,
        full_name: "Ben Okafor",
        item_count: 0,
        all_item_count: 1,
        grid_row_color: null,
      }),
      expect.objectContaining({
        staff_id: allison.staff_id,
        full_name: "Allison Reed",
        item_count: 2,
        all_item_count: 2,
        grid_row_color: "#fff3c4",
      }),
    ]);
  });

  it("adds a person (spec: insert a staff record), the full name derived from first and last", async () => {
    expect(await post(FORM)).toMatchObject({ status: 302, location: PATH });
    const [row] = await staffOf();
    expect(row).toMatchObject({
      first_name: "Ben",
      last_name: "Okafor",
      full_name: "Ben Okafor",
      email: "ben.okafor@harborlight.example.org",
      grid_row_color: "#d9f2e6",
      internal_notes: "Restaurants and wine.",
    });
    expect(
      await post({ ...FORM, first_name: "", last_name: "Walsh", email: "", grid_row_color: "", internal_notes: "" }),
    ).toMatchObject({ status: 302 });
    expect((await staffOf()).find((s) => s.last_name === "Walsh")).toMatchObject({
      full_name: "Walsh",
      email: null,
      grid_row_color: null,
      internal_notes: null,
    });
  });

  it("refuses bad input beside each field, keeping what was typed, and creates nothing", async () => {
    const outcome = await post({ ...FORM, first_name: " ", last_name: "", email: "ben@", grid_row_color: "green" });
    expect(outcome).toMatchObject({
      status: 400,
      data: {
        formId: "new-staff",
        error: {
          first_name: ["Give a first name, a last name, or both."],
          email: ["Enter an email address such as info@example.org."],
          grid_row_color: ["Enter a colour as # and six hexadecimal digits, such as #dbe9ff, or leave it blank."],
        },
        initialValue: { email: "ben@", grid_row_color: "green" },
      },
    });
    expect(await staffOf()).toEqual([]);
  });

  it("saves the edit dialog, and refuses it for another organisation's person", async () => {
    const allison = await addStaff();
    const id = String(allison.staff_id);
    const edit = { ...FORM, intent: "update", dialog: `edit-staff-${id}`, staff_id: id };
    expect(await post(edit)).toMatchObject({ status: 302 });
    expect(await reload(allison.staff_id)).toMatchObject({ full_name: "Ben Okafor", grid_row_color: "#d9f2e6" });
    expect(await post({ ...edit, grid_row_color: "#12345" })).toMatchObject({
      status: 400,
      data: { formId: `edit-staff-${id}`, error: { grid_row_color: [expect.any(String)] } },
    });

    const other = await makeEvent(db);
    const theirs = await addStaff({ first_name: "Theirs" }, other.client_id);
    expect(await post({ ...edit, staff_id: String(theirs.staff_id) })).toMatchObject({
      status: 400,
      data: { error: { "": ["This person is no longer on your staff. Reload the page."] } },
    });
    expect((await reload(theirs.staff_id)).first_name).toBe("Theirs");
  });

  it("edits fields in place with the form's rules, never leaving a person without a name", async () => {
    const allison = await addStaff();
    const id = String(allison.staff_id);
    const edit = (field: string, value: string) => post({ intent: "inline-edit", id, field, value });
    expect(await edit("grid_row_color", "#DBE9FF")).toMatchObject({ status: 200, data: { ok: true } });
    expect(await edit("email", "allison@example.org")).toMatchObject({ status: 200 });
    expect(await edit("first_name", "Ally")).toMatchObject({ status: 200 });
    expect(await reload(allison.staff_id)).toMatchObject({
      grid_row_color: "#dbe9ff",
      email: "allison@example.org",
      full_name: "Ally Reed",
    });
    expect(await edit("grid_row_color", "")).toMatchObject({ status: 200 });
    expect((await reload(allison.staff_id)).grid_row_color).toBeNull();

    expect(await edit("grid_row_color", "red")).toMatchObject({
      status: 400,
      data: { inlineError: { id, field: "grid_row_color" } },
    });
    expect(await edit("first_name", "")).toMatchObject({ status: 200 });
    expect(await edit("last_name", "")).toMatchObject({
      status: 400,
      data: { inlineError: { message: "Give a first name, a last name, or both." } },
    });
    expect((await reload(allison.staff_id)).full_name).toBe("Reed");
  });

  it("never edits a field the grid does not offer, nor another organisation's person", async () => {
    const mine = await addStaff();
    const other = await makeEvent(db);
    const theirs = await addStaff({ first_name: "Theirs" }, other.client_id);
    expect(
      (await post({ intent: "inline-edit", id: String(mine.staff_id), field: "full_name", value: "Someone" })).status,
    ).toBe(400);
    expect(
      (await post({ intent: "inline-edit", id: String(mine.staff_id), field: "client_id", value: "1" })).status,
    ).toBe(400);
    expect(
      await post({ intent: "inline-edit", id: String(theirs.staff_id), field: "first_name", value: "Mine now" }),
    ).toMatchObject({
      status: 400,
      data: { inlineError: { message: "This person is no longer on your staff. Reload the page." } },
    });
    expect((await reload(theirs.staff_id)).first_name).toBe("Theirs");
  });

  it("deletes people who procured nothing, and refuses the whole delete while one procured items, saying how many", async () => {
    const unused = await addStaff({ first_name: "Erin", last_name: "Walsh" });
    const busy = await addStaff();
    const [past] = await db
      .insert(event)
      .values({ client_id: clientId, slug: `past-${eventId}`, title: "Last year" })
      .returning();
    await db.insert(auction_item).values({ event_id: eventId, title: "Weekend", xinv_staff_id: busy.staff_id });
    await db.insert(inventory).values({ event_id: past.event_id, title: "Old item", staff_id: busy.staff_id });

    const refused = await post({ intent: "delete", id: [String(unused.staff_id), String(busy.staff_id)] });
    expect(refused.status).toBe(400);
    expect((refused.data as { bulkError: string }).bulkError).toMatch(
      /^Nothing was deleted\. “Allison Reed” procured 2 items\. Give those items/,
    );
    expect(await staffOf()).toHaveLength(2);

    const other = await makeEvent(db);
    const theirs = await addStaff({}, other.client_id);
    expect(await post({ intent: "delete", id: [String(unused.staff_id), String(theirs.staff_id)] })).toMatchObject({
      status: 302,
      location: PATH,
    });
    expect((await staffOf()).map((s) => s.staff_id)).toEqual([busy.staff_id]);
    expect(await reload(theirs.staff_id)).toBeDefined();
    expect((await post({ intent: "delete" })).status).toBe(400);
  });

  it("answers 403 to a team member without can_edit_auction_items, and changes nothing", async () => {
    const user = await makeUser(db, { selected_event: eventId });
    await giveRole(db, user.usr_id, eventId, teamRoleWithout("can_edit_auction_items"));
    const cookie = await sessionCookie(user.usr_id);
    expect((await load(cookie)).status).toBe(403);
    expect((await post(FORM, cookie)).status).toBe(403);
    expect(await staffOf()).toEqual([]);
  });
});
