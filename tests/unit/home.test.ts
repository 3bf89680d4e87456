import { describe, expect, it } from "vitest";
import { OWNER_ROLE, type RoleFlags } from "~/auth/permissions";
import { formatEventDates } from "~/home/event-dates";
import { roleSummary } from "~/home/role-summary";

const NO_ROLE = Object.fromEntries(Object.keys(OWNER_ROLE).map((flag) => [flag, false])) as RoleFlags;

describe("the home page's role summary", () => {
  it("names an owner", () => {
    expect(roleSummary(OWNER_ROLE)).toBe("Owner · every permission");
  });

  it("names an admin and lists a few permissions", () => {
    const admin = {
      ...NO_ROLE,
      is_team_member: true,
      can_configure_event: true,
      can_design: true,
      can_report: true,
      can_bill: true,
    };
    expect(roleSummary(admin)).toBe(
      "Admin · billing and checkout, configure the event (admin), design pages and branding and 1 more",
    );
  });

  it("names a team member with their permissions, or none", () => {
    expect(roleSummary({ ...NO_ROLE, is_team_member: true, can_check_in_out: true })).toBe(
      "Team member · check guests in and out",
    );
    expect(roleSummary({ ...NO_ROLE, is_team_member: true })).toBe("Team member · no permissions yet");
    expect(roleSummary({ ...NO_ROLE, can_bid: true })).toBe("Guest · bid for guests");
  });
});

describe("event dates on the home page", () => {
  it("show the start and end in the event's time zone", () => {
    const text = formatEventDates(
      new Date("2026-03-14T22:00:00Z"),
      new Date("2026-03-15T03:00:00Z"),
      "America/New_York",
    );
    expect(text).toMatch(/^Sat, Mar 14, 2026, 6:00\s–\s11:00\sPM EDT$/);
  });

  it("show the start alone without an end, and nothing without a start", () => {
    expect(formatEventDates(new Date("2026-03-14T18:00:00Z"), null, "UTC")).toMatch(
      /^Sat, Mar 14, 2026, 6:00\sPM UTC$/,
    );
    expect(formatEventDates(null, null, "UTC")).toBeNull();
  });
});
