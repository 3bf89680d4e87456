// The one rule for a typed day (app/forms/rules.ts, readCalendarDay): the report filters' From and To. A far date is
// refused with the range that is taken, a day the calendar lacks is named, and each message is one a person can act
// on (issue 34, item 9).
import { describe, expect, it } from "vitest";
import { CALENDAR_DAYS, readCalendarDay } from "~/forms/rules";

const message = (typed: string) => {
  const read = readCalendarDay(typed);
  return read.ok ? null : read.message;
};

describe("a typed day", () => {
  it("is read when it is a real day within the range", () => {
    expect(readCalendarDay("2026-03-14")).toEqual({ ok: true, day: { year: 2026, month: 3, day: 14 } });
    expect(readCalendarDay(CALENDAR_DAYS.first).ok).toBe(true);
    expect(readCalendarDay(CALENDAR_DAYS.last).ok).toBe(true);
    expect(readCalendarDay("2028-02-29").ok).toBe(true);
  });

  it("far in the past or the future is refused with the days that are taken", () => {
    for (const far of ["1899-12-31", "0001-01-01", "3000-01-01", "9999-12-31", "275760-09-13"])
      expect(message(far)).toBe("Choose days from 1900-01-01 to 2999-12-31.");
  });

  it("that the calendar lacks is named", () => {
    expect(message("2026-02-30")).toBe("There is no day 2026-02-30 on the calendar.");
    expect(message("2027-02-29")).toBe("There is no day 2027-02-29 on the calendar.");
    expect(message("2026-13-01")).toBe("There is no day 2026-13-01 on the calendar.");
  });

  it("in another shape asks for year-month-day", () => {
    for (const typed of ["14/03/2026", "2026-3-14", "tomorrow", "2026-03-14T00:00"])
      expect(message(typed)).toBe("Enter dates as year-month-day, e.g. 2026-03-14.");
  });
});
