import { describe, expect, it } from "vitest";
import {
  clockTime,
  dayKey,
  formatInZone,
  isValidTimeZone,
  utcToZonedInput,
  wallClock,
  zonedInputToUtc,
} from "~/ui/zoned-time";
import { zonedDateTimeSchema } from "~/ui/zoned-time-schema";

const iso = (local: string, zone: string) => zonedInputToUtc(local, zone)?.toISOString() ?? null;

describe("zonedInputToUtc and utcToZonedInput", () => {
  it("read wall-clock time in the given zone, not the process's", () => {
    expect(iso("2027-03-14T19:00", "America/New_York")).toBe("2027-03-14T23:00:00.000Z"); // EDT, UTC-4
    expect(iso("2027-01-14T19:00", "America/New_York")).toBe("2027-01-15T00:00:00.000Z"); // EST, UTC-5
    expect(iso("2027-03-14T19:00", "Pacific/Auckland")).toBe("2027-03-14T06:00:00.000Z"); // NZDT, UTC+13
    expect(iso("2027-07-01T09:30", "Asia/Kolkata")).toBe("2027-07-01T04:00:00.000Z"); // IST, UTC+5:30
    expect(iso("2027-07-01T09:30", "Asia/Tokyo")).toBe("2027-07-01T00:30:00.000Z");
    expect(iso("2027-07-01T09:30", "UTC")).toBe("2027-07-01T09:30:00.000Z");
  });

  it("round-trip every quarter hour of a year's DST days in several zones", () => {
    const zones = [
      "America/New_York",
      "Europe/London",
      "Pacific/Auckland",
      "Australia/Lord_Howe",
      "Asia/Kolkata",
      "America/Sao_Paulo",
    ];
    for (const zone of zones) {
      for (
        let instant = Date.UTC(2027, 0, 1);
        instant < Date.UTC(2028, 0, 1);
        instant += 6 * 60 * 60 * 1000 + 15 * 60 * 1000
      ) {
        const date = new Date(instant - (instant % (15 * 60 * 1000)));
        const local = utcToZonedInput(date, zone);
        expect(local).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
        const back = zonedInputToUtc(local, zone)!;
        // An instant in the second pass of an overlap comes back as the first: same wall time, earlier instant.
        expect(utcToZonedInput(back, zone)).toBe(local);
        expect(back.getTime() === date.getTime() || back.getTime() === date.getTime() - 60 * 60 * 1000).toBe(true);
      }
    }
  });

  it("accepts ISO strings, optional seconds, and gives '' for nothing", () => {
    expect(utcToZonedInput("2027-03-14T23:00:00.000Z", "America/New_York")).toBe("2027-03-14T19:00");
    expect(utcToZonedInput(null, "America/New_York")).toBe("");
    expect(utcToZonedInput("not a date", "America/New_York")).toBe("");
    expect(iso("2027-03-14T19:00:30", "UTC")).toBe("2027-03-14T19:00:30.000Z");
  });

  describe("America/New_York", () => {
    it("has no 2:30 on the spring-forward night (14 March 2027): null", () => {
      expect(iso("2027-03-14T01:59", "America/New_York")).toBe("2027-03-14T06:59:00.000Z"); // EST
      expect(zonedInputToUtc("2027-03-14T02:00", "America/New_York")).toBeNull();
      expect(zonedInputToUtc("2027-03-14T02:30", "America/New_York")).toBeNull();
      expect(zonedInputToUtc("2027-03-14T02:59", "America/New_York")).toBeNull();
      expect(iso("2027-03-14T03:00", "America/New_York")).toBe("2027-03-14T07:00:00.000Z"); // EDT
    });

    it("takes the earlier 1:30 on the fall-back night (7 November 2027)", () => {
      expect(iso("2027-11-07T01:30", "America/New_York")).toBe("2027-11-07T05:30:00.000Z"); // EDT, not 06:30Z EST
      expect(iso("2027-11-07T00:59", "America/New_York")).toBe("2027-11-07T04:59:00.000Z");
      expect(iso("2027-11-07T02:00", "America/New_York")).toBe("2027-11-07T07:00:00.000Z"); // EST again
      expect(utcToZonedInput("2027-11-07T06:30:00Z", "America/New_York")).toBe("2027-11-07T01:30"); // the second 1:30
    });
  });

  describe("Europe/London", () => {
    it("has no 1:30 on the spring-forward night (28 March 2027): null", () => {
      expect(iso("2027-03-28T00:59", "Europe/London")).toBe("2027-03-28T00:59:00.000Z"); // GMT
      expect(zonedInputToUtc("2027-03-28T01:30", "Europe/London")).toBeNull();
      expect(iso("2027-03-28T02:00", "Europe/London")).toBe("2027-03-28T01:00:00.000Z"); // BST
    });

    it("takes the earlier 1:30 on the fall-back night (31 October 2027)", () => {
      expect(iso("2027-10-31T01:30", "Europe/London")).toBe("2027-10-31T00:30:00.000Z"); // BST, not 01:30Z GMT
      expect(iso("2027-10-31T02:00", "Europe/London")).toBe("2027-10-31T02:00:00.000Z");
    });
  });

  it("handles a skipped day (Samoa moved across the date line on 30 December 2011)", () => {
    expect(zonedInputToUtc("2011-12-30T12:00", "Pacific/Apia")).toBeNull();
    expect(iso("2011-12-31T12:00", "Pacific/Apia")).toBe("2011-12-30T22:00:00.000Z");
  });

  it("refuses malformed input and dates that do not exist", () => {
    for (const bad of [
      "",
      "2027-03-14",
      "2027-03-14 19:00",
      "2027-3-14T19:00",
      "14/03/2027 19:00",
      "2027-02-29T19:00",
      "2027-04-31T10:00",
      "2027-13-01T10:00",
      "2027-01-01T24:00",
      "2027-01-01T10:60",
      "2027-01-01T10:00Z",
      "2027-01-01T10:00+02:00",
      "nonsense",
    ]) {
      expect(zonedInputToUtc(bad, "America/New_York"), bad).toBeNull();
    }
    expect(iso("2028-02-29T10:00", "UTC")).toBe("2028-02-29T10:00:00.000Z"); // a leap day
  });

  it("throws for an unknown time zone (a bug, not bad input)", () => {
    expect(isValidTimeZone("America/New_York")).toBe(true);
    expect(isValidTimeZone("Mars/Olympus_Mons")).toBe(false);
    expect(isValidTimeZone("")).toBe(false);
    expect(() => zonedInputToUtc("2027-01-01T10:00", "Mars/Olympus_Mons")).toThrow(RangeError);
    expect(() => utcToZonedInput(new Date(), "")).toThrow(RangeError);
  });
});

describe("formatInZone", () => {
  it("shows the time in the zone with its abbreviation", () => {
    expect(formatInZone("2027-03-14T23:00:00Z", "America/New_York")).toBe("Sun, 14 Mar 2027, 7:00 PM EDT");
    expect(formatInZone("2027-01-14T23:00:00Z", "America/New_York")).toBe("Thu, 14 Jan 2027, 6:00 PM EST");
    expect(formatInZone("2027-03-14T06:00:00Z", "Pacific/Auckland")).toBe("Sun, 14 Mar 2027, 7:00 PM NZDT");
    expect(formatInZone("2027-07-01T18:00:00Z", "Europe/London")).toBe("Thu, 1 Jul 2027, 7:00 PM BST");
    expect(formatInZone(new Date("2027-07-01T10:00:00Z"), "Asia/Tokyo", "time")).toBe("7:00 PM JST");
    expect(formatInZone("2027-07-01T10:00:00Z", "Asia/Tokyo", "date")).toBe("Thu, 1 Jul 2027");
    expect(formatInZone("2027-03-14T06:00:00Z", "Pacific/Auckland", "long")).toBe(
      "Sunday, 14 March 2027 at 7:00 PM NZDT",
    );
    expect(formatInZone("2027-03-14T23:05:09Z", "America/New_York", "stamp")).toBe("Sun 14 Mar, 7:05:09 PM EDT");
    expect(formatInZone(null, "UTC")).toBe("");
  });

  it("reads midnight and noon on the 12-hour clock, and pads the year of a form's field", () => {
    expect(formatInZone("2027-07-01T00:00:00Z", "UTC", "time")).toBe("12:00 AM UTC");
    expect(formatInZone("2027-07-01T12:05:00Z", "UTC", "time")).toBe("12:05 PM UTC");
    expect(utcToZonedInput("0999-01-02T03:04:00Z", "UTC")).toBe("0999-01-02T03:04");
  });

  it("gives the wall clock's seconds and a day key across the date line", () => {
    const wall = wallClock(new Date("2027-03-14T10:59:09Z"), "Pacific/Auckland");
    expect(clockTime(wall, { seconds: true })).toBe("11:59:09 PM");
    expect(dayKey(wall)).toBe("2027-03-14");
    expect(dayKey(wallClock(new Date("2027-03-14T11:00:00Z"), "Pacific/Auckland"))).toBe("2027-03-15");
  });

  it("falls back to the offset where English has no abbreviation", () => {
    expect(formatInZone("2027-07-01T10:00:00Z", "Asia/Bangkok", "time")).toBe("5:00 PM GMT+7");
  });
});

describe("zonedDateTimeSchema", () => {
  const schema = zonedDateTimeSchema("America/New_York", { required: "Choose when it starts." });

  it("gives the instant, or null for an optional empty field", () => {
    expect(schema.parse("2027-03-14T19:00")).toEqual(new Date("2027-03-14T23:00:00Z"));
    expect(zonedDateTimeSchema("America/New_York").parse(" ")).toBeNull();
  });

  it("explains what is wrong", () => {
    expect(schema.safeParse("").error?.issues[0]?.message).toBe("Choose when it starts.");
    expect(schema.safeParse("14 March").error?.issues[0]?.message).toBe(
      "Enter a date and time, such as 14 Mar 2027, 7:00 PM.",
    );
    expect(schema.safeParse("2027-03-14T02:30").error?.issues[0]?.message).toMatch(
      /does not happen in America\/New_York/,
    );
  });
});
