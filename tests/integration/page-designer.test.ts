// The page designer (/admin/pages/*): drafts are saved without reaching the public, published explicitly, previewed
// by people with can_preview_event, and every setting is validated and sanitised on the way in.
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { OWNER_ROLE } from "~/auth/permissions";
import { loadPageDocument } from "~/designed-pages/page-documents.server";
import { setFeatureEnabled, toggleFeatureTesting } from "~/events/feature-switches.server";
import { PAGE_KINDS } from "~/pages-designer/page-kinds";
import { DESIGNER_FORM, formFromTree, treeFromForm, valuesAsForm } from "~/pages-designer/tree-form";
import * as landingRoute from "~/routes/admin._workspace.pages.landing_page";
import * as registrationRoute from "~/routes/admin._workspace.pages.registration_page";
import * as publicEventRoute from "~/routes/event";
import { event, landing, message } from "~drizzle/schema";
import { testDatabase } from "../support/database";
import { giveRole, makeEvent, makeUser, sessionCookie, teamRole } from "../support/people";
import { call, makeRequest, type RouteFunction } from "../support/route-calls";
import type { Tree } from "~/designed-pages/page-trees";
import type { FormReply } from "~/forms/form-contract";
import type { LandingSettings } from "~/landing/landing-model";

const { db } = testDatabase();

let eventId: number;
let otherEventId: number;
let owner: string;

beforeEach(async () => {
  eventId = (await makeEvent(db, { title: "Harbor Lights Gala" })).event_id;
  otherEventId = (await makeEvent(db)).event_id;
  const user = await makeUser(db, { selected_event: eventId });
  await giveRole(db, user.usr_id, eventId, { ...OWNER_ROLE });
  owner = await sessionCookie(user.usr_id);
  for (const id of [eventId, otherEventId]) {
    await setFeatureEnabled(id, "landing", true);
    await toggleFeatureTesting(id, "landing"); // live
  }
});

const path = `/admin/pages/landing_page`;
const designer = async (cookie = owner) =>
  (await call(landingRoute.loader as RouteFunction, makeRequest(`${path}?id=${eventId}`, { cookie }))).data as Awaited<
    ReturnType<typeof landingRoute.loader>
  >;
const post = (form: Record<string, string | string[]>, cookie = owner) =>
  call(landingRoute.action as RouteFunction, makeRequest(`${path}?id=${eventId}`, { cookie, form }));
const publicPage = async (query = "", cookie?: string) => {
  const outcome = await call(
    publicEventRoute.loader as RouteFunction,
    makeRequest(`/event?id=${eventId}${query}`, { cookie }),
  );
  const data = outcome.data as { settings: LandingSettings; draft: boolean; share: { title: string } };
  return { ...outcome, data, settings: data.settings };
};

/** The designer's form as it loads, with changes to some settings. */
async function edited(changes: Record<string, string | string[] | undefined>, intent = "save") {
  const { document } = await designer();
  const form: Record<string, string | string[]> = {
    ...formFromTree(PAGE_KINDS.landing, (document.draft ?? document.published) as Tree),
    intent,
  };
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined) delete form[name];
    else form[name] = value;
  }
  return form;
}

describe(`the landing page designer on ${process.env.TEST_DB_ENGINE}`, () => {
  it("saves a draft the public does not see, then publishes it", async () => {
    const saved = await post(
      await edited({
        "heroSection.title": "Night of Lights",
        "heroSection.title.useDefault": undefined,
        "global.primaryColor": "#0b3d91",
        "global.primaryColor.useDefault": undefined,
      }),
    );
    expect(saved).toMatchObject({ status: 302, location: `${path}?id=${eventId}` });

    const draft = await loadPageDocument(eventId, "landing");
    expect(draft.draft?.heroSection.title).toEqual({ value: "Night of Lights", useDefault: false });
    expect(draft.draftSavedAt).not.toBeNull();
    // The public still sees the event's own title and branding.
    expect((await publicPage()).settings.heroSection.title).toBe("Harbor Lights Gala");
    expect((await publicPage()).settings.global.primaryColor).toBe("#37474f");

    expect(await post(await edited({}, "publish"))).toMatchObject({ status: 302 });
    const published = await publicPage();
    expect(published.settings.heroSection.title).toBe("Night of Lights");
    expect(published.settings.global.primaryColor).toBe("#0b3d91");
    expect(published.data.share.title).toBe("Night of Lights");
    const document = await loadPageDocument(eventId, "landing");
    expect(document.draft).toBeNull();
    expect(document.publishedAt).not.toBeNull();
    // The landing record's own fields follow the published tree.
    const [row] = await db
      .select({ primary: landing.primary_color, hero: landing.is_hero_displayed })
      .from(landing)
      .innerJoin(event, eq(event.landing_id, landing.landing_id))
      .where(eq(event.event_id, eventId));
    expect(row).toEqual({ primary: "#0b3d91", hero: true });
  });

  it("tells the team members who asked for it when a page is published, not when a draft is saved", async () => {
    const watcher = await makeUser(db, { selected_event: eventId });
    await giveRole(db, watcher.usr_id, eventId, { ...teamRole("can_view_stats"), notify_content_change: true });
    const quiet = await makeUser(db, { selected_event: eventId });
    await giveRole(db, quiet.usr_id, eventId, teamRole("can_view_stats"));
    const notices = () =>
      db
        .select({ to: message.to_usr_id, data: message.data })
        .from(message)
        .where(and(eq(message.event_id, eventId), eq(message.template, "team_content_change")));

    await post(await edited({ "heroSection.title": "Night of Lights", "heroSection.title.useDefault": undefined }));
    expect(await notices()).toEqual([]);
    await post(await edited({}, "publish"));
    // The owner published it (and knows); the watcher hears of it once.
    expect(await notices()).toEqual([
      { to: watcher.usr_id, data: expect.objectContaining({ page: "the landing page" }) },
    ]);
  });

  it("shows the draft on /event?draft only to people with can_preview_event", async () => {
    await post(await edited({ "heroSection.title": "Draft title", "heroSection.title.useDefault": undefined }));
    const previewer = await makeUser(db, { selected_event: eventId });
    await giveRole(db, previewer.usr_id, eventId, teamRole("can_preview_event"));
    const asPreviewer = await publicPage("&draft", await sessionCookie(previewer.usr_id));
    expect(asPreviewer.data.draft).toBe(true);
    expect(asPreviewer.settings.heroSection.title).toBe("Draft title");

    const designerOnly = await makeUser(db, { selected_event: eventId });
    await giveRole(db, designerOnly.usr_id, eventId, teamRole("can_design"));
    for (const cookie of [undefined, await sessionCookie(designerOnly.usr_id)]) {
      const page = await publicPage("&draft", cookie);
      expect(page.data.draft).toBe(false);
      expect(page.settings.heroSection.title).toBe("Harbor Lights Gala");
    }
  });

  it("discards a draft", async () => {
    await post(await edited({ "heroSection.title": "Gone soon", "heroSection.title.useDefault": undefined }));
    expect(await post({ intent: "discard" })).toMatchObject({ status: 302 });
    expect((await loadPageDocument(eventId, "landing")).draft).toBeNull();
  });

  it("refuses a bad colour beside its field, keeping what was typed, and stores nothing", async () => {
    const outcome = await post(
      await edited({ "global.accentColor": "url(javascript:alert(1))", "global.accentColor.useDefault": undefined }),
    );
    expect(outcome.status).toBe(400);
    const reply = outcome.data as FormReply;
    expect(reply).toMatchObject({ formId: DESIGNER_FORM, status: "error" });
    expect(reply.error).toEqual({
      "global.accentColor": ["Use a colour like #1b2341"],
      "": ["Some settings need a change before they can be saved."],
    });
    // What was typed comes back as the form's fields, which the designer reads into its tree again.
    const typed = treeFromForm(PAGE_KINDS.landing, valuesAsForm(reply.initialValue!), {});
    expect(typed.global.accentColor.value).toBe("url(javascript:alert(1))");
    expect((await loadPageDocument(eventId, "landing")).draft).toBeNull();
  });

  it("sanitises rich text, hides sections and reorders them", async () => {
    const form = await edited({
      "detailsSection.body": '<p>Black tie<script>alert(1)</script><img src=x onerror="alert(2)"></p>',
      "detailsSection.body.useDefault": undefined,
      "slidesSection.isVisible": undefined,
      move: "sponsorsSection:up",
    });
    expect(await post(form)).toMatchObject({ status: 302 });
    const { draft } = await loadPageDocument(eventId, "landing");
    expect(draft?.detailsSection.body.value).toBe("<p>Black tie</p>");
    expect(draft?.slidesSection.isVisible.value).toBe(false);
    const order = draft?.global.sectionOrder.value as string[];
    expect(order.indexOf("sponsorsSection")).toBe(order.indexOf("slidesSection") - 1);
  });

  it("keeps one event's page away from another's staff and from people without can_design", async () => {
    await post(await edited({ "heroSection.title": "Ours", "heroSection.title.useDefault": undefined }));
    expect((await loadPageDocument(otherEventId, "landing")).draft).toBeNull();

    const helper = await makeUser(db, { selected_event: eventId });
    await giveRole(db, helper.usr_id, eventId, teamRole("can_preview_event"));
    const cookie = await sessionCookie(helper.usr_id);
    expect(
      (await call(landingRoute.loader as RouteFunction, makeRequest(`${path}?id=${eventId}`, { cookie }))).status,
    ).toBe(403);
    expect((await post({ intent: "publish" }, cookie)).status).toBe(403);
  });

  it("asks for the landing page to be switched on when the event has none", async () => {
    const bare = (await makeEvent(db)).event_id;
    const user = await makeUser(db, { selected_event: bare });
    await giveRole(db, user.usr_id, bare, { ...OWNER_ROLE });
    const cookie = await sessionCookie(user.usr_id);
    const { data } = await call(landingRoute.loader as RouteFunction, makeRequest(`${path}?id=${bare}`, { cookie }));
    expect((data as { document: { exists: boolean } }).document.exists).toBe(false);
    expect(
      (
        await call(
          landingRoute.action as RouteFunction,
          makeRequest(`${path}?id=${bare}`, { cookie, form: { intent: "save" } }),
        )
      ).status,
    ).toBe(409);
  });
});

describe(`the registration page designer on ${process.env.TEST_DB_ENGINE}`, () => {
  it("keeps its draft and published tree in the event's meta, beside what else is there", async () => {
    await db
      .update(event)
      .set({ meta: { share_title: "Kept" } })
      .where(eq(event.event_id, eventId));
    const rpath = `/admin/pages/registration_page?id=${eventId}`;
    const { data } = await call(registrationRoute.loader as RouteFunction, makeRequest(rpath, { cookie: owner }));
    const { document } = data as { document: { published: Tree } };
    const form: Record<string, string | string[]> = {
      ...formFromTree(PAGE_KINDS.registration, document.published),
      "introSection.title": "Welcome aboard",
      intent: "publish",
    };
    delete form["introSection.title.useDefault"];
    expect(
      await call(registrationRoute.action as RouteFunction, makeRequest(rpath, { cookie: owner, form })),
    ).toMatchObject({ status: 302 });
    const after = await loadPageDocument(eventId, "registration");
    expect(after.published.introSection.title).toEqual({ value: "Welcome aboard", useDefault: false });
    const [row] = await db.select({ meta: event.meta }).from(event).where(eq(event.event_id, eventId));
    expect(row.meta.share_title).toBe("Kept");
  });
});
