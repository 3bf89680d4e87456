// The monitors' feed: however many screens follow an event, each change is read once per process and the same
// reading goes to all of them; a burst of changes is read a few times, not once per change; the feed closes with
// its last screen; and the public addresses answer only where staff set a monitor up.
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { eventTopic } from "~/bidding/bid-messages.server";
import { publish } from "~/realtime/bus.server";
import { followMonitorState, openFeedCount, type MonitorReading } from "~/room-screens/monitor-feed.server";
import { monitorPage, monitorPageStream } from "~/room-screens/monitor-page.server";
import { defaultMonitor, type MonitorState } from "~/room-screens/monitors";
import { removeMonitor, saveMonitor } from "~/room-screens/monitors.server";
import { monitor } from "~drizzle/schema";
import { testDatabase } from "../support/database";
import { makeEvent } from "../support/people";

const connection = testDatabase();
const { db } = connection;

const leaving: Array<() => void> = [];
afterEach(() => {
  leaving.splice(0).forEach((leave) => leave());
});

async function follow(eventId: number, screens: number) {
  const received: MonitorReading[][] = [];
  const firsts: MonitorReading[] = [];
  for (let screen = 0; screen < screens; screen++) {
    const mine: MonitorReading[] = [];
    received.push(mine);
    const { reading, leave } = await followMonitorState(db, connection, eventId, (next) => mine.push(next));
    firsts.push(reading);
    leaving.push(leave);
  }
  return { received, firsts };
}

const change = (eventId: number) =>
  db.transaction((tx) => publish(tx, { topic: eventTopic(eventId), type: "bid", data: { id: 1 } }));

const state = (reading: MonitorReading) => JSON.parse(reading.json) as MonitorState;

describe("the monitors' feed", () => {
  it("reads each change once for every screen of the event", async () => {
    const gala = await makeEvent(db);
    await saveMonitor(gala.event_id, defaultMonitor("woa2025monitor", "Gala"));
    const { received, firsts } = await follow(gala.event_id, 200);
    expect(new Set(firsts).size).toBe(1);
    expect(state(firsts[0]).monitors.woa2025monitor?.title).toBe("Gala");
    expect(openFeedCount()).toBeGreaterThanOrEqual(1);

    await change(gala.event_id);
    await expect.poll(() => received.every((mine) => mine.length === 1)).toBe(true);
    // One reading, the same object for all: made once, sent 200 times.
    expect(new Set(received.map((mine) => mine[0])).size).toBe(1);
  });

  it("reads a burst of changes a few times, the last one after the burst", async () => {
    const gala = await makeEvent(db);
    await saveMonitor(gala.event_id, defaultMonitor("woa2025monitor", "Gala"));
    const { received } = await follow(gala.event_id, 3);
    for (let i = 0; i < 30; i++) await change(gala.event_id);
    await saveMonitor(gala.event_id, { ...defaultMonitor("woa2025monitor", "Gala"), title: "After the burst" });
    await expect
      .poll(() => received[0].at(-1) && state(received[0].at(-1)!).monitors.woa2025monitor?.title)
      .toBe("After the burst");
    expect(received[0].length).toBeLessThan(31);
    expect(received[1]).toEqual(received[0]);
  });

  it("closes with its last screen", async () => {
    const gala = await makeEvent(db);
    const before = openFeedCount();
    const { leave } = await followMonitorState(db, connection, gala.event_id, () => {});
    expect(openFeedCount()).toBe(before + 1);
    leave();
    expect(openFeedCount()).toBe(before);
  });
});

describe("the public monitor addresses", () => {
  it("answer 404 until a monitor is set up there, and again once it is taken down", async () => {
    const gala = await makeEvent(db);
    const request = (path: string) => new Request(`http://localhost/${path}?id=${gala.event_id}`);
    const status = (promise: Promise<unknown>) =>
      promise.then(
        () => 200,
        (response: Response) => response.status,
      );
    expect(await status(monitorPage(request("woa2025monitor"), "woa2025monitor"))).toBe(404);
    expect(await status(monitorPageStream(request("woa2025monitor/stream"), "woa2025monitor"))).toBe(404);

    await saveMonitor(gala.event_id, defaultMonitor("woa2025monitor", "Gala"));
    const page = await monitorPage(request("woa2025monitor"), "woa2025monitor");
    expect(page.state.monitors.woa2025monitor?.panels).toContain("silent_items");
    expect(page.streamUrl).toBe(`/woa2025monitor/stream?id=${gala.event_id}`);
    expect(await status(monitorPage(request("lun2025monitor"), "lun2025monitor"))).toBe(404);

    await removeMonitor(gala.event_id, "woa2025monitor");
    expect(await status(monitorPage(request("woa2025monitor"), "woa2025monitor"))).toBe(404);
    expect(await db.select().from(monitor).where(eq(monitor.event_id, gala.event_id))).toEqual([]);
  });
});
