// safeRedirect: where a sign-in link may send someone afterwards. Only paths of this site, whatever tricks the
// address carries (issue 19: "/%09/evil.example" got through).
import { describe, expect, it } from "vitest";
import { safeRedirect } from "~/auth/safe-redirect";

describe("safeRedirect", () => {
  it.each([
    ["/admin/dashboard?id=3", "/admin/dashboard?id=3"],
    ["/pi?id=4&raise=2#give", "/pi?id=4&raise=2#give"],
    ["/inroombid?id=1&returnTo=%2Fevent", "/inroombid?id=1&returnTo=%2Fevent"],
  ])("keeps a path of the site: %s", (to, expected) => {
    expect(safeRedirect(to)).toBe(expected);
  });

  it.each([
    "//evil.example",
    "/\\evil.example",
    "/%09/evil.example",
    "/%0a/evil.example",
    "/%0D%0A/evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/%5Cevil.example",
    "/%2F/evil.example",
    "/%2f%2fevil.example",
    "https://evil.example",
    "javascript:alert(1)",
    "evil.example",
    "/%E0%A4%A",
    "",
  ])("sends %j to the fallback instead", (to) => {
    expect(safeRedirect(to, "/home")).toBe("/home");
  });

  it("takes only text", () => {
    expect(safeRedirect(null)).toBe("/");
    expect(safeRedirect(undefined)).toBe("/");
  });
});
