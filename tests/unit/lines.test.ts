import { describe, expect, it } from "vitest";
import { readBundles, readLevels, readPrizes, writeBundles, writeLevels, writePrizes } from "~/catalogue/lines";

describe("lists typed one per line", () => {
  it("reads paddle-raise levels, largest first, and writes them back", () => {
    const reading = readLevels("500 Books\n\n $1,000.50 — Desks \n250: Pencils");
    expect(reading).toEqual({
      items: [
        { amount: 100_050, label: "Desks" },
        { amount: 50_000, label: "Books" },
        { amount: 25_000, label: "Pencils" },
      ],
    });
    expect(writeLevels("items" in reading ? reading.items : [])).toBe("1000.50 Desks\n500 Books\n250 Pencils");
    expect(readLevels("0 Nothing")).toEqual({
      error: "Line 1: start with the amount, such as “5000 Fund a classroom”.",
    });
  });

  it("reads raffle bundles and refuses a repeated size", () => {
    expect(readBundles("5 for $40\n1 ticket for 10\n12 tickets = 80")).toEqual({
      items: [
        { quantity: 1, price: 1000 },
        { quantity: 5, price: 4000 },
        { quantity: 12, price: 8000 },
      ],
    });
    expect(writeBundles([{ quantity: 5, price: 4000 }])).toBe("5 for 40");
    expect(readBundles("5 for 40\n5 for 35")).toEqual({ error: "Line 2: there is already a bundle of 5." });
    expect(readBundles("five for forty")).toEqual({
      error: "Line 1: write the tickets and the price, such as “5 for 40”.",
    });
  });

  it("reads prizes with an optional value, keeping an equals sign inside a title", () => {
    expect(readPrizes("Weekend in Napa = 1,200\nGift basket\nE = mc² poster = 30")).toEqual({
      items: [
        { title: "Weekend in Napa", value: 120_000 },
        { title: "Gift basket", value: null },
        { title: "E = mc² poster", value: 3000 },
      ],
    });
    expect(
      writePrizes([
        { title: "Gift basket", value: null },
        { title: "Spa", value: 15000 },
      ]),
    ).toBe("Gift basket\nSpa = 150");
    expect(readPrizes("Spa = -5")).toEqual({ error: "Line 1: Amounts cannot be negative." });
  });
});
