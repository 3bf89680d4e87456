// Public pages typed without ?id (issue 33): the signed-in user's selected event, else the one public event running
// now (or the next), else a list to choose from; a monitor's address shows the event whose monitor is set up at it.
// Never a 404 for a path the product has; forms and live streams still need their event's address.
import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { saveMonitor } from "~/room-screens/monitors.server";
import * as dpRoute from "~/routes/dp";
import * as piRoute from "~/routes/pi";
import * as monitorRoute from "~/routes/woa2025monitor";
import { event, usr } from "~drizzle/schema";
import { testDatabase } from "../support/database";
import { makeEvent, makeUser, sessionCookie } from "../support/people";
import { call, makeRequest, type RouteFunction } from "../support/route-calls";

const { db } = testDatabase();
const HOUR = 60 * 60 * 1000;

/** A public event of its own that starts `startsIn` from now and lasts four hours. */
async function eventAt(startsIn: number) {
  const gala = await makeEvent(db);
  const start = new Date(Date.now() + startsIn);
  await db
    .update(event)
    .set({ start_date_time: start, end_date_time: new Date(start.getTime() + 4 * HOUR) })
    .where(eq(event.event_id, gala.event_id));
  return gala.event_id;
}

const open = (route: { loader: unknown }, path: string, cookie?: string) =>
  call(route.loader as RouteFunction, makeRequest(path, { cookie }));

describe(`public paths typed without ?id on ${process.env.TEST_DB_ENGINE}`, () => {
  // Each case decides which events are current: those of earlier cases are put away.
  beforeEach(async () => {
    await db
      .update(event)
      .set({ is_archived: true })
      .where(sql`true`);
  });

  it("go to the one public event running now, keeping the rest of the address", async () => {
    const running = await eventAt(-HOUR);
    await eventAt(2 * 24 * HOUR);
    expect(await open(piRoute, "/pi")).toMatchObject({ status: 302, location: `/pi?id=${running}` });
    expect(await open(dpRoute, "/dp?amount=50")).toMatchObject({
      status: 302,
      location: `/dp?amount=50&id=${running}`,
    });
  });

  it("go to the next event when none is running", async () => {
    const next = await eventAt(3 * HOUR);
    await eventAt(3 * 24 * HOUR);
    expect(await open(piRoute, "/pi")).toMatchObject({ status: 302, location: `/pi?id=${next}` });
  });

  it("go to the signed-in user's selected event first, as the spec says", async () => {
    await eventAt(-HOUR);
    const selected = await eventAt(5 * 24 * HOUR);
    const person = await makeUser(db);
    await db.update(usr).set({ selected_event: selected }).where(eq(usr.usr_id, person.usr_id));
    const cookie = await sessionCookie(person.usr_id);
    expect(await open(piRoute, "/pi", cookie)).toMatchObject({ status: 302, location: `/pi?id=${selected}` });
  });

  it("list the events to choose from when several are running, and say so when none is open", async () => {
    const first = await eventAt(-2 * HOUR);
    const second = await eventAt(-HOUR);
    const answer = await open(piRoute, "/pi");
    expect(answer.status).toBe(300);
    const choices = (await answer.response!.json()) as { choices: Array<{ href: string; title: string }> };
    expect(choices.choices.map((choice) => choice.href)).toEqual([`/pi?id=${first}`, `/pi?id=${second}`]);

    await db
      .update(event)
      .set({ is_archived: true })
      .where(sql`true`);
    const none = await open(piRoute, "/pi");
    expect(none.status).toBe(300);
    expect(await none.response!.json()).toEqual({ choices: [] });
  });

  it("a monitor's address shows the event whose monitor is set up at it, running or not", async () => {
    await eventAt(-HOUR);
    const withMonitor = await eventAt(30 * 24 * HOUR);
    await saveMonitor(withMonitor, {
      path: "woa2025monitor",
      title: "Main screen",
      panels: ["silent_items"],
      rotation_seconds: 12,
      items_per_page: 10,
    });
    expect(await open(monitorRoute, "/woa2025monitor")).toMatchObject({
      status: 302,
      location: `/woa2025monitor?id=${withMonitor}`,
    });
  });

  it("leave forms, live streams and a malformed ?id as they were", async () => {
    await eventAt(-HOUR);
    const post = await call(piRoute.action as RouteFunction, makeRequest("/pi", { form: { intent: "pledge" } }));
    expect(post.status).toBe(404);
    const stream = await call(
      piRoute.loader as RouteFunction,
      new Request("http://localhost:3000/pi", { headers: { Accept: "text/event-stream" } }),
    );
    expect(stream.status).toBe(404);
    expect((await open(piRoute, "/pi?id=abc")).status).toBe(404);
  });
});
