import { describe, expect, it } from "vitest";
import { itemsPage, monitorSchema, nextClose, type MonitorItem } from "~/room-screens/monitors";
import { clockTime, timeLeft } from "~/room-screens/ui/monitor-panels";

const item = (id: number, closesAt: string | null): MonitorItem => ({
  id,
  lot: id,
  title: `Item ${id}`,
  image: null,
  currentBid: null,
  nextMinimum: 100,
  bidCount: 0,
  closesAt,
});

describe("a monitor's pages of items", () => {
  it("turns page by page and wraps round", () => {
    const items = Array.from({ length: 23 }, (_, i) => i);
    expect(itemsPage(items, 10, 0)).toEqual({ page: 0, pages: 3, items: items.slice(0, 10) });
    expect(itemsPage(items, 10, 2).items).toEqual([20, 21, 22]);
    expect(itemsPage(items, 10, 3).page).toBe(0);
    expect(itemsPage([], 10, 5)).toEqual({ page: 0, pages: 1, items: [] });
  });
});

describe("the next close", () => {
  it("is the soonest close still ahead", () => {
    const now = Date.parse("2026-12-19T20:00:00Z");
    const items = [
      item(1, "2026-12-19T19:59:00Z"),
      item(2, "2026-12-19T21:00:00Z"),
      item(3, null),
      item(4, "2026-12-19T20:30:00Z"),
    ];
    expect(nextClose(items, now)).toBe("2026-12-19T20:30:00Z");
    expect(nextClose([item(1, "2026-12-19T19:00:00Z")], now)).toBeNull();
  });
});

describe("time left on a projector", () => {
  const zone = "America/New_York";
  const now = Date.parse("2026-12-19T23:00:00Z"); // 6:00 PM in New York
  it("counts down within three hours, on the server's clock", () => {
    expect(timeLeft("2026-12-19T23:04:09Z", now, zone)).toBe("4:09");
    expect(timeLeft("2026-12-20T00:05:09Z", now, zone)).toBe("1:05:09");
    expect(timeLeft("2026-12-19T22:59:00Z", now, zone)).toBe("Closing");
  });
  it("gives the clock time further off, with the day when it is not today", () => {
    expect(timeLeft("2026-12-20T02:30:00Z", now, zone)).toBe("9:30 PM");
    expect(clockTime("2026-12-21T02:30:00Z", now, zone)).toBe("Sun 9:30 PM");
  });
});

describe("a monitor's settings", () => {
  it("refuses no panels and a pace out of range, each with its message", () => {
    const read = monitorSchema.safeParse({
      path: "woa2025monitor",
      title: "Gala",
      rotation_seconds: "2",
      items_per_page: "10",
    });
    expect(read.success).toBe(false);
    const messages = read.error!.issues.map((issue) => [issue.path.join("."), issue.message]);
    expect(messages).toContainEqual(["panels", "Choose at least one panel to show."]);
    expect(messages).toContainEqual(["rotation_seconds", "Enter seconds from 4 to 120."]);
  });
  it("reads a whole form", () => {
    expect(
      monitorSchema.parse({
        path: "lun2025monitor",
        title: " Reading Room ",
        panels: ["totals", "paddle_raise"],
        rotation_seconds: "15",
        items_per_page: "8",
      }),
    ).toEqual({
      path: "lun2025monitor",
      title: "Reading Room",
      panels: ["totals", "paddle_raise"],
      rotation_seconds: 15,
      items_per_page: 8,
    });
  });
});
