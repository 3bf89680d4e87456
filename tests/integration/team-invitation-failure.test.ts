// When the invitation email cannot be sent, the person is still on the team and the organiser is told plainly.
import { and, eq } from "drizzle-orm";
import { expect, it, vi } from "vitest";
import { OWNER_ROLE } from "~/auth/permissions";
import { getToast } from "~/http/toast.server";
import * as teamRoute from "~/routes/admin._workspace.setup.team";
import { usr, usr_event_role } from "~drizzle/schema";
import { testDatabase } from "../support/database";
import { giveRole, makeEvent, makeUser, sessionCookie } from "../support/people";
import { call, makeRequest, type RouteFunction } from "../support/route-calls";

// The mail server refusing the message, as sendTeamInvitation reports it.
vi.mock("~/auth/invitations.server", () => ({
  sendTeamInvitation: vi.fn(async () => {
    throw new Error("554 Transaction failed");
  }),
}));

it("adds the person, logs the failure and shows an error toast", async () => {
  const { db } = testDatabase();
  const { event_id } = await makeEvent(db);
  const organiser = await makeUser(db);
  await giveRole(db, organiser.usr_id, event_id, { ...OWNER_ROLE });
  const logged = vi.spyOn(console, "error").mockImplementation(() => {});

  const result = await call(
    teamRoute.action as RouteFunction,
    makeRequest(`/admin/setup/team?id=${event_id}`, {
      cookie: await sessionCookie(organiser.usr_id),
      form: { intent: "invite", email: "unlucky@example.org" },
    }),
  );

  expect(result.status).toBe(302);
  expect(logged).toHaveBeenCalledWith("[team] the invitation email could not be sent", expect.any(Error));
  const cookie = result.response!.headers.get("Set-Cookie")!.split(";")[0];
  const toast = await getToast(new Request("http://localhost/", { headers: { Cookie: cookie } }));
  expect(toast).toMatchObject({ type: "error", title: expect.stringContaining("invitation email was not sent") });
  const [person] = await db.select().from(usr).where(eq(usr.email_address, "unlucky@example.org"));
  const [role] = await db
    .select()
    .from(usr_event_role)
    .where(and(eq(usr_event_role.usr_id, person.usr_id), eq(usr_event_role.event_id, event_id)));
  expect(role.is_team_member).toBe(true);
});
