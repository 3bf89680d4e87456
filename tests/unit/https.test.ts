// Answers over HTTPS: every cookie gets the Secure attribute once, whatever set it (issue 32, finding 7).
import { describe, expect, it } from "vitest";
import { STRICT_TRANSPORT_SECURITY, withSecureAttribute } from "~/security/https";

describe("answers over HTTPS", () => {
  it("marks each cookie Secure once", () => {
    expect(
      withSecureAttribute([
        "gavel_session=abc; Path=/; HttpOnly; SameSite=Lax",
        "gavel_toast=; Path=/; Secure; HttpOnly",
        "gavel_device=x; Path=/; secure",
      ]),
    ).toEqual([
      "gavel_session=abc; Path=/; HttpOnly; SameSite=Lax; Secure",
      "gavel_toast=; Path=/; Secure; HttpOnly",
      "gavel_device=x; Path=/; secure",
    ]);
    expect(withSecureAttribute("a=1")).toEqual(["a=1; Secure"]);
    // A value that merely contains the word is not taken for the attribute.
    expect(withSecureAttribute("note=secure; Path=/")).toEqual(["note=secure; Path=/; Secure"]);
  });

  it("asks browsers to keep to HTTPS for months, subdomains included", () => {
    expect(STRICT_TRANSPORT_SECURITY).toMatch(/^max-age=\d{7,}; includeSubDomains$/);
  });
});
