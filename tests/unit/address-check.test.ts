import { describe, expect, it } from "vitest";
import { hasNulInAddress } from "~/security/address-check";

describe("the address check", () => {
  it("finds a NUL character written anywhere in the address, in either case of its escape", () => {
    for (const url of ["/dp?slug=a%00b", "/event?id=1&slug=%00", "/give%00now", "/raffle?bought=1%00", "/x?%00=1"])
      expect(hasNulInAddress(url), url).toBe(true);
  });

  it("lets every other address through, the escaped text %00 included", () => {
    for (const url of ["/dp?slug=gala", "/inroombid?item=100&q=50%25", "/x?text=%2500", "/auth/code?returnTo=%2F"])
      expect(hasNulInAddress(url), url).toBe(false);
  });
});
