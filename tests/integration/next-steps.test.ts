// The dashboard's next steps (issue 20): read from the event's own data, each linking to its screen for a role that
// opens it, shown to the people who set the event up and to nobody else.
import { describe, expect, it } from "vitest";
import { OWNER_ROLE } from "~/auth/permissions";
import { nextSteps } from "~/dashboard/next-steps.server";
import * as dashboardRoute from "~/routes/admin._hub.dashboard";
import { auction_item, ticket } from "~drizzle/schema";
import { testDatabase } from "../support/database";
import { giveRole, makeEvent, makeUser, sessionCookie, teamRole } from "../support/people";
import { call, makeRequest, type RouteFunction } from "../support/route-calls";
import type { DashboardData } from "~/dashboard/dashboard.server";

const { db } = testDatabase();

const done = async (eventId: number) =>
  Object.fromEntries((await nextSteps(eventId)).map((step) => [step.label, step.done]));

describe("the dashboard's next steps", () => {
  it("follow the event's data", async () => {
    const gala = await makeEvent(db);
    expect(await done(gala.event_id)).toMatchObject({ Tickets: false, "Auction items": false, Team: false });
    await db.insert(ticket).values({ event_id: gala.event_id, title: "Individual", price: 25_000 });
    await db.insert(auction_item).values({ event_id: gala.event_id, title: "A week in Maine", type: "silent" });
    const steps = await nextSteps(gala.event_id);
    expect(steps.find((step) => step.label === "Tickets")).toMatchObject({
      done: true,
      detail: "1 ticket type on sale.",
    });
    expect(steps.find((step) => step.label === "Auction items")?.done).toBe(true);
  });

  it("link to the screens the role opens, and are not shown to a volunteer", async () => {
    const gala = await makeEvent(db);
    const owner = await makeUser(db, { selected_event: gala.event_id });
    const door = await makeUser(db, { selected_event: gala.event_id });
    await giveRole(db, owner.usr_id, gala.event_id, OWNER_ROLE);
    await giveRole(db, door.usr_id, gala.event_id, teamRole("can_check_in_out"));
    const dashboard = async (usrId: number) =>
      (
        await call(
          dashboardRoute.loader as RouteFunction,
          makeRequest(`/admin/dashboard?id=${gala.event_id}`, { cookie: await sessionCookie(usrId) }),
        )
      ).data as DashboardData;

    const forOwner = (await dashboard(owner.usr_id)).nextSteps;
    expect(forOwner.find((step) => step.label === "Tickets")?.to).toBe(`/admin/setup/registration?id=${gala.event_id}`);
    expect(forOwner.every((step) => step.to !== null)).toBe(true);
    expect((await dashboard(door.usr_id)).nextSteps).toEqual([]);
  });
});
