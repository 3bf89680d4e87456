// What the access log writes of an address (issue 32, finding 5): the links that are credentials (an invoice's ?t=,
// which can charge a saved card, an order, a guest's personal link, a reset token, a Google sign-in's code) keep
// their path and their other parameters, and lose the secret.
import { describe, expect, it } from "vitest";
import { redactAddress } from "~/security/log-redaction";

describe("the access log's addresses", () => {
  it.each([
    ["/invoice?t=12.34.abcdefSIG", "/invoice?t=[redacted]"],
    ["/invoice?t=12.34.abcdefSIG&receipt=1", "/invoice?t=[redacted]&receipt=[redacted]"],
    ["/invoice?t=12.34.sig&paid_session=cs_test_123", "/invoice?t=[redacted]&paid_session=[redacted]"],
    ["/register?id=4&order=77.sig", "/register?id=4&order=[redacted]"],
    ["/register?id=4&guest=claimtoken&saved=1", "/register?id=4&guest=[redacted]&saved=1"],
    ["/register?id=4&session=cs_live_abc", "/register?id=4&session=[redacted]"],
    ["/dp?id=1&receipt=9.sig", "/dp?id=1&receipt=[redacted]"],
    ["/dp?id=1&card_session=cs_1", "/dp?id=1&card_session=[redacted]"],
    ["/auth/reset-password?token=abc", "/auth/reset-password?token=[redacted]"],
    ["/auth/finish-sign-up?token=abc&returnTo=%2F", "/auth/finish-sign-up?token=[redacted]&returnTo=%2F"],
    ["/teamsignup?invitation=tok", "/teamsignup?invitation=[redacted]"],
    ["/tax-statement?s=y2026.1.12.sig", "/tax-statement?s=[redacted]"],
    [
      "/auth/google/callback?code=4/0Ab&state=xyz&scope=email",
      "/auth/google/callback?code=[redacted]&state=[redacted]&scope=email",
    ],
    ["/admin/registration/checkinout?id=1&token=QRTOKEN", "/admin/registration/checkinout?id=1&token=[redacted]"],
    // Names in another case or escaped, and any name that says it holds a secret.
    ["/invoice?T=secret", "/invoice?T=[redacted]"],
    ["/invoice?%74=secret", "/invoice?%74=[redacted]"],
    [
      "/x?access_token=a&api_key=b&password=c&promo_code=d",
      "/x?access_token=[redacted]&api_key=[redacted]&password=[redacted]&promo_code=[redacted]",
    ],
    // A fragment never reaches the server, but is dropped if one is written.
    ["/invoice?t=abc#pay", "/invoice?t=[redacted]"],
  ])("%s is logged as %s", (address, logged) => {
    expect(redactAddress(address)).toBe(logged);
  });

  it.each([
    "/",
    "/inroombid?id=1&item=42",
    "/admin/bids/silentbids?id=3&q=napa",
    "/images/ab12cd.webp?w=640",
    "/auth/sign-in?returnTo=%2Fadmin",
  ])("%s is logged as it is", (address) => {
    expect(redactAddress(address)).toBe(address);
  });

  it("keeps a parameter without a value, and repeated parameters each redacted", () => {
    expect(redactAddress("/invoice?t&t=a&t=b")).toBe("/invoice?t&t=[redacted]&t=[redacted]");
  });
});
