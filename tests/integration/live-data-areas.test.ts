// The admin data areas stay current: writes to an event's record, its team and its
// people publish on the realtime bus after commit and never for a rollback, and /admin/stream follows them for a
// team member of the event only, each message carrying the data areas' marker as it is after the change.
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { fillMissingNames } from "~/auth/accounts.server";
import { OWNER_ROLE } from "~/auth/permissions";
import { saveEventSettings } from "~/events/event-settings.server";
import { setFeatureEnabled } from "~/events/feature-switches.server";
import { realtimeBus, type RealtimeMessage } from "~/realtime/bus.server";
import { dataAreasMarker } from "~/realtime/data-area-changes.server";
import { eventDataTopic, userTopic } from "~/realtime/data-area-topics";
import * as adminLayout from "~/routes/admin";
import * as stream from "~/routes/admin.stream";
import { LastAdminError, removeTeamMembers, updateTeamRoles } from "~/team/team.server";
import { event } from "~drizzle/schema";
import { testDatabase } from "../support/database";
import { giveRole, makeEvent, makeUser, sessionCookie, teamRole } from "../support/people";
import { call, makeRequest, type RouteFunction } from "../support/route-calls";

const connection = testDatabase();
const { db } = connection;
const bus = realtimeBus(connection);

const leaving: Array<() => void> = [];
afterEach(() => {
  leaving.splice(0).forEach((leave) => leave());
});

/** What arrives on these topics from now on. */
async function listen(...topics: string[]) {
  const received: RealtimeMessage[] = [];
  for (const topic of topics) {
    leaving.push(await bus.subscribe(topic, { onMessage: (message) => received.push(message), onResync: () => {} }));
  }
  return received;
}

/** Long enough for a NOTIFY sent by a commit to arrive; used to show that none was sent. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

/** An event with an owner (its only admin) and a helper on its team. */
async function teamEvent() {
  const gala = await makeEvent(db);
  const owner = await makeUser(db, { selected_event: gala.event_id });
  const helper = await makeUser(db, { selected_event: gala.event_id });
  await giveRole(db, owner.usr_id, gala.event_id, OWNER_ROLE);
  await giveRole(db, helper.usr_id, gala.event_id, teamRole("can_register"));
  return { gala, owner, helper };
}

describe("publishing changes of the data areas", () => {
  it("tells the event's pages that its record changed once the save commits, and nothing when it is refused", async () => {
    const { gala } = await teamEvent();
    const other = await makeEvent(db);
    const received = await listen(eventDataTopic(gala.event_id));

    expect(await saveEventSettings(gala.event_id, { title: "Harbour Lights Gala" })).toEqual({ ok: true });
    await expect.poll(() => received.length).toBe(1);
    expect(received[0]).toEqual({
      topic: eventDataTopic(gala.event_id),
      type: "event",
      data: { eventId: gala.event_id },
    });

    // A slug another event holds rolls the save back: nothing is published.
    const [taken] = await db.select({ slug: event.slug }).from(event).where(eq(event.event_id, other.event_id));
    expect(await saveEventSettings(gala.event_id, { slug: taken.slug })).toMatchObject({ ok: false, field: "slug" });
    await setFeatureEnabled(gala.event_id, "landing", true);
    await expect.poll(() => received.length).toBe(2);
    await settle();
    expect(received.map((message) => message.type)).toEqual(["event", "event"]);
  });

  it("tells the event and each person concerned when the team changes, and nothing when the change is refused", async () => {
    const { gala, owner, helper } = await teamEvent();
    const received = await listen(eventDataTopic(gala.event_id), userTopic(helper.usr_id), userTopic(owner.usr_id));

    await updateTeamRoles(gala.event_id, [helper.usr_id], { can_view_stats: true });
    await expect.poll(() => received.length).toBe(2);
    expect(received).toEqual([
      { topic: eventDataTopic(gala.event_id), type: "team", data: { eventId: gala.event_id } },
      { topic: userTopic(helper.usr_id), type: "user", data: { usrId: helper.usr_id } },
    ]);

    // Demoting the only admin is rolled back: no message for the event nor for the owner.
    await expect(updateTeamRoles(gala.event_id, [owner.usr_id], { can_configure_event: false })).rejects.toBeInstanceOf(
      LastAdminError,
    );
    await settle();
    expect(received).toHaveLength(2);

    await removeTeamMembers(gala.event_id, [helper.usr_id]);
    await expect.poll(() => received.length).toBe(4);
    expect(received.slice(2).map((message) => [message.topic, message.type])).toEqual([
      [eventDataTopic(gala.event_id), "team"],
      [userTopic(helper.usr_id), "user"],
    ]);
  });

  it("tells every event where a person holds a role when their name is filled in, and nothing for a rollback", async () => {
    const { gala } = await teamEvent();
    const auction = await makeEvent(db);
    const newcomer = await makeUser(db);
    await giveRole(db, newcomer.usr_id, gala.event_id, teamRole());
    await giveRole(db, newcomer.usr_id, auction.event_id, { can_bid: true });
    const received = await listen(
      eventDataTopic(gala.event_id),
      eventDataTopic(auction.event_id),
      userTopic(newcomer.usr_id),
    );

    await expect(
      db.transaction(async (tx) => {
        await fillMissingNames(tx, newcomer.usr_id, { firstName: "Robin" });
        throw new Error("the rest of the sign-up failed");
      }),
    ).rejects.toThrow("the rest of the sign-up failed");
    await settle();
    expect(received).toEqual([]);

    await db.transaction((tx) => fillMissingNames(tx, newcomer.usr_id, { firstName: "Robin", lastName: "Ash" }));
    await expect.poll(() => received.length).toBe(3);
    expect(received.map((message) => [message.topic, message.type]).sort()).toEqual(
      [
        [eventDataTopic(gala.event_id), "users"],
        [eventDataTopic(auction.event_id), "users"],
        [userTopic(newcomer.usr_id), "user"],
      ].sort(),
    );

    // Names already there are the person's own: filling them again changes nothing and tells no one.
    await db.transaction((tx) => fillMissingNames(tx, newcomer.usr_id, { firstName: "Someone else" }));
    await settle();
    expect(received).toHaveLength(3);
  });
});

describe("the data areas' marker", () => {
  it("changes with the event's record, its team and its people, and only then", async () => {
    const { gala, owner, helper } = await teamEvent();
    const marker = () => dataAreasMarker(db, gala.event_id, owner.usr_id);
    const seen = [await marker()];
    expect(await marker()).toBe(seen[0]);

    await saveEventSettings(gala.event_id, { title: "Renamed" });
    seen.push(await marker());
    await updateTeamRoles(gala.event_id, [helper.usr_id], { can_report: true });
    seen.push(await marker());
    await db.transaction((tx) => fillMissingNames(tx, helper.usr_id, { lastName: "Finch" }));
    seen.push(await marker());
    expect(new Set(seen).size).toBe(4);
  });
});

describe("/admin/stream", () => {
  const url = (eventId: number) => `/admin/stream?id=${eventId}`;

  it("refuses anyone who is not on the event's team", async () => {
    const { gala } = await teamEvent();
    const other = await makeEvent(db);
    const outsider = await makeUser(db);
    const guest = await makeUser(db);
    const otherTeam = await makeUser(db);
    await giveRole(db, guest.usr_id, gala.event_id, { can_bid: true });
    await giveRole(db, otherTeam.usr_id, other.event_id, OWNER_ROLE);
    for (const usrId of [outsider.usr_id, guest.usr_id, otherTeam.usr_id]) {
      const request = makeRequest(url(gala.event_id), { cookie: await sessionCookie(usrId) });
      expect(await call(stream.loader as RouteFunction, request)).toMatchObject({ status: 302, location: "/" });
    }
    expect(await call(stream.loader as RouteFunction, makeRequest(url(gala.event_id)))).toMatchObject({
      status: 302,
      location: "/",
    });
  });

  it("sends the marker the layout loaded, then the new marker after another team member's change", async () => {
    const { gala, helper } = await teamEvent();
    const cookie = await sessionCookie(helper.usr_id);
    const layout = await call(
      adminLayout.loader as RouteFunction,
      makeRequest(`/admin?id=${gala.event_id}`, { cookie }),
    );
    const loaded = (layout.data as { marker: string }).marker;

    const abort = new AbortController();
    const request = new Request(makeRequest(url(gala.event_id), { cookie }), { signal: abort.signal });
    const outcome = await call(stream.loader as RouteFunction, request);
    try {
      expect(outcome.status).toBe(200);
      expect(outcome.response?.headers.get("Content-Type")).toMatch(/text\/event-stream/);
      const reader = outcome.response!.body!.pipeThrough(new TextDecoderStream()).getReader();
      let text = "";
      const until = async (pattern: RegExp) => {
        while (!pattern.test(text)) {
          const { value, done } = await reader.read();
          if (done) throw new Error(`The stream ended before ${pattern}: ${text}`);
          text += value;
        }
        return text.match(pattern)!;
      };
      const snapshot = await until(/event: snapshot\ndata: (.*)\n\n/);
      expect(JSON.parse(snapshot[1])).toMatchObject({ seq: 1, data: { marker: loaded } });

      // The owner renames the event: the helper's stream says so, with the marker as it now is.
      await saveEventSettings(gala.event_id, { title: "Renamed by the owner" });
      const delta = await until(/event: delta\ndata: (.*)\n\n/);
      const message = JSON.parse(delta[1]);
      expect(message).toMatchObject({ seq: 2, type: "event" });
      expect(message.data.marker).not.toBe(loaded);
      expect(message.data.marker).toBe(await dataAreasMarker(db, gala.event_id, helper.usr_id));

      // The helper's own roles change: the event's topic and the helper's own both bring a delta.
      await updateTeamRoles(gala.event_id, [helper.usr_id], { can_view_stats: true });
      await until(/event: delta\ndata: .*"seq":4.*\n\n/);
      expect(text).toMatch(/"seq":3,"type":"team"/);
      expect(text).toMatch(/"seq":4,"type":"user"/);
    } finally {
      abort.abort();
    }
  });
});
