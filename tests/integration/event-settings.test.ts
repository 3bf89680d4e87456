// The event's setup screens (company, contact, event, branding) and the public /event page they feed.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { OWNER_ROLE } from "~/auth/permissions";
import { BRANDING_INTENT } from "~/events/setup-forms";
import { EVENT_SETUP_INTENT } from "~/events/short-path-forms";
import { landingStyle, type LandingContext, type LandingSettings } from "~/landing/landing-model";
import * as brandingRoute from "~/routes/admin._workspace.setup.branding";
import * as companyRoute from "~/routes/admin._workspace.setup.company";
import * as contactRoute from "~/routes/admin._workspace.setup.contact";
import * as eventRoute from "~/routes/admin._workspace.setup.event";
import * as publicEventRoute from "~/routes/event";
import { event } from "~drizzle/schema";
import { testDatabase } from "../support/database";
import { giveRole, makeEvent, makeUser, sessionCookie, teamRole } from "../support/people";
import { call, makeRequest, type RouteFunction } from "../support/route-calls";

const { db } = testDatabase();

let eventId: number;
let owner: string;
let tag: string;

beforeEach(async () => {
  tag = Math.random().toString(36).slice(2, 8);
  eventId = (await makeEvent(db, { title: `Gala ${tag}` })).event_id;
  const user = await makeUser(db, { selected_event: eventId });
  await giveRole(db, user.usr_id, eventId, { ...OWNER_ROLE });
  owner = await sessionCookie(user.usr_id);
});

async function personWith(...permissions: Parameters<typeof teamRole>) {
  const user = await makeUser(db, { selected_event: eventId });
  await giveRole(db, user.usr_id, eventId, teamRole(...permissions));
  return sessionCookie(user.usr_id);
}

const post = (route: { action: unknown }, path: string, form: Record<string, string>, cookie = owner) =>
  call(route.action as RouteFunction, makeRequest(path, { cookie, form }));
const row = async () => (await db.select().from(event).where(eq(event.event_id, eventId)))[0];

describe(`/admin/setup/company on ${process.env.TEST_DB_ENGINE}`, () => {
  it("saves the name and the sanitised story, bumps data_version, and comes back with a toast", async () => {
    const before = await row();
    const outcome = await post(companyRoute, "/admin/setup/company", {
      company_name: "  Harbor Light Fund ",
      company_about: '<p>We <strong>feed</strong> families.<script>alert(1)</script><img src=x onerror="alert(2)"></p>',
    });
    expect(outcome).toMatchObject({ status: 302, location: "/admin/setup/company" });
    const after = await row();
    expect(after.company_name).toBe("Harbor Light Fund");
    expect(after.company_about).toBe("<p>We <strong>feed</strong> families.</p>");
    expect(after.data_version).toBe(before.data_version + 1);
  });

  it("refuses a name that is too long, keeping what was typed and changing nothing", async () => {
    const outcome = await post(companyRoute, "/admin/setup/company", {
      company_name: "x".repeat(121),
      company_about: "<p>Kept</p>",
    });
    expect(outcome).toMatchObject({
      status: 400,
      data: {
        error: { company_name: ["Keep the name to 120 characters."] },
        initialValue: { company_about: "<p>Kept</p>" },
      },
    });
    expect((await row()).company_name).toBeNull();
  });
});

describe(`/admin/setup/contact on ${process.env.TEST_DB_ENGINE}`, () => {
  it("saves the contact details; a web address without https:// gets it, blanks are stored as nothing", async () => {
    const outcome = await post(contactRoute, "/admin/setup/contact", {
      address: "1 Harbor Road\nPortland",
      email: "gala@example.org",
      phone: "+1 (503) 555-0100",
      website: "example.org/gala",
      facebook: "https://www.facebook.com/harborlight",
      instagram: "",
      linkedin: "",
      twitter: "x.com/harborlight",
    });
    expect(outcome.status).toBe(302);
    expect(await row()).toMatchObject({
      address: "1 Harbor Road\nPortland",
      email: "gala@example.org",
      phone: "+1 (503) 555-0100",
      website: "https://example.org/gala",
      facebook: "https://www.facebook.com/harborlight",
      instagram: null,
      twitter: "https://x.com/harborlight",
    });
  });

  it("says what is wrong beside each field and saves nothing", async () => {
    const outcome = await post(contactRoute, "/admin/setup/contact", {
      email: "not an address",
      phone: "12",
      website: "javascript:alert(1)",
      facebook: "https://evil.example/facebook.com",
      instagram: "https://instagram.com/ok",
    });
    expect(outcome.status).toBe(400);
    const errors = (outcome.data as { error: Record<string, string[]> }).error;
    expect(errors.email).toEqual(["Enter an email address such as info@example.org."]);
    expect(errors.phone).toEqual(["Enter the whole phone number with its area code, such as (617) 555-0100."]);
    expect(errors.website).toEqual(["Enter a web address such as https://example.org."]);
    expect(errors.facebook?.[0]).toMatch(/^Enter the address of a Facebook page/);
    expect(errors.instagram).toBeUndefined();
    expect((await row()).instagram).toBeNull();
  });
});

describe(`/admin/setup/event on ${process.env.TEST_DB_ENGINE}`, () => {
  const details = (changes: Record<string, string> = {}) => ({
    intent: EVENT_SETUP_INTENT.saveDetails,
    title: `Lantern Ball ${tag}`,
    excerpt: "An evening by the water.",
    description: "<h2>Programme</h2><p>Dinner, then the live auction.</p>",
    slug: `lantern-ball-${tag}`,
    subdomain: `Lantern-${tag}`,
    timezone: "Europe/London",
    start_date_time: "2027-03-27T19:00",
    end_date_time: "2027-03-27T23:30",
    share_title: "",
    share_description: "Join us",
    ...changes,
  });

  it("saves the details, with times entered in the event's own time zone", async () => {
    expect(await post(eventRoute, "/admin/setup/event", details())).toMatchObject({ status: 302 });
    const saved = await row();
    expect(saved).toMatchObject({
      title: `Lantern Ball ${tag}`,
      slug: `lantern-ball-${tag}`,
      subdomain: `lantern-${tag}`,
      timezone: "Europe/London",
      description: "<h2>Programme</h2><p>Dinner, then the live auction.</p>",
    });
    // 27 March 2027 is before the clocks go forward in London (28 March): GMT, so 19:00 is 19:00 UTC.
    expect(saved.start_date_time?.toISOString()).toBe("2027-03-27T19:00:00.000Z");
    expect(saved.meta).toMatchObject({ share_title: null, share_description: "Join us" });

    const { data } = await call(
      eventRoute.loader as RouteFunction,
      makeRequest("/admin/setup/event", { cookie: owner }),
    );
    expect((data as Awaited<ReturnType<typeof eventRoute.loader>>).saved).toMatchObject({
      start_date_time: "2027-03-27T19:00:00.000Z",
    });
  });

  it("refuses an end before the start, a bad slug and a bad time zone, changing nothing", async () => {
    const before = await row();
    const outcome = await post(
      eventRoute,
      "/admin/setup/event",
      details({ end_date_time: "2027-03-27T18:00", slug: "No Spaces", timezone: "Moon/Base" }),
    );
    expect(outcome.status).toBe(400);
    const errors = (outcome.data as { error: Record<string, string[]> }).error;
    expect(errors.slug?.[0]).toMatch(/lower-case letters/);
    expect(errors.timezone).toEqual(["Choose a time zone from the list."]);
    const ordered = await post(eventRoute, "/admin/setup/event", details({ end_date_time: "2027-03-27T18:00" }));
    expect(ordered).toMatchObject({
      status: 400,
      data: { error: { end_date_time: ["The end must be after the start."] } },
    });
    expect(await row()).toMatchObject({ title: before.title, slug: before.slug, start_date_time: null });
  });

  it("says so when another event has the subdomain", async () => {
    const other = await makeEvent(db, { subdomain: `taken-${tag}` });
    expect(other.event_id).not.toBe(eventId);
    const outcome = await post(eventRoute, "/admin/setup/event", details({ subdomain: `TAKEN-${tag}` }));
    expect(outcome).toMatchObject({
      status: 400,
      data: { error: { subdomain: ["Another event already uses this subdomain."] } },
    });
  });

  it("lets someone who configures the event read the details, and only can_edit_event save them", async () => {
    const configurer = await personWith("can_configure_event");
    const { data } = await call(
      eventRoute.loader as RouteFunction,
      makeRequest("/admin/setup/event", { cookie: configurer }),
    );
    expect(data).toMatchObject({ canEdit: false });
    expect((await post(eventRoute, "/admin/setup/event", details(), configurer)).status).toBe(403);
    expect((await row()).title).toBe(`Gala ${tag}`);
    const editor = await personWith("can_edit_event");
    expect((await post(eventRoute, "/admin/setup/event", details(), editor)).status).toBe(302);
  });
});

describe(`/admin/setup/branding on ${process.env.TEST_DB_ENGINE}`, () => {
  const branding = (changes: Record<string, string> = {}) => ({
    intent: BRANDING_INTENT.save,
    primary_color: "#0B3D91",
    secondary_color: "#8a1538",
    accent_color: "#f2c14e",
    text_color: "#1a1a1a",
    heading_font: "Playfair Display",
    subheading_font: "Lato",
    body_font: "Lato",
    heading_weight: "700",
    subheading_weight: "700",
    body_weight: "400",
    ...changes,
  });

  it("saves colours (lower-cased), fonts and weights for people who design", async () => {
    const designer = await personWith("can_design");
    expect(await post(brandingRoute, "/admin/setup/branding", branding(), designer)).toMatchObject({ status: 302 });
    expect(await row()).toMatchObject({
      primary_color: "#0b3d91",
      heading_font: "Playfair Display",
      heading_weight: 700,
    });
  });

  it("refuses colours, fonts and weights it cannot use, changing nothing", async () => {
    const outcome = await post(
      brandingRoute,
      "/admin/setup/branding",
      branding({ primary_color: "red;}body{", heading_font: '"Evil"', body_weight: "450" }),
    );
    expect(outcome.status).toBe(400);
    const errors = (outcome.data as { error: Record<string, string[]> }).error;
    expect(Object.keys(errors).sort()).toEqual(["body_weight", "heading_font", "primary_color"]);
    expect((await row()).primary_color).toBe("#37474f");
  });

  it("refuses a font Gavel does not serve, and a weight the font lacks, beside those fields", async () => {
    const outcome = await post(
      brandingRoute,
      "/admin/setup/branding",
      branding({ body_font: "Comic Neue", heading_font: "Lora", heading_weight: "900" }),
    );
    expect(outcome).toMatchObject({
      status: 400,
      data: {
        error: {
          body_font: ["Gavel cannot serve “Comic Neue” to guests. Choose one of the listed fonts."],
          heading_weight: ["Lora comes in weights 400 to 700. Choose one of those weights."],
        },
        initialValue: { body_font: "Comic Neue", heading_weight: "900" },
      },
    });
    expect((await row()).body_font).toBe("Roboto");
  });

  it("still opens with a font saved before the catalogue, keeping it until the form is saved", async () => {
    await db.update(event).set({ body_font: "Comic Neue" }).where(eq(event.event_id, eventId));
    const { status, data } = await call(
      brandingRoute.loader as RouteFunction,
      makeRequest("/admin/setup/branding", { cookie: owner }),
    );
    expect(status).toBe(200);
    expect(data).toMatchObject({
      values: { body_font: "Comic Neue" },
      fontStylesheet: expect.stringMatching(/^\/fonts\.css\?v=\w+$/),
    });
    expect((await row()).body_font).toBe("Comic Neue");
  });

  it("resets colours and fonts to the spec defaults", async () => {
    await post(brandingRoute, "/admin/setup/branding", branding());
    expect(await post(brandingRoute, "/admin/setup/branding", { intent: BRANDING_INTENT.reset })).toMatchObject({
      status: 302,
    });
    expect(await row()).toMatchObject({ primary_color: "#37474f", heading_font: "Roboto", heading_weight: 600 });
  });
});

describe(`the public /event page on ${process.env.TEST_DB_ENGINE}`, () => {
  const open = (query: string, cookie?: string) =>
    call(publicEventRoute.loader as RouteFunction, makeRequest(`/event${query}`, { cookie }));
  const setLanding = (enabled: boolean, testing: boolean) =>
    db
      .update(event)
      .set({ is_landing_enabled: enabled, is_landing_testing: testing })
      .where(eq(event.event_id, eventId));

  it("is not found while the landing page is off, for anyone", async () => {
    expect((await open(`?id=${eventId}`)).status).toBe(404);
    expect((await open(`?id=${eventId}`, owner)).status).toBe(404);
  });

  it("shows a landing page in testing only to people who may preview it, with the preview flag", async () => {
    await setLanding(true, true);
    expect((await open(`?id=${eventId}`)).status).toBe(404);
    expect((await open(`?id=${eventId}`, await personWith("can_check_in_out"))).status).toBe(404);
    expect(await open(`?id=${eventId}`, await personWith("can_preview_event"))).toMatchObject({
      status: 200,
      data: { preview: true },
    });
  });

  it("shows a live landing page to everyone, by id or slug, in the event's branding", async () => {
    await setLanding(true, false);
    await db
      .update(event)
      .set({ primary_color: "#0b3d91", company_about: "<p>Hi<script>x()</script></p>" })
      .where(eq(event.event_id, eventId));
    const byId = await open(`?id=${eventId}`);
    expect(byId).toMatchObject({
      status: 200,
      data: {
        preview: false,
        context: { branding: { primary_color: "#0b3d91" }, company: { aboutHtml: "<p>Hi</p>" } },
      },
    });
    const { context, settings } = byId.data as { context: LandingContext; settings: LandingSettings };
    expect(landingStyle(settings, context.branding)).toMatchObject({
      "--color-primary": "#0b3d91",
    });
    const { slug } = await row();
    expect(await open(`?slug=${slug}`)).toMatchObject({ status: 200 });
    expect((await open("?slug=no-such-event")).status).toBe(404);
    expect((await open("?id=abc")).status).toBe(404);
    // Typed bare, the page goes to an event or lists them to choose from (issue 33; bare-public-paths.test.ts).
    expect([300, 302]).toContain((await open("")).status);
  });

  it("loads the event's own fonts from Gavel, and falls back for a font saved before the catalogue", async () => {
    await setLanding(true, false);
    await db
      .update(event)
      .set({ heading_font: "Playfair Display", body_font: "Lato", body_weight: 300 })
      .where(eq(event.event_id, eventId));
    const { data } = await open(`?id=${eventId}`);
    const { context, settings, fonts } = data as {
      context: LandingContext;
      settings: LandingSettings;
      fonts: { css: string; preload: string };
    };
    const branding = landingStyle(settings, context.branding);
    expect(branding).toMatchObject({
      "--font-heading":
        '"Playfair Display", "Playfair Display fallback: Georgia", "Playfair Display fallback: Times New Roman", ' +
        '"Playfair Display fallback: Noto Serif", var(--font-serif)',
      "--font-body": '"Lato", "Lato fallback: Arial", "Lato fallback: Roboto", var(--font-system)',
    });
    expect(fonts.css).toContain('font-family:"Playfair Display"');
    expect(fonts.css).toContain('font-family:"Roboto"');
    expect(fonts.css).not.toMatch(/https?:/);
    expect(fonts.preload).toMatch(/lato-latin-300-normal.*\.woff2$/);

    await db.update(event).set({ body_font: "Comic Neue" }).where(eq(event.event_id, eventId));
    const legacy = await open(`?id=${eventId}`);
    const legacyData = legacy.data as { context: LandingContext; settings: LandingSettings };
    expect(legacy).toMatchObject({ status: 200, data: { fonts: { preload: null } } });
    expect(landingStyle(legacyData.settings, legacyData.context.branding)).toMatchObject({
      "--font-body": '"Comic Neue", var(--font-system)',
    });
  });
});
