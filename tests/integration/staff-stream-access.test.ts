// A team screen's live stream is followed only while its person may (issue 19, L8): it ends, with an `ended` event
// the page answers by loading itself again, when their permission is taken away or they sign out everywhere, and it
// carries on through a change of their roles that keeps the permission.
import { afterEach, describe, expect, it } from "vitest";
import { OWNER_ROLE } from "~/auth/permissions";
import { endEverySession } from "~/auth/session.server";
import { saveEventSettings } from "~/events/event-settings.server";
import * as silentBidsStream from "~/routes/admin._workspace.bids.silentbids_.stream";
import * as adminStream from "~/routes/admin.stream";
import { updateTeamRoles } from "~/team/team.server";
import { testDatabase } from "../support/database";
import { giveRole, makeEvent, makeUser, sessionCookie, teamRole } from "../support/people";
import { call, makeRequest, type RouteFunction } from "../support/route-calls";

const { db } = testDatabase();

const aborts: AbortController[] = [];
afterEach(() => aborts.splice(0).forEach((abort) => abort.abort()));

async function teamEvent() {
  const gala = await makeEvent(db);
  const owner = await makeUser(db, { selected_event: gala.event_id });
  const helper = await makeUser(db, { selected_event: gala.event_id });
  await giveRole(db, owner.usr_id, gala.event_id, OWNER_ROLE);
  await giveRole(db, helper.usr_id, gala.event_id, teamRole("can_view_stats"));
  return { gala, helper };
}

/** Opens the stream as the person and reads it: `until` waits for a pattern, `end` for the stream to close. */
async function openStream(route: { loader: unknown }, url: string, usrId: number) {
  const abort = new AbortController();
  aborts.push(abort);
  const request = new Request(makeRequest(url, { cookie: await sessionCookie(usrId) }), { signal: abort.signal });
  const outcome = await call(route.loader as RouteFunction, request);
  expect(outcome.status).toBe(200);
  const reader = outcome.response!.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  return {
    async until(pattern: RegExp) {
      while (!pattern.test(text)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`The stream ended before ${pattern}: ${text}`);
        text += value;
      }
    },
    async end() {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return text;
        text += value;
      }
    },
  };
}

describe("team screens' live streams", () => {
  it("end when the person's permission is taken away, and not when their roles change otherwise", async () => {
    const { gala, helper } = await teamEvent();
    const url = `/admin/bids/silentbids/stream?id=${gala.event_id}`;
    const stream = await openStream(silentBidsStream, url, helper.usr_id);
    await stream.until(/event: snapshot\n/);

    await updateTeamRoles(gala.event_id, [helper.usr_id], { can_register: true });
    const other = await openStream(adminStream, `/admin/stream?id=${gala.event_id}`, helper.usr_id);
    await other.until(/event: snapshot\n/);
    // Still followed: a change of the event reaches the layout's stream, and nothing has ended either. (The role
    // change just made may reach this stream too, as a "team" delta, when its notification comes after the stream
    // subscribed: so the event's deltas are counted, not the stream's sequence numbers.)
    await saveEventSettings(gala.event_id, { title: "Renamed" });
    await other.until(/"type":"event"/);

    await updateTeamRoles(gala.event_id, [helper.usr_id], { can_view_stats: false });
    expect(await stream.end()).toMatch(/event: ended\n/);
    // The layout's stream needs only a place on the team, which the helper keeps.
    await saveEventSettings(gala.event_id, { title: "Renamed again" });
    await other.until(/"type":"event"[\s\S]*"type":"event"/);
  });

  it("end in every browser when the person signs out everywhere", async () => {
    const { gala, helper } = await teamEvent();
    const stream = await openStream(adminStream, `/admin/stream?id=${gala.event_id}`, helper.usr_id);
    await stream.until(/event: snapshot\n/);
    await db.transaction((tx) => endEverySession(tx, helper.usr_id));
    expect(await stream.end()).toMatch(/event: ended\n/);
  });
});
