// The words of a bid's confirmation, which the server's review and the page's own review of a quick bid share, and
// the idempotency key the page makes, also on a plain-HTTP origin where the browser gives no crypto.randomUUID.
import { afterEach, describe, expect, it, vi } from "vitest";
import { bidSummary, newBidKey } from "~/bidding/bid-form";
import { formatMoney } from "~/ui/format";

const money = (cents: number) => formatMoney(cents, "USD");
const napa = { title: "Weekend in Napa", buyNow: 250_000 };

describe("a bid's confirmation", () => {
  it("says what is bid, the maximum, for whom, and on what", () => {
    const bid = { buyNow: false, amount: 15_000, maximum: null, paddle: null };
    expect(bidSummary(bid, napa, money)).toBe("Bid $150.00 on “Weekend in Napa”");
    expect(bidSummary({ ...bid, maximum: 30_000 }, napa, money)).toBe(
      "Bid $150.00 with a maximum of $300.00 on “Weekend in Napa”",
    );
    expect(bidSummary({ ...bid, amount: null, maximum: 30_000 }, napa, money)).toBe(
      "Set your maximum to $300.00 on “Weekend in Napa”",
    );
    expect(bidSummary({ ...bid, paddle: 112 }, napa, money)).toBe("Bid $150.00 for bidder 112 on “Weekend in Napa”");
    expect(bidSummary({ buyNow: true, amount: null, maximum: null, paddle: null }, napa, money)).toBe(
      "Buy now for $2,500.00 on “Weekend in Napa”",
    );
  });
});

describe("a bid's idempotency key", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("is a fresh random UUID, also where the browser has no crypto.randomUUID", () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(newBidKey()).toMatch(uuid);
    const realCrypto = globalThis.crypto;
    vi.stubGlobal("crypto", { getRandomValues: (bytes: Uint8Array) => realCrypto.getRandomValues(bytes) });
    const keys = new Set(Array.from({ length: 50 }, () => newBidKey()));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(uuid);
  });
});
