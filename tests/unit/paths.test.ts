// The typed addresses of app/http/paths.ts: every entry is an address a route of the app answers (read from the
// route manifest the compiler builds, so a misspelt entry or a renamed route fails here), and the builder writes
// the addresses the hand-built strings wrote before, character for character, encoding what needs it.
import { describe, expect, it } from "vitest";
import { eventAddress, paths } from "~/http/paths";
import { appRoutes, routePath } from "../support/route-manifest";

/**
 * The pathnames the app's pages and resource routes answer: routes no other route nests in (a layout answers
 * nothing by itself). The catch-all ($.tsx) would answer any misspelling, so routes with a splat are left out.
 */
async function answeredPathnames(): Promise<Set<string>> {
  const routes = await appRoutes();
  const parents = new Set(routes.map((route) => route.parentId));
  return new Set(
    routes
      .filter((route) => !parents.has(route.id))
      .map((route) => routePath(routes, route.id, ":param", "*"))
      .filter((pathname) => !pathname.split("/").includes("*")),
  );
}

describe("paths", () => {
  it("has every entry at an address some route of the app answers", async () => {
    const answered = await answeredPathnames();
    const entries = Object.entries(paths);
    expect(entries.length).toBeGreaterThan(40);
    const unanswered = entries
      .map(([name, address]) => [name, new URL(address(12), "http://gavel.test").pathname] as const)
      .filter(([, pathname]) => !answered.has(pathname));
    expect(unanswered).toEqual([]);
  });

  it("puts the event first, as ?id=", () => {
    expect(paths.registrationRegistrants(12)).toBe("/admin/registration/registrants?id=12");
    expect(paths.live(12, { lot: 7 })).toBe("/live?id=12&lot=7");
    expect(paths.register(3, { guest: "a-b_c", saved: 1 })).toBe("/register?id=3&guest=a-b_c&saved=1");
    expect(paths.dp(3, { receipt: "41.abc-_def" })).toBe("/dp?id=3&receipt=41.abc-_def");
  });

  it("leaves out what is not given, and writes a flag by its name alone", () => {
    expect(paths.live(12, { lot: undefined })).toBe("/live?id=12");
    expect(paths.event(12, { draft: true })).toBe("/event?id=12&draft");
    expect(paths.event(12, { draft: false })).toBe("/event?id=12");
    expect(paths.auctionItemsLivePackages(undefined)).toBe("/admin/auction_items/live_packages");
    expect(eventAddress("", undefined)).toBe("");
    expect(eventAddress("", 12)).toBe("?id=12");
  });

  it("writes a list with commas, as the pages read it", () => {
    expect(paths.raffle(5, { bought: 2, numbers: [14, 15, 16] })).toBe("/raffle?id=5&bought=2&numbers=14,15,16");
  });

  it("encodes values that come from an address or a form", () => {
    expect(paths.setupBilling("12&x=1")).toBe("/admin/setup/billing?id=12%26x%3D1");
    expect(paths.register(3, { guest: "a b/c?d" })).toBe("/register?id=3&guest=a%20b%2Fc%3Fd");
  });
});
