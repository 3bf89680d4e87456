// The screens that declare their posts with intentAction (forms/intent-action.server.ts), admin lists included:
// access is checked before anything is read (a team member without the screen's permission is refused, 403), and a
// post whose intent the screen does not declare is refused, 400, with nothing done.
import { beforeEach, describe, expect, it } from "vitest";
import * as donors from "~/routes/admin._workspace.auction_items.donors";
import * as livebids from "~/routes/admin._workspace.bids.livebids";
import * as raffle from "~/routes/admin._workspace.bids.raffle";
import * as team from "~/routes/admin._workspace.setup.team";
import { testDatabase } from "../support/database";
import { giveRole, makeEvent, makeUser, sessionCookie, teamRole } from "../support/people";
import { call, makeRequest, type RouteFunction } from "../support/route-calls";
import type { Permission } from "~/auth/permissions";

const { db } = testDatabase();
let eventId: number;

beforeEach(async () => {
  eventId = (await makeEvent(db)).event_id;
});

/** A team member of the event holding `permission`, or only a permission the screen does not take. */
async function member(permission: Permission) {
  const user = await makeUser(db, { selected_event: eventId });
  await giveRole(db, user.usr_id, eventId, teamRole(permission));
  return sessionCookie(user.usr_id);
}

const screens: [path: string, action: RouteFunction, needs: Permission, lacks: Permission][] = [
  ["/admin/bids/raffle", raffle.action as RouteFunction, "can_bid", "can_edit_auction_items"],
  ["/admin/setup/team", team.action as RouteFunction, "can_configure_event", "can_bid"],
  ["/admin/bids/livebids", livebids.action as RouteFunction, "can_control_event", "can_bid"],
  ["/admin/auction_items/donors", donors.action as RouteFunction, "can_edit_auction_items", "can_bid"],
];

describe.each(screens)("%s", (path, action, needs, lacks) => {
  it("refuses a team member without the screen's permission before reading the post", async () => {
    const cookie = await member(lacks);
    const outcome = await call(action, makeRequest(path, { cookie, form: { intent: "no-such-thing" } }));
    expect(outcome.status).toBe(403);
  });

  it("refuses a post whose intent the screen does not declare, or none", async () => {
    const cookie = await member(needs);
    const posts: Record<string, string>[] = [{ intent: "no-such-thing" }, { intent: "constructor" }, {}];
    for (const form of posts) {
      const outcome = await call(action, makeRequest(path, { cookie, form }));
      expect(outcome.status).toBe(400);
      expect(await outcome.response?.text()).toBe("This form does not say what to do.");
    }
  });
});
