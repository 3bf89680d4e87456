// The team screen /admin/setup/team: its loader and every intent of its action, with the rule that an event
// always keeps a team member who can configure it.
import { and, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { OWNER_ROLE, PERMISSION_LABELS } from "~/auth/permissions";
import { developmentMailbox } from "~/mail/development-mailbox.server";
import * as teamRoute from "~/routes/admin._workspace.setup.team";
import { keepingAnAdmin, LastAdminError } from "~/team/team.server";
import { auth_token, usr, usr_event_role } from "~drizzle/schema";
import { testDatabase } from "../support/database";
import { giveRole, makeEvent, makeUser, sessionCookie, teamRole } from "../support/people";
import { call, makeRequest, type RouteFunction } from "../support/route-calls";

const { db } = testDatabase();

let eventId: number;
let otherEventId: number;
let admin: { usr_id: number; cookie: string };
let member: { usr_id: number };
let outsider: { usr_id: number };

beforeEach(async () => {
  eventId = (await makeEvent(db, { title: "Spring Gala" })).event_id;
  otherEventId = (await makeEvent(db, { title: "Other Gala" })).event_id;
  const adminUser = await makeUser(db, { first_name: "Ada", last_name: "Admin", selected_event: eventId });
  await giveRole(db, adminUser.usr_id, eventId, { ...OWNER_ROLE });
  admin = { usr_id: adminUser.usr_id, cookie: await sessionCookie(adminUser.usr_id) };
  member = await makeUser(db, { first_name: "Max", last_name: "Member" });
  await giveRole(db, member.usr_id, eventId, teamRole("can_register"));
  outsider = await makeUser(db, { first_name: "Olga", last_name: "Outsider" });
  await giveRole(db, outsider.usr_id, otherEventId, { ...OWNER_ROLE });
});

const teamUrl = () => `/admin/setup/team?id=${eventId}`;

function post(form: Record<string, string | string[]>, cookie = admin.cookie) {
  return call(teamRoute.action as RouteFunction, makeRequest(teamUrl(), { cookie, form }));
}

async function roleOf(usrId: number, event = eventId) {
  const [role] = await db
    .select()
    .from(usr_event_role)
    .where(and(eq(usr_event_role.usr_id, usrId), eq(usr_event_role.event_id, event)));
  return role;
}

async function snapshot() {
  return db.select().from(usr_event_role).orderBy(usr_event_role.usr_event_role_id);
}

describe(`the team screen on ${process.env.TEST_DB_ENGINE}`, () => {
  describe("its list", () => {
    it("shows the team members with names, email and flags, not the event's other users", async () => {
      const bidder = await makeUser(db, { first_name: "Bea", last_name: "Bidder" });
      await giveRole(db, bidder.usr_id, eventId, { can_bid: true });
      const result = await call(teamRoute.loader as RouteFunction, makeRequest(teamUrl(), { cookie: admin.cookie }));
      const data = result.data as Awaited<ReturnType<typeof teamRoute.loader>>;
      expect(data.team.map((m) => m.name)).toEqual(["Ada Admin", "Max Member"]);
      expect(data.team[1]).toMatchObject({ usr_id: member.usr_id, flags: ["can_register"] });
      expect(data.team[1].email).toMatch(/@example\.org$/);
      expect(data.selfId).toBe(admin.usr_id);
      expect(data.onlyAdminId).toBe(admin.usr_id);
    });
  });

  describe("inviting", () => {
    it("creates the user with a lower-cased email, a team role with the chosen permissions, and mails the link", async () => {
      const result = await post({
        intent: "invite",
        email: "  New.Person@Example.ORG ",
        first_name: "Nia",
        last_name: "New",
        permission: ["can_check_in_out", "can_register"],
      });
      expect(result.status).toBe(302);
      expect(result.location).toBe(teamUrl());
      expect(result.response?.headers.get("Set-Cookie")).toMatch(/gavel_toast=/);

      const [person] = await db.select().from(usr).where(eq(usr.email_address, "new.person@example.org"));
      expect(person).toMatchObject({ first_name: "Nia", last_name: "New" });
      const role = await roleOf(person.usr_id);
      expect(role).toMatchObject({
        is_team_member: true,
        can_check_in_out: true,
        can_register: true,
        can_configure_event: false,
      });

      const [token] = await db.select().from(auth_token).where(eq(auth_token.usr_id, person.usr_id));
      expect(token).toMatchObject({ purpose: "team_invitation", event_id: eventId, invited_by: admin.usr_id });
      const mail = developmentMailbox().find((message) => message.to === "new.person@example.org");
      expect(mail?.text).toMatch(/\/teamsignup\?invitation=/);
    });

    it("finds an existing user whatever the case of the address, and turns their guest role into a team role", async () => {
      const guest = await makeUser(db, { email: "Guest.Bidder@example.org", first_name: "Gus" });
      await giveRole(db, guest.usr_id, eventId, { can_bid: true });
      const result = await post({
        intent: "invite",
        email: "guest.bidder@EXAMPLE.org",
        first_name: "Other",
        permission: "can_report",
      });
      expect(result.status).toBe(302);
      const people = await db
        .select()
        .from(usr)
        .where(sql`lower(${usr.email_address}) = 'guest.bidder@example.org'`);
      expect(people).toHaveLength(1);
      expect(people[0].first_name).toBe("Gus");
      expect(await roleOf(guest.usr_id)).toMatchObject({ is_team_member: true, can_report: true });
    });

    it.each([
      [{ email: "" }, "Enter the email address to send the invitation to."],
      [{ email: "not-an-address" }, "Enter an email address such as name@example.org."],
      [{ email: "a@example.org", permission: "can_rule_the_world" }, "That is not a permission."],
    ])("refuses %o with a message at the field, changing nothing", async (fields, message) => {
      const before = await snapshot();
      const users = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(usr);
      const result = await post({ intent: "invite", ...fields });
      expect(result.status).toBe(400);
      expect(JSON.stringify(result.data)).toContain(message);
      expect(await snapshot()).toEqual(before);
      expect(await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(usr)).toEqual(users);
    });

    it("says so when the person is already on the team", async () => {
      const [person] = await db.select().from(usr).where(eq(usr.usr_id, member.usr_id));
      const result = await post({ intent: "invite", email: person.email_address.toUpperCase() });
      expect(result.status).toBe(400);
      expect(result.data).toMatchObject({
        formId: "invite",
        error: { email: [expect.stringMatching(/already on the team/)] },
      });
    });
  });

  describe("editing one member", () => {
    it("stores exactly the ticked permissions and notifications", async () => {
      const result = await post({
        intent: "update",
        usr_id: String(member.usr_id),
        flag: ["can_check_in_out", "can_view_stats", "notify_registration"],
      });
      expect(result.status).toBe(302);
      expect(result.location).toBe(teamUrl());
      expect(await roleOf(member.usr_id)).toMatchObject({
        can_check_in_out: true,
        can_view_stats: true,
        notify_registration: true,
        can_register: false,
        is_team_member: true,
      });
    });

    it("refuses an unknown flag, changing nothing", async () => {
      const before = await snapshot();
      const result = await post({ intent: "update", usr_id: String(member.usr_id), flag: ["is_team_member"] });
      expect(result.status).toBe(400);
      expect(result.data).toMatchObject({
        formId: `team-member-${member.usr_id}`,
        error: { "flag[0]": ["That is not a permission or notification."] },
      });
      expect(await snapshot()).toEqual(before);
    });

    it("cannot reach a role on another event", async () => {
      const before = await snapshot();
      const result = await post({ intent: "update", usr_id: String(outsider.usr_id), flag: [] });
      expect(result.status).toBe(400);
      expect(result.data).toMatchObject({
        formId: `team-member-${outsider.usr_id}`,
        error: { "": [expect.stringMatching(/no longer on this event's team/)] },
      });
      expect(await snapshot()).toEqual(before);
    });

    it("does not let the last admin lose can_configure_event, and says why beside the row", async () => {
      const before = await snapshot();
      const result = await post({ intent: "update", usr_id: String(admin.usr_id), flag: ["can_view_stats"] });
      expect(result.status).toBe(400);
      expect(result.data).toMatchObject({
        formId: `team-member-${admin.usr_id}`,
        status: "error",
        error: { "": [expect.stringContaining(PERMISSION_LABELS.can_configure_event)] },
      });
      expect(await snapshot()).toEqual(before);
    });

    it("lets an admin step down once someone else can configure the event, and sends them to the admin home", async () => {
      await db
        .update(usr_event_role)
        .set({ can_configure_event: true })
        .where(eq(usr_event_role.usr_id, member.usr_id));
      const result = await post({ intent: "update", usr_id: String(admin.usr_id), flag: ["can_view_stats"] });
      expect(result.status).toBe(302);
      expect(result.location).toBe(`/admin?id=${eventId}`);
      expect(await roleOf(admin.usr_id)).toMatchObject({ can_configure_event: false, can_view_stats: true });
    });
  });

  describe("changing several members at once", () => {
    it("gives a permission to the selected members only", async () => {
      const third = await makeUser(db);
      await giveRole(db, third.usr_id, eventId, teamRole());
      const result = await post({
        intent: "bulk",
        usr_id: [String(member.usr_id), String(admin.usr_id)],
        flag: "can_report",
        value: "set",
      });
      expect(result.status).toBe(302);
      expect((await roleOf(member.usr_id)).can_report).toBe(true);
      expect((await roleOf(admin.usr_id)).can_report).toBe(true);
      expect((await roleOf(third.usr_id)).can_report).toBe(false);
      expect((await roleOf(member.usr_id)).can_register).toBe(true);
    });

    it("takes a notification away", async () => {
      await post({ intent: "bulk", usr_id: [String(admin.usr_id)], flag: "notify_buy_now", value: "clear" });
      expect((await roleOf(admin.usr_id)).notify_buy_now).toBe(false);
    });

    it.each([
      [{ flag: "can_report", value: "set" }, "usr_id", "Select at least one member to change."],
      [{ usr_id: "MEMBER", flag: "", value: "set" }, "flag", "Choose the permission or notification to change."],
      [{ usr_id: "MEMBER", flag: "can_report", value: "toggle" }, "value", "Choose whether to give or take away."],
    ])("refuses %o with a message at the %s field", async (fields, field, message) => {
      const before = await snapshot();
      const form = Object.fromEntries(
        Object.entries(fields).map(([k, v]) => [k, v === "MEMBER" ? String(member.usr_id) : v]),
      );
      const result = await post({ intent: "bulk", ...form });
      expect(result.status).toBe(400);
      expect(result.data).toMatchObject({ formId: "team-bulk", error: { [field]: [message] } });
      expect(await snapshot()).toEqual(before);
    });

    it("changes nobody when the change would leave no admin", async () => {
      await db
        .update(usr_event_role)
        .set({ can_configure_event: true })
        .where(eq(usr_event_role.usr_id, member.usr_id));
      const before = await snapshot();
      const result = await post({
        intent: "bulk",
        usr_id: [String(member.usr_id), String(admin.usr_id)],
        flag: "can_configure_event",
        value: "clear",
      });
      expect(result.status).toBe(400);
      expect(result.data).toMatchObject({
        formId: "team-bulk",
        error: { "": [expect.stringContaining("Give it to someone else first")] },
      });
      expect(await snapshot()).toEqual(before);
    });

    it("changes nobody when one of the selected people is on another event's team", async () => {
      const before = await snapshot();
      const result = await post({
        intent: "bulk",
        usr_id: [String(member.usr_id), String(outsider.usr_id)],
        flag: "can_bill",
        value: "set",
      });
      expect(result.status).toBe(400);
      expect(await snapshot()).toEqual(before);
    });
  });

  describe("removing a member", () => {
    it("deletes their role at the event", async () => {
      const result = await post({ intent: "remove", usr_id: String(member.usr_id) });
      expect(result.status).toBe(302);
      expect(result.location).toBe(teamUrl());
      expect(await roleOf(member.usr_id)).toBeUndefined();
    });

    it("does not remove the last admin, and says why", async () => {
      const before = await snapshot();
      const result = await post({ intent: "remove", usr_id: String(admin.usr_id) });
      expect(result.status).toBe(400);
      expect(result.data).toMatchObject({
        formId: `team-remove-${admin.usr_id}`,
        error: { "": [expect.stringContaining("Give it to someone else first")] },
      });
      expect(await snapshot()).toEqual(before);
    });

    it("cannot remove someone from another event", async () => {
      const result = await post({ intent: "remove", usr_id: String(outsider.usr_id) });
      expect(result.status).toBe(400);
      expect(await roleOf(outsider.usr_id, otherEventId)).toMatchObject({ is_team_member: true });
    });

    it("sends someone who removed themselves to the admin home", async () => {
      await db
        .update(usr_event_role)
        .set({ can_configure_event: true })
        .where(eq(usr_event_role.usr_id, member.usr_id));
      const result = await post({ intent: "remove", usr_id: String(admin.usr_id) });
      expect(result.status).toBe(302);
      expect(result.location).toBe(`/admin?id=${eventId}`);
    });
  });

  it("answers 400 to a form without a known intent", async () => {
    expect((await post({ intent: "promote" })).status).toBe(400);
  });

  it("keeps an admin when two admins demote each other at the same moment", async () => {
    await db.update(usr_event_role).set({ can_configure_event: true }).where(eq(usr_event_role.usr_id, member.usr_id));
    // Each change waits (a little) for the other to have made its update before the rule is checked, so without
    // the lock both would see the other still an admin and both would commit.
    const updated: Array<() => void> = [];
    const bothUpdated = Promise.all([0, 1].map((i) => new Promise<void>((resolve) => (updated[i] = resolve))));
    const demote = (usrId: number, i: number) =>
      keepingAnAdmin(eventId, async (tx) => {
        await tx
          .update(usr_event_role)
          .set({ can_configure_event: false })
          .where(and(eq(usr_event_role.event_id, eventId), eq(usr_event_role.usr_id, usrId)));
        updated[i]();
        await Promise.race([bothUpdated, new Promise((resolve) => setTimeout(resolve, 300))]);
      });
    const results = await Promise.allSettled([demote(admin.usr_id, 0), demote(member.usr_id, 1)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(LastAdminError);
    const admins = (await snapshot()).filter(
      (r) => r.event_id === eventId && r.can_configure_event && r.is_team_member,
    );
    expect(admins).toHaveLength(1);
  });
});
