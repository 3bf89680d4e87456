import { describe, expect, it } from "vitest";
import { publicOriginOf } from "~/security/request";

describe("the origin put in emailed links", () => {
  it("is the request's own when it is addressed to APP_HOST, on any port when APP_HOST names none", () => {
    expect(publicOriginOf("https://gavel.example.org/auth/sign-up", "gavel.example.org")).toBe(
      "https://gavel.example.org",
    );
    expect(publicOriginOf("http://gavel.example.org:8080/x", "gavel.example.org")).toBe(
      "http://gavel.example.org:8080",
    );
  });

  it("is the request's own on a loopback address (development, tests)", () => {
    expect(publicOriginOf("http://127.0.0.1:41234/x", "localhost")).toBe("http://127.0.0.1:41234");
    expect(publicOriginOf("http://localhost:3000/x", "gavel.example.org")).toBe("http://localhost:3000");
    expect(publicOriginOf("http://[::1]:3000/x", "gavel.example.org")).toBe("http://[::1]:3000");
  });

  it("is APP_HOST when the Host header named another site", () => {
    expect(publicOriginOf("https://evil.example/auth/forgot-password", "gavel.example.org")).toBe(
      "https://gavel.example.org",
    );
    expect(publicOriginOf("http://gavel.example.org:9999/x", "gavel.example.org:3000")).toBe(
      "http://gavel.example.org:3000",
    );
  });
});
