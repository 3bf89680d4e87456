// A report's XLSX names each sheet after its table (app/reporting/export.server.ts): Excel's 31 characters at most,
// never a word cut in the middle (issue 34, item 9).
import { describe, expect, it } from "vitest";
import { sheetName } from "~/reporting/export.server";

const named = (...titles: string[]) => {
  const used = new Set<string>();
  return titles.map((title) => sheetName(title, used));
};

describe("a report's sheet names", () => {
  it("keep a short title as it is", () => {
    expect(named("Summary", "Raised by source")).toEqual(["Summary", "Raised by source"]);
  });

  it("keep a long title's main clause, before its parenthesis or comma", () => {
    expect(named("Top givers (paddle raise and donations)", "Bids over time, by hour (and per item bid on)")).toEqual([
      "Top givers",
      "Bids over time",
    ]);
  });

  it("cut a long clause after a whole word, without a dangling link word, and mark the cut", () => {
    expect(named("Raised against the goal and last year", "Running totals through the evening")).toEqual([
      "Raised against the goal…",
      "Running totals through…",
    ]);
  });

  it("cut a single word longer than a sheet name allows, and keep every name within Excel's 31", () => {
    const [name] = named("Supercalifragilisticexpialidocious-auction-report");
    expect(name).toBe("Supercalifragilisticexpiali…");
    const many = named(...Array.from({ length: 12 }, () => "A very long table title that repeats itself"));
    for (const sheet of many) {
      expect(sheet.length).toBeLessThanOrEqual(31);
      expect(sheet).toMatch(/^A very long table title…( \d+)?$/);
    }
    expect(new Set(many.map((sheet) => sheet.toLowerCase())).size).toBe(12);
  });

  it("replace the characters Excel refuses", () => {
    expect(named("Gifts [cash/check]: *all*?")).toEqual(["Gifts cash check all"]);
  });
});
