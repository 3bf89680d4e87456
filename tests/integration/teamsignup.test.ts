// /teamsignup: a signed-in person sets up an organisation and its first event in one transaction and becomes its
// owner; a person invited to an event's team joins it from the emailed link.
import { and, count, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { getSignedInUser } from "~/auth/access.server";
import { setPassword } from "~/auth/accounts.server";
import { createInvitationLink, sendTeamInvitation } from "~/auth/invitations.server";
import { hashPassword, verifyPassword } from "~/auth/password.server";
import { OWNER_ROLE } from "~/auth/permissions";
import { getToast } from "~/http/toast.server";
import * as teamSignupRoute from "~/routes/teamsignup";
import { auth_token, client, event, usr, usr_event_role, usr_password } from "~drizzle/schema";
import { testDatabase } from "../support/database";
import { lastMailTo, linkTo } from "../support/mailbox";
import { giveRole, makeEvent, makeUser, sessionCookie, teamRole } from "../support/people";
import { call, makeRequest, type Outcome, type RouteFunction } from "../support/route-calls";

const { db } = testDatabase();
const loader = teamSignupRoute.loader as RouteFunction;
const action = teamSignupRoute.action as RouteFunction;
let tag = 0;

function organisationForm(fields: Record<string, string> = {}) {
  tag += 1;
  return {
    intent: "create-organisation",
    organisationTitle: `Lighthouse Trust ${tag}`,
    organisationSlug: "",
    eventTitle: `Lantern Ball ${tag}`,
    eventSlug: "",
    timezone: "Europe/London",
    subdomain: "",
    ...fields,
  };
}

const cookieFrom = (outcome: Outcome, name: string) =>
  outcome
    .response!.headers.getSetCookie()
    .find((value) => value.startsWith(`${name}=`))
    ?.split(";")[0];

async function toastOf(outcome: Outcome) {
  const toast = await getToast(
    new Request("http://localhost/", { headers: { Cookie: cookieFrom(outcome, "gavel_toast")! } }),
  );
  return toast;
}

describe("setting up an organisation", () => {
  let organiser: { usr_id: number; cookie: string };
  beforeEach(async () => {
    const person = await makeUser(db);
    organiser = { usr_id: person.usr_id, cookie: await sessionCookie(person.usr_id) };
  });

  it("asks a visitor who is not signed in to sign in first, and refuses their post", async () => {
    expect(await call(loader, makeRequest("/teamsignup"))).toMatchObject({
      status: 200,
      data: { page: "sign-in-first" },
    });
    expect(await call(action, makeRequest("/teamsignup", { form: organisationForm() }))).toMatchObject({
      status: 302,
      location: "/",
    });
  });

  it("offers a signed-in person the form with the time zones", async () => {
    const page = await call(loader, makeRequest("/teamsignup", { cookie: organiser.cookie }));
    expect(page).toMatchObject({ status: 200, data: { page: "organisation", defaultTimezone: "America/New_York" } });
    expect((page.data as { timeZones: string[] }).timeZones).toContain("Europe/London");
  });

  it("creates the organisation, the event with its auctions and pages, and the owner's role, then opens the admin area", async () => {
    const form = organisationForm({ subdomain: "LanternBall" });
    const outcome = await call(action, makeRequest("/teamsignup", { cookie: organiser.cookie, form }));
    expect(outcome).toMatchObject({ status: 302, location: "/admin" });
    expect(await toastOf(outcome)).toMatchObject({ type: "success", title: `${form.organisationTitle} is set up` });

    const [organisation] = await db.select().from(client).where(eq(client.title, form.organisationTitle));
    expect(organisation.slug).toBe(`lighthouse-trust-${tag}`);
    const [created] = await db.select().from(event).where(eq(event.client_id, organisation.client_id));
    expect(created).toMatchObject({
      title: form.eventTitle,
      slug: `lantern-ball-${tag}`,
      subdomain: "lanternball",
      timezone: "Europe/London",
    });
    // Its registration settings exist; the landing page and the auctions come when their feature is first enabled
    // (/admin/setup/modules).
    expect(created.registration_id).not.toBeNull();
    expect([
      created.landing_id,
      created.silent_auction_id,
      created.virtual_auction_id,
      created.traditional_auction_id,
    ]).toEqual([null, null, null, null]);

    const [role] = await db
      .select()
      .from(usr_event_role)
      .where(and(eq(usr_event_role.usr_id, organiser.usr_id), eq(usr_event_role.event_id, created.event_id)));
    expect(role).toMatchObject(OWNER_ROLE);
    const [me] = await db.select().from(usr).where(eq(usr.usr_id, organiser.usr_id));
    expect(me.selected_event).toBe(created.event_id);
  });

  it("shows taken names beside their fields and creates nothing at all", async () => {
    const first = organisationForm({ subdomain: `taken${tag}` });
    await call(action, makeRequest("/teamsignup", { cookie: organiser.cookie, form: first }));
    const [{ clients }] = await db.select({ clients: count() }).from(client);

    const sameShortName = organisationForm({ organisationSlug: `lighthouse-trust-${tag - 1}` });
    expect(
      await call(action, makeRequest("/teamsignup", { cookie: organiser.cookie, form: sameShortName })),
    ).toMatchObject({
      status: 400,
      data: { error: { organisationSlug: ["Another organisation already uses this short name."] } },
    });
    const sameAddress = organisationForm({ eventSlug: `lantern-ball-${tag - 2}` });
    expect(
      await call(action, makeRequest("/teamsignup", { cookie: organiser.cookie, form: sameAddress })),
    ).toMatchObject({
      status: 400,
      data: { error: { eventSlug: ["Another event already uses this web address (slug)."] } },
    });
    const sameSubdomain = organisationForm({ subdomain: first.subdomain });
    expect(
      await call(action, makeRequest("/teamsignup", { cookie: organiser.cookie, form: sameSubdomain })),
    ).toMatchObject({
      status: 400,
      data: { error: { subdomain: ["Another event already uses this subdomain."] } },
    });
    expect((await db.select({ clients: count() }).from(client))[0].clients).toBe(clients);
  });

  it("returns field errors with status 400 and the values typed", async () => {
    const form = organisationForm({ organisationTitle: "", subdomain: "-bad-", timezone: "Nowhere/Else" });
    const outcome = await call(action, makeRequest("/teamsignup", { cookie: organiser.cookie, form }));
    expect(outcome).toMatchObject({
      status: 400,
      data: {
        error: {
          organisationTitle: ["Enter your organisation's name."],
          subdomain: [expect.stringContaining("hyphen")],
          timezone: ["Choose a time zone from the list."],
        },
        initialValue: { subdomain: "-bad-", eventTitle: form.eventTitle },
      },
    });
  });
});

describe("joining a team from an invitation", () => {
  let eventId: number;
  let inviterId: number;
  beforeEach(async () => {
    eventId = (await makeEvent(db, { title: "Harvest Dinner" })).event_id;
    const inviter = await makeUser(db, { first_name: "Olive", last_name: "Owner" });
    inviterId = inviter.usr_id;
    await giveRole(db, inviterId, eventId, { ...OWNER_ROLE });
  });

  async function invite(fields: { first_name?: string } = {}) {
    const invitee = await makeUser(db, fields);
    await giveRole(db, invitee.usr_id, eventId, teamRole("can_register"));
    const link = new URL(
      await createInvitationLink({
        usrId: invitee.usr_id,
        eventId,
        invitedBy: inviterId,
        origin: "http://localhost:3000",
      }),
    );
    return { invitee, link, path: `${link.pathname}${link.search}` };
  }

  it("emails the invited person a link to /teamsignup naming the event and who invited them", async () => {
    const invitee = await makeUser(db);
    await giveRole(db, invitee.usr_id, eventId, teamRole());
    await sendTeamInvitation({
      usrId: invitee.usr_id,
      eventId,
      invitedBy: inviterId,
      origin: "https://gavel.example.org",
    });
    const message = await lastMailTo(invitee.email_address);
    expect(message.subject).toBe("Join the team of Harvest Dinner on Gavel");
    expect(message.text).toContain("Olive Owner invited you");
    const link = linkTo(message, "/teamsignup");
    expect(link.origin).toBe("https://gavel.example.org");
    expect(link.searchParams.get("invitation")).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("lets an invited person without a password choose one, signs them in and opens the event", async () => {
    const { invitee, path } = await invite();
    expect(await call(loader, makeRequest(path))).toMatchObject({
      status: 200,
      data: {
        page: "invitation",
        invitation: {
          email: invitee.email_address,
          eventTitle: "Harvest Dinner",
          inviter: "Olive Owner",
          hasPassword: false,
        },
        signedInAs: null,
      },
    });
    const outcome = await call(
      action,
      makeRequest(path, { form: { intent: "choose-password", firstName: "Ivy", password: "ivy's long password" } }),
    );
    expect(outcome).toMatchObject({ status: 302, location: "/admin" });
    const session = cookieFrom(outcome, "gavel_session")!;
    expect((await getSignedInUser(new Request("http://localhost/", { headers: { Cookie: session } })))?.usr_id).toBe(
      invitee.usr_id,
    );
    const [me] = await db.select().from(usr).where(eq(usr.usr_id, invitee.usr_id));
    expect(me).toMatchObject({ selected_event: eventId, first_name: "Ivy" });
    const [stored] = await db.select().from(usr_password).where(eq(usr_password.usr_id, invitee.usr_id));
    expect(await verifyPassword(stored.password_hash, "ivy's long password")).toBe(true);

    // The link is used up.
    expect((await call(loader, makeRequest(path))).status).toBe(410);
    expect(
      (
        await call(
          action,
          makeRequest(path, { form: { intent: "choose-password", password: "another long password" } }),
        )
      ).status,
    ).toBe(410);
  });

  it("lets the invited person, once signed in, join with one click", async () => {
    const { invitee, path } = await invite();
    await setPassword(db, invitee.usr_id, await hashPassword("invitee's own password"));
    const cookie = await sessionCookie(invitee.usr_id);
    expect(await call(loader, makeRequest(path))).toMatchObject({ data: { invitation: { hasPassword: true } } });
    expect(await call(loader, makeRequest(path, { cookie }))).toMatchObject({
      data: { signedInAs: { email: invitee.email_address, isInvitee: true } },
    });
    const outcome = await call(action, makeRequest(path, { cookie, form: { intent: "accept-invitation" } }));
    expect(outcome).toMatchObject({ status: 302, location: "/admin" });
    expect(await toastOf(outcome)).toMatchObject({ title: "Welcome to the team" });
    expect((await db.select().from(usr).where(eq(usr.usr_id, invitee.usr_id)))[0].selected_event).toBe(eventId);
    const [token] = await db.select().from(auth_token).where(eq(auth_token.usr_id, invitee.usr_id));
    expect(token.used_at).not.toBeNull();
  });

  it("does not let someone else take up the invitation", async () => {
    const { path } = await invite();
    const stranger = await makeUser(db);
    const cookie = await sessionCookie(stranger.usr_id);
    expect(await call(loader, makeRequest(path, { cookie }))).toMatchObject({
      data: { signedInAs: { isInvitee: false } },
    });
    expect(await call(action, makeRequest(path, { cookie, form: { intent: "accept-invitation" } }))).toMatchObject({
      status: 403,
      data: { error: { "": [expect.stringContaining("another email address")] } },
    });
    expect((await db.select().from(usr).where(eq(usr.usr_id, stranger.usr_id)))[0].selected_event).toBeNull();
  });

  it("does not set a password for an invited person who already has one", async () => {
    const { invitee, path } = await invite();
    await setPassword(db, invitee.usr_id, await hashPassword("invitee's own password"));
    expect(
      await call(action, makeRequest(path, { form: { intent: "choose-password", password: "a takeover attempt!" } })),
    ).toMatchObject({
      status: 400,
      data: { error: { "": [expect.stringContaining("already has a password")] } },
    });
  });

  it("stops working when the person is taken off the team", async () => {
    const { invitee, path } = await invite();
    await db
      .delete(usr_event_role)
      .where(and(eq(usr_event_role.usr_id, invitee.usr_id), eq(usr_event_role.event_id, eventId)));
    expect(await call(loader, makeRequest(path))).toMatchObject({ status: 410, data: { page: "expired-invitation" } });
  });

  it("expires after 7 days", async () => {
    const { invitee, link } = await invite();
    const token = link.searchParams.get("invitation")!;
    await db
      .update(auth_token)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(auth_token.usr_id, invitee.usr_id));
    expect((await call(loader, makeRequest(`/teamsignup?invitation=${token}`))).status).toBe(410);
    const [stored] = await db.select().from(auth_token).where(eq(auth_token.usr_id, invitee.usr_id));
    expect(stored.expires_at.getTime() - stored.created_at.getTime()).toBeLessThanOrEqual(7 * 24 * 3_600_000);
  });
});
