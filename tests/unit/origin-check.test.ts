import { describe, expect, it } from "vitest";
import { isCrossOriginMutation } from "~/security/origin-check";

function request(method: string, headers: Record<string, string>) {
  const lowerCase = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  return { method, header: (name: string) => lowerCase[name.toLowerCase()] };
}

describe("the cross-origin check", () => {
  it.each(["POST", "PUT", "PATCH", "DELETE", "post"])("refuses a %s from another site's page", (method) => {
    expect(isCrossOriginMutation(request(method, { Host: "gavel.example.org", Origin: "https://evil.example" }))).toBe(
      true,
    );
  });

  it("lets the app's own pages post, whatever the scheme (a proxy may end TLS)", () => {
    expect(
      isCrossOriginMutation(request("POST", { Host: "gavel.example.org", Origin: "https://gavel.example.org" })),
    ).toBe(false);
    expect(isCrossOriginMutation(request("POST", { Host: "127.0.0.1:3000", Origin: "http://127.0.0.1:3000" }))).toBe(
      false,
    );
  });

  it("compares the port too", () => {
    expect(isCrossOriginMutation(request("POST", { Host: "127.0.0.1:3000", Origin: "http://127.0.0.1:4000" }))).toBe(
      true,
    );
  });

  it("accepts the host a proxy forwarded", () => {
    const viaProxy = { Host: "app:3000", "X-Forwarded-Host": "gavel.example.org", Origin: "https://gavel.example.org" };
    expect(isCrossOriginMutation(request("POST", viaProxy))).toBe(false);
  });

  it("refuses a sibling subdomain", () => {
    expect(
      isCrossOriginMutation(request("POST", { Host: "gavel.example.org", Origin: "https://gala.gavel.example.org" })),
    ).toBe(true);
  });

  it('refuses Origin "null", other schemes and garbage', () => {
    for (const origin of ["null", "file:///tmp/x.html", "not a url"]) {
      expect(isCrossOriginMutation(request("POST", { Host: "gavel.example.org", Origin: origin }))).toBe(true);
    }
  });

  it('takes Origin "null" from the app\'s own no-referrer page (Sec-Fetch-Site same-origin), and nothing else', () => {
    const post = (site?: string) =>
      isCrossOriginMutation(
        request("POST", { Host: "gavel.example.org", Origin: "null", ...(site ? { "Sec-Fetch-Site": site } : {}) }),
      );
    expect(post("same-origin")).toBe(false);
    for (const site of ["same-site", "cross-site", "none", undefined]) expect(post(site)).toBe(true);
  });

  it("without Origin, refuses only what the browser marks cross-site", () => {
    expect(isCrossOriginMutation(request("POST", { Host: "gavel.example.org", "Sec-Fetch-Site": "cross-site" }))).toBe(
      true,
    );
    for (const site of ["same-origin", "same-site", "none"]) {
      expect(isCrossOriginMutation(request("POST", { Host: "gavel.example.org", "Sec-Fetch-Site": site }))).toBe(false);
    }
    expect(isCrossOriginMutation(request("POST", { Host: "gavel.example.org" }))).toBe(false);
  });

  it("never refuses reading", () => {
    for (const method of ["GET", "HEAD", "OPTIONS"]) {
      expect(
        isCrossOriginMutation(request(method, { Host: "gavel.example.org", Origin: "https://evil.example" })),
      ).toBe(false);
    }
  });
});
