// /admin/auction_items/donors: the organisation's donors, through the screen's loader and action.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { OWNER_ROLE } from "~/auth/permissions";
import * as donorsRoute from "~/routes/admin._workspace.auction_items.donors";
import { auction_item, donor, event, inventory } from "~drizzle/schema";
import { testDatabase } from "../support/database";
import { giveRole, makeEvent, makeUser, sessionCookie, teamRoleWithout } from "../support/people";
import { call, makeRequest, type RouteFunction } from "../support/route-calls";

const { db } = testDatabase();
const PATH = "/admin/auction_items/donors";

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
  call(donorsRoute.action as RouteFunction, makeRequest(PATH, { cookie, form }));
const load = (cookie = owner) => call(donorsRoute.loader as RouteFunction, makeRequest(PATH, { cookie }));
const addDonor = async (fields: Partial<typeof donor.$inferInsert> = {}, ofClient = clientId) =>
  (
    await db
      .insert(donor)
      .values({ client_id: ofClient, first_name: "Claire", last_name: "Donovan", ...fields })
      .returning()
  )[0];
const donorsOf = (ofClient = clientId) => db.select().from(donor).where(eq(donor.client_id, ofClient));
const reload = async (id: number) => (await db.select().from(donor).where(eq(donor.donor_id, id)))[0];

const FULL_FORM = {
  intent: "create",
  dialog: "new-donor",
  first_name: " Claire ",
  last_name: "Donovan",
  title: "Chatham Harbor Inn",
  email: "claire@chathamharborinn.example.com",
  phone: "(617) 555-0200",
  website: "chathamharborinn.example.com",
  is_active: "yes",
  internal_notes: "",
};

describe(`${PATH} on ${process.env.TEST_DB_ENGINE}`, () => {
  it("lists the organisation's donors with what they gave to this event, in the event's currency", async () => {
    await db.update(event).set({ currency: "EUR" }).where(eq(event.event_id, eventId));
    const claire = await addDonor({ title: "Chatham Harbor Inn" });
    const amelia = await addDonor({ first_name: "Amelia", last_name: "Grant" });
    // A plain item (2 units of €150), a package whose value comes from its parts (one of them Claire's), loose stock.
    await db
      .insert(auction_item)
      .values({ event_id: eventId, title: "Dinner", value: 15_000, quantity: 2, xinv_donor_id: claire.donor_id });
    const [pack] = await db
      .insert(auction_item)
      .values({
        event_id: eventId,
        title: "Getaway",
        subtype: "package",
        value: 90_000,
        xinv_donor_id: claire.donor_id,
      })
      .returning();
    await db.insert(inventory).values([
      {
        event_id: eventId,
        title: "Two nights",
        value: 60_000,
        donor_id: claire.donor_id,
        auction_item_id: pack.auction_item_id,
      },
      {
        event_id: eventId,
        title: "Flights",
        value: 30_000,
        donor_id: amelia.donor_id,
        auction_item_id: pack.auction_item_id,
      },
      { event_id: eventId, title: "Voucher", value: null, donor_id: claire.donor_id },
    ]);
    // Another event of the organisation counts in "all events" only.
    const [past] = await db
      .insert(event)
      .values({ client_id: clientId, slug: `past-${eventId}`, title: "Last year" })
      .returning();
    await db
      .insert(inventory)
      .values({ event_id: past.event_id, title: "Old gift", value: 10_000, donor_id: claire.donor_id });
    // Another organisation's donor is not listed.
    const other = await makeEvent(db);
    await addDonor({ first_name: "Elsewhere" }, other.client_id);

    const outcome = await load();
    expect(outcome.status).toBe(200);
    const { donors } = outcome.data as { donors: Record<string, unknown>[] };
    expect(donors).toEqual([
      expect.objectContaining({
        donor_id: claire.donor_id,
        name: "Claire Donovan",
        title: "Chatham Harbor Inn",
        // Dinner, the package, two inventory records.
        item_count: 4,
        // 2 × 150 + 600 (the package counts through its parts) + nothing for the voucher without a value.
        item_value: 90_000,
        item_value_label: "€900.00",
        all_item_count: 5,
        is_active: true,
      }),
      expect.objectContaining({
        donor_id: amelia.donor_id,
        name: "Amelia Grant",
        item_count: 1,
        item_value: 30_000,
        item_value_label: "€300.00",
      }),
    ]);
  });

  it("adds a donor, trimming and normalising what was typed, and comes back to the grid with a toast", async () => {
    const outcome = await post(FULL_FORM);
    expect(outcome).toMatchObject({ status: 302, location: PATH });
    const [row] = await donorsOf();
    expect(row).toMatchObject({
      first_name: "Claire",
      last_name: "Donovan",
      title: "Chatham Harbor Inn",
      email: "claire@chathamharborinn.example.com",
      phone: "(617) 555-0200",
      website: "https://chathamharborinn.example.com",
      is_active: true,
      internal_notes: null,
    });
  });

  it("adds an organisation without a person, and an inactive donor when the box is not ticked", async () => {
    const { is_active: _ticked, ...unticked } = FULL_FORM;
    expect((await post({ ...unticked, first_name: "", last_name: "", email: "", phone: "", website: "" })).status).toBe(
      302,
    );
    const [row] = await donorsOf();
    expect(row).toMatchObject({
      first_name: null,
      last_name: null,
      title: "Chatham Harbor Inn",
      email: null,
      phone: null,
      website: null,
      is_active: false,
    });
  });

  it("refuses bad input beside each field, keeping what was typed, and creates nothing", async () => {
    const bad = {
      ...FULL_FORM,
      first_name: "",
      last_name: "",
      title: "",
      email: "claire@",
      phone: "617-555-CALL",
      website: "ftp://x",
    };
    const outcome = await post(bad);
    expect(outcome).toMatchObject({
      status: 400,
      data: {
        formId: "new-donor",
        error: {
          first_name: ["Give the donor's name, their organisation's, or both."],
          email: ["Enter an email address such as info@example.org."],
          phone: ["Use digits, spaces and + ( ) . - only, and x12 for an extension."],
          website: ["Enter a web address such as https://example.org."],
        },
        initialValue: { email: "claire@", phone: "617-555-CALL", is_active: "yes" },
      },
    });
    expect((await post({ ...FULL_FORM, phone: "555-12" })).data).toMatchObject({
      error: { phone: ["Enter the whole phone number with its area code, such as (617) 555-0100."] },
    });
    expect(await donorsOf()).toEqual([]);
  });

  it("saves the edit dialog, and refuses it for another organisation's donor or with bad input", async () => {
    const claire = await addDonor({ email: "old@example.org" });
    const id = String(claire.donor_id);
    const saved = await post({
      ...FULL_FORM,
      intent: "update",
      dialog: `edit-donor-${id}`,
      donor_id: id,
      first_name: "Clara",
      is_active: "yes",
    });
    expect(saved).toMatchObject({ status: 302, location: PATH });
    expect(await reload(claire.donor_id)).toMatchObject({
      first_name: "Clara",
      email: "claire@chathamharborinn.example.com",
      is_active: true,
    });

    const { is_active: _ticked, ...unticked } = FULL_FORM;
    await post({ ...unticked, intent: "update", donor_id: id });
    expect((await reload(claire.donor_id)).is_active).toBe(false);

    expect(await post({ ...FULL_FORM, intent: "update", donor_id: id, email: "nope" })).toMatchObject({
      status: 400,
      data: {
        formId: `edit-donor-${id}`,
        error: { email: ["Enter an email address such as info@example.org."] },
      },
    });

    const other = await makeEvent(db);
    const theirs = await addDonor({ first_name: "Theirs" }, other.client_id);
    const refused = await post({ ...FULL_FORM, intent: "update", donor_id: String(theirs.donor_id) });
    expect(refused).toMatchObject({
      status: 400,
      data: { error: { "": ["This donor no longer exists. Reload the page."] } },
    });
    expect((await reload(theirs.donor_id)).first_name).toBe("Theirs");
    expect((await post({ ...FULL_FORM, intent: "update", donor_id: "abc" })).status).toBe(400);
  });

  it("edits fields in place with the form's rules, never leaving a donor without a name", async () => {
    const claire = await addDonor();
    const id = String(claire.donor_id);
    const edit = (field: string, value: string) => post({ intent: "inline-edit", id, field, value });

    expect(await edit("website", "www.example.org/claire")).toMatchObject({ status: 200, data: { ok: true } });
    expect(await edit("is_active", "no")).toMatchObject({ status: 200 });
    expect(await edit("phone", "+1 617 555 0100")).toMatchObject({ status: 200 });
    expect(await reload(claire.donor_id)).toMatchObject({
      website: "https://www.example.org/claire",
      is_active: false,
      phone: "+1 617 555 0100",
    });

    expect(await edit("email", "not an email")).toMatchObject({
      status: 400,
      data: { inlineError: { id, field: "email", message: "Enter an email address such as info@example.org." } },
    });
    expect(await edit("is_active", "maybe")).toMatchObject({
      status: 400,
      data: { inlineError: { message: "Choose Yes or No." } },
    });
    expect(await edit("first_name", "")).toMatchObject({ status: 200 });
    expect(await edit("last_name", " ")).toMatchObject({
      status: 400,
      data: { inlineError: { field: "last_name", message: "Give the donor's name, their organisation's, or both." } },
    });
    expect((await reload(claire.donor_id)).last_name).toBe("Donovan");
  });

  it("never edits a field the grid does not offer, nor another organisation's donor", async () => {
    const mine = await addDonor();
    const other = await makeEvent(db);
    const theirs = await addDonor({ first_name: "Theirs" }, other.client_id);
    expect(
      (
        await post({
          intent: "inline-edit",
          id: String(mine.donor_id),
          field: "client_id",
          value: String(other.client_id),
        })
      ).status,
    ).toBe(400);
    expect(
      await post({ intent: "inline-edit", id: String(theirs.donor_id), field: "first_name", value: "Mine now" }),
    ).toMatchObject({
      status: 400,
      data: { inlineError: { message: "This donor no longer exists. Reload the page." } },
    });
    expect((await reload(theirs.donor_id)).first_name).toBe("Theirs");
    expect((await reload(mine.donor_id)).client_id).toBe(clientId);
  });

  it("marks selected donors active or inactive, only the organisation's own", async () => {
    const a = await addDonor();
    const b = await addDonor({ first_name: "Amelia" });
    const other = await makeEvent(db);
    const theirs = await addDonor({}, other.client_id);
    const ids = [a, b, theirs].map((d) => String(d.donor_id));

    expect(await post({ intent: "deactivate", id: ids })).toMatchObject({ status: 302, location: PATH });
    expect((await donorsOf()).map((d) => d.is_active)).toEqual([false, false]);
    expect((await reload(theirs.donor_id)).is_active).toBe(true);
    await post({ intent: "activate", id: [String(a.donor_id)] });
    expect((await reload(a.donor_id)).is_active).toBe(true);
    expect(await post({ intent: "activate" })).toMatchObject({
      status: 400,
      data: { bulkError: "Select the donors first." },
    });
  });

  it("deletes donors who gave nothing, and refuses the whole delete while one gave items, saying how many", async () => {
    const unused = await addDonor({ first_name: "Unused", last_name: null });
    const giver = await addDonor();
    const [past] = await db
      .insert(event)
      .values({ client_id: clientId, slug: `past-${eventId}`, title: "Last year" })
      .returning();
    await db.insert(auction_item).values({ event_id: eventId, title: "Dinner", xinv_donor_id: giver.donor_id });
    await db.insert(inventory).values({ event_id: past.event_id, title: "Old gift", donor_id: giver.donor_id });

    const refused = await post({ intent: "delete", id: [String(unused.donor_id), String(giver.donor_id)] });
    expect(refused.status).toBe(400);
    expect((refused.data as { bulkError: string }).bulkError).toMatch(
      /^Nothing was deleted\. “Claire Donovan” gave 2 items\. A donor who gave items is kept/,
    );
    expect(await donorsOf()).toHaveLength(2);

    const other = await makeEvent(db);
    const theirs = await addDonor({}, other.client_id);
    const done = await post({ intent: "delete", id: [String(unused.donor_id), String(theirs.donor_id)] });
    expect(done).toMatchObject({ status: 302, location: PATH });
    expect((await donorsOf()).map((d) => d.donor_id)).toEqual([giver.donor_id]);
    expect(await reload(theirs.donor_id)).toBeDefined();
    expect((await post({ intent: "delete" })).status).toBe(400);
  });

  it("answers 403 to a team member without can_edit_auction_items, and changes nothing", async () => {
    const user = await makeUser(db, { selected_event: eventId });
    await giveRole(db, user.usr_id, eventId, teamRoleWithout("can_edit_auction_items"));
    const cookie = await sessionCookie(user.usr_id);
    expect((await load(cookie)).status).toBe(403);
    expect((await post(FULL_FORM, cookie)).status).toBe(403);
    expect(await donorsOf()).toEqual([]);
  });
});
