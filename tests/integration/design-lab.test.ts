// The design lab's server side: the sample frames (outside /admin, so the authorization test does not walk them),
// the shared public-page components (/admin/setup/components) and what the public pages draw from them, the piano's
// "use this", and the About page's licences.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { OWNER_ROLE } from "~/auth/permissions";
import { licenceOf } from "~/design-lab/dependency-licences.server";
import * as aboutRoute from "~/routes/admin._hub.eric.about";
import * as pianoRoute from "~/routes/admin._hub.eric.piano";
import * as componentsRoute from "~/routes/admin._workspace.setup.components";
import * as frameRoute from "~/routes/design-lab.frame";
import * as publicEventRoute from "~/routes/event";
import { event } from "~drizzle/schema";
import { testDatabase } from "../support/database";
import { giveRole, makeEvent, makeUser, sessionCookie, teamRoleWithout } from "../support/people";
import { call, makeRequest, type RouteFunction } from "../support/route-calls";

const { db } = testDatabase();

let eventId: number;
let designer: string;

beforeEach(async () => {
  eventId = (await makeEvent(db)).event_id;
  const user = await makeUser(db, { selected_event: eventId });
  await giveRole(db, user.usr_id, eventId, { ...OWNER_ROLE });
  designer = await sessionCookie(user.usr_id);
});

const get = (route: { loader: unknown }, path: string, cookie?: string) =>
  call(route.loader as RouteFunction, makeRequest(path, { cookie }));
const post = (route: { action: unknown }, path: string, form: Record<string, string>, cookie = designer) =>
  call(route.action as RouteFunction, makeRequest(path, { cookie, form }));
const row = async () => (await db.select().from(event).where(eq(event.event_id, eventId)))[0];

describe(`the lab's frames on ${process.env.TEST_DB_ENGINE}`, () => {
  it("are for designers only, and have no action to post a bid to", async () => {
    const path = () => `/design-lab/frame?id=${eventId}&view=item&state=outbid`;
    expect((await get(frameRoute, path())).location).toBe("/");
    const user = await makeUser(db, { selected_event: eventId });
    await giveRole(db, user.usr_id, eventId, teamRoleWithout("can_design"));
    expect((await get(frameRoute, path(), await sessionCookie(user.usr_id))).status).toBe(403);
    expect("action" in frameRoute).toBe(false);
  });

  it("draw the real bidder screen from sample data, one state or the whole gallery", async () => {
    const item = await get(frameRoute, `/design-lab/frame?id=${eventId}&view=item&state=won`, designer);
    const data = item.data as Awaited<ReturnType<typeof frameRoute.loader>>;
    expect(data.view).toBe("item");
    expect(data.eventId).toBe(eventId);
    const won = data.live.find((entry) => entry.id === data.item!.detail.id)!;
    expect(won.closed).toBe(true);
    expect(won.holders).toEqual([data.user!.paddle]);

    const gallery = (await get(frameRoute, `/design-lab/frame?id=${eventId}&view=gallery`, designer))
      .data as typeof data;
    expect(gallery.view).toBe("gallery");
    expect(gallery.cards.length).toBeGreaterThanOrEqual(10);
    expect((await get(frameRoute, `/design-lab/frame?id=${eventId}&view=item&state=nope`, designer)).status).toBe(404);
  });
});

describe(`/admin/setup/components on ${process.env.TEST_DB_ENGINE}`, () => {
  const path = () => `/admin/setup/components?id=${eventId}`;
  const form = (fields: Record<string, string> = {}) => ({
    header_name: "The Harbour Gala",
    header_show_name: "yes",
    announcement_on: "yes",
    announcement_text: "Doors open at 5:30 pm.",
    announcement_link_label: "Directions",
    announcement_link_href: "example.org/directions",
    sponsors_on: "",
    sponsors_title: "",
    footer_text: "A registered charity.",
    footer_link_label_1: "Privacy",
    footer_link_href_1: "https://example.org/privacy",
    ...fields,
  });

  it("saves the components in the event's meta, and the landing page draws them", async () => {
    const saved = await post(componentsRoute, path(), form());
    expect(saved.status).toBe(302);
    const stored = (await row()).meta.publicComponents as Record<string, Record<string, { value: unknown }>>;
    expect(stored.announcement.text.value).toBe("Doors open at 5:30 pm.");
    expect(stored.announcement.linkHref.value).toBe("https://example.org/directions");

    await db
      .update(event)
      .set({ is_landing_enabled: true, is_landing_testing: false })
      .where(eq(event.event_id, eventId));
    const page = await get(publicEventRoute, `/event?id=${eventId}`);
    const chrome = (page.data as { chrome: Record<string, unknown> }).chrome;
    expect(chrome).toMatchObject({
      brand: { name: "The Harbour Gala" },
      announcement: { text: "Doors open at 5:30 pm.", link: { label: "Directions" } },
      footer: { text: "A registered charity.", links: [{ label: "Privacy", href: "https://example.org/privacy" }] },
      sponsorStrip: null,
    });
  });

  it("refuses a link that is not a web address, or an announcement without words, and changes nothing", async () => {
    const refused = await post(
      componentsRoute,
      path(),
      form({ footer_link_href_1: "javascript:alert(1)", announcement_text: "" }),
    );
    expect(refused.status).toBe(400);
    const errors = (refused.data as { error: Record<string, string[]> }).error;
    expect(errors.footer_link_href_1).toEqual(["Enter a web address such as https://example.org."]);
    expect(errors.announcement_text).toEqual(["Write the announcement, or switch the bar off."]);
    expect((await row()).meta.publicComponents).toBeUndefined();
  });
});

describe(`the piano's "use this" on ${process.env.TEST_DB_ENGINE}`, () => {
  const branding = {
    primary_color: "#123456",
    secondary_color: "#307697",
    accent_color: "#d5c9b3",
    text_color: "#161616",
    heading_font: "Roboto",
    subheading_font: "Roboto",
    body_font: "Roboto",
    heading_weight: "600",
    subheading_weight: "500",
    body_weight: "400",
  };

  it("saves the branding the pair makes, checked as the branding screen checks it", async () => {
    const saved = await post(pianoRoute, `/admin/eric/piano?id=${eventId}`, branding);
    expect(saved.status).toBe(302);
    expect((await row()).primary_color).toBe("#123456");

    const refused = await post(pianoRoute, `/admin/eric/piano?id=${eventId}`, { ...branding, primary_color: "red" });
    expect(refused.status).toBe(400);
    expect((await row()).primary_color).toBe("#123456");
  });
});

describe("the About page", () => {
  it("lists each production dependency with its version and licence", async () => {
    const about = await get(aboutRoute, `/admin/eric/about?id=${eventId}`, designer);
    const { packages } = about.data as Awaited<ReturnType<typeof aboutRoute.loader>>;
    expect(packages.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(packages.dependencies).toContainEqual(expect.objectContaining({ name: "react", licence: "MIT" }));
  });

  it("reads the older shapes of a licence", () => {
    expect(licenceOf({ license: { type: "BSD-3-Clause" } })).toBe("BSD-3-Clause");
    expect(licenceOf({ licenses: [{ type: "MIT" }, { type: "Apache-2.0" }] })).toBe("(MIT OR Apache-2.0)");
    expect(licenceOf({})).toBe("Not stated");
  });
});
