// The access table (app/auth/route-access.ts): how a rule reads a role, and that docs/permissions.md says the same.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { OWNER_ROLE } from "~/auth/permissions";
import { ADMIN_ROUTE_ACCESS, mayOpen, ruleAllows } from "~/auth/route-access";

describe("ruleAllows", () => {
  it("lets any team member through a team rule, and nobody off the team", () => {
    expect(ruleAllows("team", { is_team_member: true })).toBe(true);
    expect(ruleAllows("team", { is_team_member: false, can_bid: true })).toBe(false);
    expect(ruleAllows("team", undefined)).toBe(false);
  });

  it("needs both the team and the permission for a permission rule", () => {
    expect(ruleAllows("can_register", { is_team_member: true, can_register: true })).toBe(true);
    expect(ruleAllows("can_register", { is_team_member: true, can_register: false })).toBe(false);
    expect(ruleAllows("can_register", { ...OWNER_ROLE, is_team_member: false })).toBe(false);
  });

  it("never opens a route missing from the table", () => {
    expect(mayOpen("routes/admin._workspace.bids.not_in_the_table", OWNER_ROLE)).toBe(false);
    expect(mayOpen("routes/admin._workspace.setup.team", OWNER_ROLE)).toBe(true);
  });
});

describe("docs/permissions.md", () => {
  // Rows of its "Routes that exist" table: | path | `route id` | loader | action |
  const documented = new Map(
    [
      ...readFileSync("docs/permissions.md", "utf8").matchAll(/^\|[^|]*\| `(routes\/[^`]+)` \|([^|]*)\|([^|]*)\|$/gm),
    ].map(([, id, loader, action]) => [id, { loader: ruleIn(loader), action: ruleIn(action) }]),
  );

  it("lists every route of the access table, with the same rules", () => {
    const table = Object.fromEntries(
      Object.entries(ADMIN_ROUTE_ACCESS).map(([id, access]) => [id, { loader: access.loader, action: access.action }]),
    );
    expect(Object.fromEntries(documented)).toEqual(table);
  });
});

/** The rule a cell states before its explanation: one word, or several joined by "or" (any one of them will do). */
function ruleIn(cell: string): string | string[] | undefined {
  const words = cell.trim().split(" (")[0].trim();
  if (!words) return undefined;
  const anyOf = words.split(/\s+or\s+/);
  return anyOf.length > 1 ? anyOf : anyOf[0].split(/\s/)[0];
}
