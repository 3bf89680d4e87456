import { describe, expect, it } from "vitest";
import { minimumBids, pdfText } from "~/catalogue/print.server";

describe("printed text", () => {
  it("keeps Western European text, simplifies typographic marks and accents it lacks", () => {
    expect(pdfText("Café “Zoë” – naïve… 20 €")).toBe("Café “Zoë” – naïve… 20 €");
    expect(pdfText("Łódź Dvořák")).toBe("Lódz Dvorák");
    expect(pdfText("東京 🎉")).toBe("?? ?");
  });
});

describe("the minimum bids printed on a bid sheet", () => {
  it("starts at the starting bid and rises by the increment", () => {
    expect(minimumBids({ starting_bid: 60000, increment: 10000 }, 4)).toEqual([60000, 70000, 80000, 90000]);
  });

  it("prints only the first line without an increment, and none without a starting bid", () => {
    expect(minimumBids({ starting_bid: 5000, increment: null }, 3)).toEqual([5000, null, null]);
    expect(minimumBids({ starting_bid: null, increment: 1000 }, 2)).toEqual([null, null]);
  });
});
