// /admin/auction_items/sponsors: the organisation's sponsors and the ones this event shows, through the screen's
// loader and action, with real logo uploads (multipart posts carrying images made by sharp).
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import { OWNER_ROLE } from "~/auth/permissions";
import { sponsorsArea } from "~/data-areas/catalogue.server";
import * as sponsorsRoute from "~/routes/admin._workspace.auction_items.sponsors";
import { event, event_sponsor, sponsor } from "~drizzle/schema";
import { testDatabase } from "../support/database";
import { giveRole, makeEvent, makeUser, sessionCookie, teamRoleWithout } from "../support/people";
import { call, makeRequest, type RouteFunction } from "../support/route-calls";

const { db } = testDatabase();
const PATH = "/admin/auction_items/sponsors";
const IMAGE_URL = /^\/images\/[0-9a-f]{32}\/w\d+\.webp$/;

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
  call(sponsorsRoute.action as RouteFunction, makeRequest(PATH, { cookie, form }));
const load = (cookie = owner) => call(sponsorsRoute.loader as RouteFunction, makeRequest(PATH, { cookie }));

/** A multipart post, as a browser sends the dialog's form with a file. */
function postMultipart(fields: Array<[string, string | File]>, cookie = owner) {
  const body = new FormData();
  for (const [name, value] of fields) body.append(name, value);
  const request = new Request(new URL(PATH, "http://localhost:3000"), {
    method: "POST",
    body,
    headers: { Cookie: cookie },
  });
  return call(sponsorsRoute.action as RouteFunction, request);
}
const png = async (seed: number) =>
  new File(
    [
      new Uint8Array(
        await sharp({ create: { width: 80, height: 40, channels: 3, background: { r: seed, g: 90, b: 160 } } })
          .png()
          .toBuffer(),
      ),
    ],
    "logo.png",
    { type: "image/png" },
  );

const addSponsor = async (fields: Partial<typeof sponsor.$inferInsert> = {}, ofClient = clientId) =>
  (
    await db
      .insert(sponsor)
      .values({ client_id: ofClient, title: "Coastal Trust Bank", ...fields })
      .returning()
  )[0];
const show = (sponsorId: number, display_order = 0, atEvent = eventId) =>
  db.insert(event_sponsor).values({ event_id: atEvent, sponsor_id: sponsorId, display_order });
const reload = async (id: number) => (await db.select().from(sponsor).where(eq(sponsor.sponsor_id, id)))[0];
const sponsorsOf = (ofClient = clientId) => db.select().from(sponsor).where(eq(sponsor.client_id, ofClient));
const shownHere = async (atEvent = eventId) => (await sponsorsArea(atEvent)).map((s) => s.title);

const FORM = {
  intent: "create",
  dialog: "new-sponsor",
  title: " Beacon Health ",
  level: "Gold",
  website: "beaconhealth.example.com",
  is_active: "yes",
  show_here: "yes",
  internal_notes: "",
};

describe(`${PATH} on ${process.env.TEST_DB_ENGINE}`, () => {
  it("lists the organisation's sponsors by level, saying which this event shows and in what order", async () => {
    const silver = await addSponsor({ title: "Seaside Print", level: "Silver" });
    const gold2 = await addSponsor({ title: "Beacon Health", level: "Gold" });
    const gold1 = await addSponsor({ title: "Tidewater Realty", level: "Gold" });
    const none = await addSponsor({ title: "Anchor & Oak", level: null });
    const platinum = await addSponsor({ title: "Coastal Trust Bank", level: "Platinum" });
    await show(gold1.sponsor_id, 0);
    await show(gold2.sponsor_id, 1);
    await show(silver.sponsor_id, 2);
    const other = await makeEvent(db);
    await addSponsor({ title: "Elsewhere" }, other.client_id);
    const [past] = await db
      .insert(event)
      .values({ client_id: clientId, slug: `past-${eventId}`, title: "Last year" })
      .returning();
    await show(platinum.sponsor_id, 0, past.event_id);
    await show(gold1.sponsor_id, 0, past.event_id);

    const outcome = await load();
    expect(outcome.status).toBe(200);
    const { sponsors } = outcome.data as { sponsors: Record<string, unknown>[] };
    expect(sponsors.map((s) => [s.title, s.shown, s.display_order, s.event_count])).toEqual([
      ["Coastal Trust Bank", false, null, 1],
      ["Tidewater Realty", true, 0, 2],
      ["Beacon Health", true, 1, 1],
      ["Seaside Print", true, 2, 1],
      ["Anchor & Oak", false, null, 0],
    ]);
    expect(none.sponsor_id).toBeGreaterThan(0);
    // The event's pages read the same order.
    expect(await shownHere()).toEqual(["Tidewater Realty", "Beacon Health", "Seaside Print"]);
  });

  it("adds a sponsor with an uploaded logo, shown at this event after those already shown", async () => {
    const earlier = await addSponsor({ title: "Earlier", level: "Gold" });
    await show(earlier.sponsor_id, 4);
    const outcome = await postMultipart([...Object.entries(FORM), ["logo", await png(10)]]);
    expect(outcome).toMatchObject({ status: 302, location: PATH });
    const row = (await sponsorsOf()).find((s) => s.title === "Beacon Health")!;
    expect(row).toMatchObject({
      level: "Gold",
      website: "https://beaconhealth.example.com",
      is_active: true,
      internal_notes: null,
    });
    expect(row.logo).toMatch(IMAGE_URL);
    const [link] = await db.select().from(event_sponsor).where(eq(event_sponsor.sponsor_id, row.sponsor_id));
    expect(link).toMatchObject({ event_id: eventId, display_order: 5 });
  });

  it("adds a sponsor without a logo and not shown here when the box is not ticked", async () => {
    const { show_here: _ticked, ...unticked } = FORM;
    expect((await post({ ...unticked, level: "" })).status).toBe(302);
    const [row] = await sponsorsOf();
    expect(row).toMatchObject({ title: "Beacon Health", level: null, logo: null });
    expect(await db.select().from(event_sponsor).where(eq(event_sponsor.sponsor_id, row.sponsor_id))).toEqual([]);
  });

  it("refuses bad input beside each field, keeping an uploaded logo so it need not be chosen again", async () => {
    const refused = await postMultipart([
      ...Object.entries({ ...FORM, title: "", level: "Titanium", website: "not a site" }),
      ["logo", await png(20)],
    ]);
    expect(refused).toMatchObject({
      status: 400,
      data: {
        formId: "new-sponsor",
        error: {
          title: ["Give the sponsor's name."],
          level: [expect.stringMatching(/^Choose one of the levels: Presenting, Diamond, Platinum, Gold/)],
          website: ["Enter a web address such as https://example.org."],
        },
        initialValue: { level: "Titanium", logo_pending: expect.stringMatching(IMAGE_URL) },
      },
    });
    expect(await sponsorsOf()).toEqual([]);
    const pending = (refused.data as { initialValue: { logo_pending: string } }).initialValue.logo_pending;

    // Sent again, corrected, without a file: the kept logo is saved.
    expect(await post({ ...FORM, logo_pending: pending })).toMatchObject({ status: 302 });
    expect((await sponsorsOf())[0].logo).toBe(pending);
  });

  it("refuses a file that is not an image, beside the logo field", async () => {
    const refused = await postMultipart([
      ...Object.entries(FORM),
      ["logo", new File(["<svg/>"], "logo.svg", { type: "image/svg+xml" })],
    ]);
    expect(refused).toMatchObject({ status: 400, data: { error: { logo: [expect.any(String)] } } });
    expect(await sponsorsOf()).toEqual([]);
  });

  it("never takes a logo from a posted text field: only an upload (or a kept upload's URL) sets it", async () => {
    expect(
      (await post({ ...FORM, logo: "https://evil.example/logo.png", logo_pending: "javascript:alert(1)" })).status,
    ).toBe(302);
    expect((await sponsorsOf())[0].logo).toBeNull();
  });

  it("saves the edit dialog: a new logo replaces the old one, removing it clears it, no file keeps it", async () => {
    const mine = await addSponsor({ logo: "/demo/sponsors/coastal-trust-bank.svg", level: "Platinum" });
    const id = String(mine.sponsor_id);
    const edit = { ...FORM, intent: "update", dialog: `edit-sponsor-${id}`, sponsor_id: id, title: "Coastal Trust" };
    expect(await post(edit)).toMatchObject({ status: 302 });
    expect(await reload(mine.sponsor_id)).toMatchObject({
      title: "Coastal Trust",
      level: "Gold",
      logo: "/demo/sponsors/coastal-trust-bank.svg",
    });
    // Editing does not change where the sponsor is shown.
    expect(await db.select().from(event_sponsor).where(eq(event_sponsor.sponsor_id, mine.sponsor_id))).toEqual([]);

    expect(await postMultipart([...Object.entries(edit), ["logo", await png(30)]])).toMatchObject({ status: 302 });
    expect((await reload(mine.sponsor_id)).logo).toMatch(IMAGE_URL);
    expect(await post({ ...edit, logo__remove: "1" })).toMatchObject({ status: 302 });
    expect((await reload(mine.sponsor_id)).logo).toBeNull();

    expect(await post({ ...edit, title: "" })).toMatchObject({
      status: 400,
      data: { formId: `edit-sponsor-${id}`, error: { title: ["Give the sponsor's name."] } },
    });
    const other = await makeEvent(db);
    const theirs = await addSponsor({ title: "Theirs" }, other.client_id);
    expect(await post({ ...edit, sponsor_id: String(theirs.sponsor_id) })).toMatchObject({
      status: 400,
      data: { error: { "": ["This sponsor no longer exists. Reload the page."] } },
    });
    expect((await reload(theirs.sponsor_id)).title).toBe("Theirs");
  });

  it("edits fields in place, shows or hides a sponsor at this event and orders it within its level", async () => {
    const mine = await addSponsor({ level: "Gold" });
    const id = String(mine.sponsor_id);
    const edit = (field: string, value: string) => post({ intent: "inline-edit", id, field, value });

    expect(await edit("level", "Presenting")).toMatchObject({ status: 200, data: { ok: true } });
    expect(await edit("level", "Titanium")).toMatchObject({
      status: 400,
      data: { inlineError: { id, field: "level" } },
    });
    expect(await edit("title", " ")).toMatchObject({
      status: 400,
      data: { inlineError: { message: "Give the sponsor's name." } },
    });
    expect(await edit("website", "coastal.example.com")).toMatchObject({ status: 200 });
    expect(await edit("is_active", "no")).toMatchObject({ status: 200 });
    expect(await reload(mine.sponsor_id)).toMatchObject({
      level: "Presenting",
      website: "https://coastal.example.com",
      is_active: false,
    });

    expect(await edit("display_order", "3")).toMatchObject({
      status: 400,
      data: { inlineError: { message: "Show this sponsor at this event first." } },
    });
    expect(await edit("shown", "yes")).toMatchObject({ status: 200 });
    expect(await edit("shown", "yes")).toMatchObject({ status: 200 });
    expect(await edit("display_order", "-1")).toMatchObject({
      status: 400,
      data: { inlineError: { message: "Enter a whole number from 0 to 9999." } },
    });
    expect(await edit("display_order", "7")).toMatchObject({ status: 200 });
    expect(await db.select().from(event_sponsor).where(eq(event_sponsor.sponsor_id, mine.sponsor_id))).toEqual([
      expect.objectContaining({ event_id: eventId, display_order: 7 }),
    ]);
    expect(await edit("shown", "no")).toMatchObject({ status: 200 });
    expect(await shownHere()).toEqual([]);
  });

  it("never edits a field the grid does not offer, nor another organisation's sponsor or its links", async () => {
    const mine = await addSponsor();
    const other = await makeEvent(db);
    const theirs = await addSponsor({ title: "Theirs" }, other.client_id);
    const theirId = String(theirs.sponsor_id);
    expect(
      (await post({ intent: "inline-edit", id: String(mine.sponsor_id), field: "client_id", value: "1" })).status,
    ).toBe(400);
    expect(
      (await post({ intent: "inline-edit", id: String(mine.sponsor_id), field: "logo", value: "/x.png" })).status,
    ).toBe(400);
    for (const [field, value] of [
      ["title", "Mine now"],
      ["shown", "yes"],
    ]) {
      expect(await post({ intent: "inline-edit", id: theirId, field, value })).toMatchObject({
        status: 400,
        data: { inlineError: { message: "This sponsor no longer exists. Reload the page." } },
      });
    }
    expect(await post({ intent: "show", id: [theirId] })).toMatchObject({ status: 302 });
    expect(await db.select().from(event_sponsor).where(eq(event_sponsor.event_id, eventId))).toEqual([]);
    expect((await reload(theirs.sponsor_id)).title).toBe("Theirs");
  });

  it("shows selected sponsors at this event and removes them, leaving other events alone", async () => {
    const a = await addSponsor({ title: "A", level: "Silver" });
    const b = await addSponsor({ title: "B", level: "Gold" });
    const [past] = await db
      .insert(event)
      .values({ client_id: clientId, slug: `past-${eventId}`, title: "Last year" })
      .returning();
    await show(a.sponsor_id, 0, past.event_id);
    const ids = [String(a.sponsor_id), String(b.sponsor_id)];

    expect(await post({ intent: "show", id: ids })).toMatchObject({ status: 302, location: PATH });
    expect(await shownHere()).toEqual(["B", "A"]);
    // Showing again adds nothing twice.
    expect(await post({ intent: "show", id: ids })).toMatchObject({ status: 302 });
    expect(await db.select().from(event_sponsor).where(eq(event_sponsor.event_id, eventId))).toHaveLength(2);

    expect(await post({ intent: "hide", id: [String(a.sponsor_id)] })).toMatchObject({ status: 302 });
    expect(await shownHere()).toEqual(["B"]);
    expect(await shownHere(past.event_id)).toEqual(["A"]);
    expect(await post({ intent: "hide" })).toMatchObject({
      status: 400,
      data: { bulkError: "Select the sponsors first." },
    });
  });

  it("marks selected sponsors active or inactive, only the organisation's own", async () => {
    const a = await addSponsor();
    const other = await makeEvent(db);
    const theirs = await addSponsor({}, other.client_id);
    expect(await post({ intent: "deactivate", id: [String(a.sponsor_id), String(theirs.sponsor_id)] })).toMatchObject({
      status: 302,
    });
    expect((await reload(a.sponsor_id)).is_active).toBe(false);
    expect((await reload(theirs.sponsor_id)).is_active).toBe(true);
    await post({ intent: "activate", id: [String(a.sponsor_id)] });
    expect((await reload(a.sponsor_id)).is_active).toBe(true);
  });

  it("deletes sponsors with their place at every event, never another organisation's", async () => {
    const a = await addSponsor({ title: "A" });
    const kept = await addSponsor({ title: "Kept" });
    await show(a.sponsor_id);
    await show(kept.sponsor_id);
    const [past] = await db
      .insert(event)
      .values({ client_id: clientId, slug: `past-${eventId}`, title: "Last year" })
      .returning();
    await show(a.sponsor_id, 0, past.event_id);
    const other = await makeEvent(db);
    const theirs = await addSponsor({ title: "Theirs" }, other.client_id);

    expect(await post({ intent: "delete", id: [String(a.sponsor_id), String(theirs.sponsor_id)] })).toMatchObject({
      status: 302,
      location: PATH,
    });
    expect((await sponsorsOf()).map((s) => s.title)).toEqual(["Kept"]);
    expect(await db.select().from(event_sponsor).where(eq(event_sponsor.sponsor_id, a.sponsor_id))).toEqual([]);
    expect(await shownHere()).toEqual(["Kept"]);
    expect(await reload(theirs.sponsor_id)).toBeDefined();
    expect((await post({ intent: "delete" })).status).toBe(400);
  });

  it("answers 403 to a team member without can_edit_auction_items, and changes nothing", async () => {
    const mine = await addSponsor();
    const user = await makeUser(db, { selected_event: eventId });
    await giveRole(db, user.usr_id, eventId, teamRoleWithout("can_edit_auction_items"));
    const cookie = await sessionCookie(user.usr_id);
    expect((await load(cookie)).status).toBe(403);
    expect((await post(FORM, cookie)).status).toBe(403);
    expect((await post({ intent: "show", id: [String(mine.sponsor_id)] }, cookie)).status).toBe(403);
    expect((await postMultipart([...Object.entries(FORM), ["logo", await png(40)]], cookie)).status).toBe(403);
    expect(await sponsorsOf()).toHaveLength(1);
    expect(
      await db
        .select()
        .from(event_sponsor)
        .where(and(eq(event_sponsor.event_id, eventId), eq(event_sponsor.sponsor_id, mine.sponsor_id))),
    ).toEqual([]);
  });
});
