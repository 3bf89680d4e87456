// safeRedirect: where a sign-in link may send someone afterwards. Only paths of this site, whatever tricks the
// address carries (issue 19: "/%09/evil.example" got through; issue 32: "/.//evil.example", which the browser
// resolves to "//evil.example").
import { describe, expect, it } from "vitest";
import { safeRedirect } from "~/auth/safe-redirect";
import { REDIRECT_BYPASSES } from "../fixtures/redirect-bypasses";

describe("safeRedirect", () => {
  it.each([
    ["/admin/dashboard?id=3", "/admin/dashboard?id=3"],
    ["/pi?id=4&raise=2#give", "/pi?id=4&raise=2#give"],
    ["/inroombid?id=1&returnTo=%2Fevent", "/inroombid?id=1&returnTo=%2Fevent"],
  ])("keeps a path of the site: %s", (to, expected) => {
    expect(safeRedirect(to)).toBe(expected);
  });

  it.each(REDIRECT_BYPASSES)("sends %j to the fallback instead", (to) => {
    expect(safeRedirect(to, "/home")).toBe("/home");
  });

  it("takes only text", () => {
    expect(safeRedirect(null)).toBe("/");
    expect(safeRedirect(undefined)).toBe("/");
  });
});
