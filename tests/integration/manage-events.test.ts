// /admin/events: creating an event beside the current one, and archiving (for good), with their permissions.
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { OWNER_ROLE } from "~/auth/permissions";
import { EVENTS_INTENT, NEW_EVENT_FORM } from "~/events/event-fields";
import * as eventsRoute from "~/routes/admin._hub.events";
import { event, usr, usr_event_role } from "~drizzle/schema";
import { testDatabase } from "../support/database";
import { giveRole, makeEvent, makeUser, sessionCookie, teamRole } from "../support/people";
import { call, makeRequest, type RouteFunction } from "../support/route-calls";

const { db } = testDatabase();

let gala: { event_id: number; client_id: number };
let owner: { usr_id: number; cookie: string };
let volunteer: { usr_id: number; cookie: string };
let tag: string;

beforeEach(async () => {
  tag = Math.random().toString(36).slice(2, 8);
  gala = await makeEvent(db, { title: `Gala ${tag}` });
  const person = async (flags: Parameters<typeof giveRole>[3]) => {
    const user = await makeUser(db, { selected_event: gala.event_id });
    await giveRole(db, user.usr_id, gala.event_id, flags);
    return { usr_id: user.usr_id, cookie: await sessionCookie(user.usr_id) };
  };
  owner = await person({ ...OWNER_ROLE });
  volunteer = await person(teamRole("can_check_in_out"));
});

const post = (cookie: string, form: Record<string, string>, query = "") =>
  call(eventsRoute.action as RouteFunction, makeRequest(`/admin/events${query}`, { cookie, form }));
const eventsOfClient = () => db.select().from(event).where(eq(event.client_id, gala.client_id));

describe(`creating an event on ${process.env.TEST_DB_ENGINE}`, () => {
  it("creates it in the same organisation, makes the creator its owner and switches them to it", async () => {
    const outcome = await post(owner.cookie, {
      intent: EVENTS_INTENT.create,
      title: `Spring Luncheon ${tag}`,
      slug: "",
      subdomain: `Lunch-${tag}`,
      timezone: "Europe/London",
    });
    expect(outcome).toMatchObject({ status: 302, location: "/admin/setup/modules" });
    const created = (await eventsOfClient()).find((e) => e.event_id !== gala.event_id)!;
    expect(created).toMatchObject({
      title: `Spring Luncheon ${tag}`,
      slug: `spring-luncheon-${tag}`,
      subdomain: `lunch-${tag}`,
      timezone: "Europe/London",
      is_archived: false,
    });
    expect(created.registration_id).not.toBeNull();
    const [role] = await db
      .select()
      .from(usr_event_role)
      .where(and(eq(usr_event_role.usr_id, owner.usr_id), eq(usr_event_role.event_id, created.event_id)));
    expect(role).toMatchObject(OWNER_ROLE);
    const [me] = await db.select().from(usr).where(eq(usr.usr_id, owner.usr_id));
    expect(me.selected_event).toBe(created.event_id);
  });

  it("returns errors beside the fields with what was typed, and creates nothing", async () => {
    const outcome = await post(owner.cookie, {
      intent: EVENTS_INTENT.create,
      title: " ",
      slug: "Bad Slug",
      subdomain: "-x-",
      timezone: "Mars/Olympus",
    });
    expect(outcome.status).toBe(400);
    expect(outcome.data).toMatchObject({
      formId: NEW_EVENT_FORM,
      error: {
        title: ["Enter the event's name."],
        slug: [expect.stringContaining("lower-case letters")],
        subdomain: [expect.stringContaining("not starting or ending with a hyphen")],
        timezone: ["Choose a time zone from the list."],
      },
      initialValue: { slug: "Bad Slug", timezone: "Mars/Olympus" },
    });
    expect(await eventsOfClient()).toHaveLength(1);
  });

  it("says when the web address or subdomain is taken", async () => {
    const [current] = await db.select().from(event).where(eq(event.event_id, gala.event_id));
    await db
      .update(event)
      .set({ subdomain: `taken-${tag}` })
      .where(eq(event.event_id, gala.event_id));
    const sameSlug = await post(owner.cookie, {
      intent: EVENTS_INTENT.create,
      title: "Other",
      slug: current.slug,
      timezone: "UTC",
    });
    expect(sameSlug).toMatchObject({
      status: 400,
      data: { formId: NEW_EVENT_FORM, error: { slug: ["Another event already uses this web address (slug)."] } },
    });
    const sameSubdomain = await post(owner.cookie, {
      intent: EVENTS_INTENT.create,
      title: "Other",
      subdomain: `TAKEN-${tag}`,
      timezone: "UTC",
    });
    expect(sameSubdomain).toMatchObject({
      status: 400,
      data: { formId: NEW_EVENT_FORM, error: { subdomain: ["Another event already uses this subdomain."] } },
    });
    expect(await eventsOfClient()).toHaveLength(1);
  });

  it("needs can_edit_event on the current event", async () => {
    const outcome = await post(volunteer.cookie, { intent: EVENTS_INTENT.create, title: "Sneaky", timezone: "UTC" });
    expect(outcome.status).toBe(403);
    expect(await eventsOfClient()).toHaveLength(1);
  });
});

describe(`archiving an event on ${process.env.TEST_DB_ENGINE}`, () => {
  it("sets is_archived; the event leaves the default list but stays reachable", async () => {
    const outcome = await post(owner.cookie, { intent: EVENTS_INTENT.archive }, `?id=${gala.event_id}`);
    expect(outcome).toMatchObject({ status: 302, location: "/admin/events" });
    const [row] = await db.select().from(event).where(eq(event.event_id, gala.event_id));
    expect(row.is_archived).toBe(true);

    const list = async (query: string) =>
      (await call(eventsRoute.loader as RouteFunction, makeRequest(`/admin/events${query}`, { cookie: owner.cookie })))
        .data as Awaited<ReturnType<typeof eventsRoute.loader>>;
    expect((await list("")).events.map((e) => e.event_id)).not.toContain(gala.event_id);
    const shown = await list("?archived=shown");
    expect(shown.events.find((e) => e.event_id === gala.event_id)).toMatchObject({
      is_archived: true,
      canArchive: false,
    });
  });

  it("needs can_edit_event on that event", async () => {
    expect((await post(volunteer.cookie, { intent: EVENTS_INTENT.archive }, `?id=${gala.event_id}`)).status).toBe(403);
    const [row] = await db.select().from(event).where(eq(event.event_id, gala.event_id));
    expect(row.is_archived).toBe(false);
  });

  it("needs the event named in ?id", async () => {
    expect((await post(owner.cookie, { intent: EVENTS_INTENT.archive })).status).toBe(400);
  });
});
