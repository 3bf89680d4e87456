// The silent and virtual auction setup form's rules (app/events/auction-settings.ts): reading the posted wall
// times in the event's zone, checking them against each other, filling staggered closes, and the summary.
import { describe, expect, it } from "vitest";
import {
  auctionSettingsFields,
  describeAuctionRules,
  settingsFieldNames,
  staggeredClosesFields,
} from "~/events/auction-settings";
import type { z } from "zod";

/** A form's fields read with its schema: the value, or the messages by field. */
function read<Schema extends z.ZodTypeAny>(schema: Schema, values: Record<string, string>) {
  const parsed = schema.safeParse(values);
  return parsed.success
    ? { ok: true as const, value: parsed.data as z.output<Schema> }
    : { ok: false as const, errors: parsed.error.flatten().fieldErrors as Record<string, string[] | undefined> };
}

/** The settings form ("save") of these categories. */
function parseAuctionSettings(values: Record<string, string>, timeZone: string, categoryIds: number[]) {
  const result = read(auctionSettingsFields(timeZone, categoryIds), values);
  return result.ok ? { ok: true as const, settings: result.value } : result;
}

/** The staggered-closing helper ("fill") for these categories. */
function staggeredCloses(first: string, gap: string, categoryIds: number[], timeZone: string) {
  const result = read(staggeredClosesFields(timeZone, categoryIds), { first_close: first, close_gap_minutes: gap });
  return result.ok ? { ok: true as const, closes: result.value } : result;
}

const ZONE = "America/New_York"; // EDT in March 2027: UTC-4
const valid = {
  start_date_time: "2027-03-14T18:00",
  end_date_time: "2027-03-14T21:00",
  soft_close_minutes: "2",
  hard_end_date_time: "2027-03-14T21:30",
  is_auto_bid: "on",
  increment_policy: "item",
  increment_percent: "5",
  close_7: "2027-03-14T20:30",
  close_9: "",
};

const parse = (changes: Record<string, string> = {}) => parseAuctionSettings({ ...valid, ...changes }, ZONE, [7, 9]);
const errorsOf = (changes: Record<string, string>) => {
  const result = parse(changes);
  if (result.ok) throw new Error("expected the form to be refused");
  return result.errors;
};

describe("parseAuctionSettings", () => {
  it("turns the event's wall times into instants and keeps only the categories given a time", () => {
    const result = parse();
    expect(result).toEqual({
      ok: true,
      settings: {
        start_date_time: new Date("2027-03-14T22:00:00Z"),
        end_date_time: new Date("2027-03-15T01:00:00Z"),
        soft_close_minutes: 2,
        hard_end_date_time: new Date("2027-03-15T01:30:00Z"),
        is_auto_bid: true,
        increment_policy: "item",
        increment_percent: 5,
        category_closes: [{ category_id: 7, end_date_time: new Date("2027-03-15T00:30:00Z") }],
      },
    });
  });

  it("reads the times in the event's zone, not the server's", () => {
    const result = parseAuctionSettings({ ...valid, close_7: "" }, "Pacific/Auckland", [7]);
    expect(result.ok && result.settings.start_date_time?.toISOString()).toBe("2027-03-14T05:00:00.000Z");
  });

  it("allows everything empty: open at once, no end, no hard end", () => {
    const result = parse({
      start_date_time: "",
      end_date_time: "",
      hard_end_date_time: "",
      close_7: "",
      soft_close_minutes: "0",
    });
    expect(result.ok && result.settings).toMatchObject({
      start_date_time: null,
      end_date_time: null,
      hard_end_date_time: null,
      soft_close_minutes: 0,
      category_closes: [],
    });
  });

  it("reads an unticked proxy box as off", () => {
    const { is_auto_bid: _unticked, ...rest } = valid;
    const result = parseAuctionSettings(rest, ZONE, [7, 9]);
    expect(result.ok && result.settings.is_auto_bid).toBe(false);
  });

  it("refuses an end at or before the start", () => {
    expect(errorsOf({ end_date_time: "2027-03-14T18:00" }).end_date_time).toEqual([
      "Bidding must end after it starts (Sun, 14 Mar 2027, 6:00 PM EDT).",
    ]);
    expect(errorsOf({ end_date_time: "2027-03-14T17:00" }).end_date_time).toHaveLength(1);
  });

  it("refuses a hard end before the end, and accepts one equal to it", () => {
    expect(errorsOf({ hard_end_date_time: "2027-03-14T20:59" }).hard_end_date_time).toEqual([
      "The hard end must be at or after the end of bidding (Sun, 14 Mar 2027, 9:00 PM EDT).",
    ]);
    expect(parse({ hard_end_date_time: "2027-03-14T21:00" }).ok).toBe(true);
  });

  it("refuses a hard end without an end", () => {
    expect(errorsOf({ end_date_time: "" }).hard_end_date_time?.[0]).toMatch(/^Set when bidding ends first/);
  });

  it("refuses a category closing at or before the start, or after the hard end; at the hard end is fine", () => {
    expect(errorsOf({ close_7: "2027-03-14T18:00" }).close_7?.[0]).toMatch(/^Close this category after bidding starts/);
    expect(errorsOf({ close_9: "2027-03-14T21:31" }).close_9).toEqual([
      "Close this category by the hard end (Sun, 14 Mar 2027, 9:30 PM EDT): no item can stay open past it.",
    ]);
    expect(parse({ close_9: "2027-03-14T21:30" }).ok).toBe(true);
  });

  it("lets a category close after the end when there is no hard end", () => {
    const result = parse({ hard_end_date_time: "", close_7: "2027-03-14T22:00" });
    expect(result.ok).toBe(true);
  });

  it("refuses soft close minutes that are not whole, negative or above an hour", () => {
    for (const bad of ["-1", "2.5", "61", "", "two"]) {
      expect(errorsOf({ soft_close_minutes: bad }).soft_close_minutes, bad).toEqual([
        "Enter whole minutes from 0 (no soft close) to 60.",
      ]);
    }
    expect(parse({ soft_close_minutes: "60" }).ok).toBe(true);
  });

  it("needs a percentage from 1 to 50 with the percent policy; with the item policy a bad one is ignored", () => {
    for (const bad of ["0", "51", "", "7.5"]) {
      expect(errorsOf({ increment_policy: "percent", increment_percent: bad }).increment_percent, bad).toEqual([
        "Enter a whole percentage from 1 to 50.",
      ]);
    }
    const percent = parse({ increment_policy: "percent", increment_percent: "50" });
    expect(percent.ok && percent.settings).toMatchObject({ increment_policy: "percent", increment_percent: 50 });
    const item = parse({ increment_policy: "item", increment_percent: "" });
    expect(item.ok && item.settings).toMatchObject({ increment_policy: "item", increment_percent: null });
    expect(errorsOf({ increment_policy: "bogus" }).increment_policy).toEqual(["Choose how much each bid must go up."]);
  });

  it("names a time that does not exist in the zone and a malformed one", () => {
    // Clocks in New York go from 2:00 to 3:00 AM on 14 March 2027.
    expect(errorsOf({ start_date_time: "2027-03-14T02:30" }).start_date_time?.[0]).toMatch(
      /does not happen in America\/New_York/,
    );
    expect(errorsOf({ end_date_time: "tomorrow" }).end_date_time?.[0]).toMatch(/^Enter a date and time/);
  });

  it("reports every problem at once", () => {
    const errors = errorsOf({
      end_date_time: "2027-03-14T17:00",
      soft_close_minutes: "99",
      close_7: "2027-03-14T23:00",
    });
    expect(Object.keys(errors).sort()).toEqual(["close_7", "end_date_time", "soft_close_minutes"]);
  });
});

describe("staggeredCloses", () => {
  it("fills the categories from the first time, a gap apart, as wall times", () => {
    expect(staggeredCloses("2027-03-14T20:30", "10", [3, 1, 2], ZONE)).toEqual({
      ok: true,
      closes: { close_3: "2027-03-14T20:30", close_1: "2027-03-14T20:40", close_2: "2027-03-14T20:50" },
    });
  });

  it("crosses midnight and a daylight-saving change by real minutes", () => {
    // 1:50 AM EST + 15 minutes is 3:05 AM EDT on 14 March 2027 (2:00 AM never happens).
    expect(staggeredCloses("2027-03-14T01:50", "15", [1, 2], ZONE)).toEqual({
      ok: true,
      closes: { close_1: "2027-03-14T01:50", close_2: "2027-03-14T03:05" },
    });
    expect(staggeredCloses("2027-03-13T23:55", "15", [1, 2], ZONE)).toMatchObject({
      closes: { close_2: "2027-03-14T00:10" },
    });
  });

  it("refuses a missing first time, a gap out of range, and nothing to fill", () => {
    const refused = staggeredCloses("", "0", [1], ZONE);
    expect(refused).toEqual({
      ok: false,
      errors: {
        first_close: ["Enter when the first category closes."],
        close_gap_minutes: ["Enter whole minutes from 1 to 120, such as 10 or 15."],
      },
    });
    expect(staggeredCloses("2027-03-14T20:30", "10", [], ZONE)).toMatchObject({
      ok: false,
      errors: { first_close: [expect.stringMatching(/no categories/)] },
    });
  });
});

describe("describeAuctionRules", () => {
  const rules = {
    start_date_time: "2027-03-14T22:00:00Z",
    end_date_time: "2027-03-15T01:00:00Z",
    soft_close_minutes: 2,
    hard_end_date_time: "2027-03-15T01:30:00Z",
    is_auto_bid: true,
    increment_policy: "item",
    increment_percent: 5,
    category_closes: [
      { title: "Travel", end_date_time: "2027-03-15T00:45:00Z" },
      { title: "Art", end_date_time: "2027-03-15T00:30:00Z" },
    ],
  };

  it("says the window, the staggered closes in order, the soft close with its hard end, proxy and increments", () => {
    expect(describeAuctionRules(rules, ZONE)).toEqual([
      "Bidding opens Sun, 14 Mar 2027, 6:00 PM EDT and ends Sun, 14 Mar 2027, 9:00 PM EDT.",
      "Categories close one after another: Art at 8:30 PM EDT, Travel at 8:45 PM EDT. Items of other categories close with the auction.",
      "A bid in the last 2 minutes extends the item to 2 minutes after that bid, never past Sun, 14 Mar 2027, 9:30 PM EDT.",
      "Bidders may leave a maximum bid: Gavel then bids for them only as much as needed to stay ahead.",
      "Each bid must beat the current bid by the item's own increment (1 where an item has none).",
    ]);
  });

  it("says when soft close is off, there is no hard end, proxy is off, and the percent policy", () => {
    const off = describeAuctionRules(
      { ...rules, soft_close_minutes: 0, is_auto_bid: false, increment_policy: "percent", increment_percent: 7 },
      ZONE,
    );
    expect(off).toContain("No soft close: items close on time, whatever bids arrive at the last moment.");
    expect(off).toContain("Maximum bids are off: each bid is placed as entered.");
    expect(off).toContain(
      "Each bid must beat the current bid by 7% of it, rounded up to whole units, and at least by the item's own increment.",
    );
    const open = describeAuctionRules(
      {
        ...rules,
        soft_close_minutes: 1,
        hard_end_date_time: null,
        start_date_time: null,
        end_date_time: null,
        category_closes: [],
      },
      ZONE,
    );
    expect(open[0]).toBe(
      "No times are set: bidding is open as soon as items are published, until items are closed by hand.",
    );
    expect(open[1]).toMatch(
      /^A bid in the last 1 minute extends the item to 1 minute after that bid\. There is no hard end/,
    );
  });
});

describe("settingsFieldNames", () => {
  it("names one closing-time field per category", () => {
    expect(settingsFieldNames([4, 5]).slice(-2)).toEqual(["close_4", "close_5"]);
  });
});
