// The seating plan's pure rules (app/registration/seating.ts): grouping by place and party, pending moves, the messages.
import { describe, expect, it } from "vitest";
import {
  applyMoves,
  arrangeSeating,
  capacityRefusal,
  movedLabel,
  movedMessage,
  partyLabel,
  partyMatches,
  type SeatingGuestRow,
} from "~/registration/seating";

const guest = (
  registrantId: number,
  name: string,
  partyKey: string,
  tblId: number | null,
  partyName = name,
): SeatingGuestRow => ({
  registrantId,
  name,
  sortName: name,
  paddle: 100 + registrantId,
  meal: null,
  partyKey,
  partyLabel: partyName,
  tblId,
});

const tables = [
  { tblId: 1, name: "Table 1", capacity: 4 },
  { tblId: 2, name: "Table 2", capacity: 2 },
];
const guests = [
  guest(1, "Ana Chen", "pass-1", 1, "Couple: Ana Chen"),
  guest(2, "Bo Lee", "pass-1", null, "Couple: Ana Chen"),
  guest(3, "Cy Diaz", "pass-2", null),
  guest(4, "Dee Park", "guest-4", 9),
];

describe("arrangeSeating", () => {
  it("groups guests by table and party, counting free seats; a guest at a table no longer there is unseated", () => {
    const view = arrangeSeating(tables, guests);
    expect(
      view.tables.map((table) => [
        table.name,
        table.seated,
        table.free,
        table.parties.map((party) => [party.label, party.guests.length, party.size]),
      ]),
    ).toEqual([
      ["Table 1", 1, 3, [["Couple: Ana Chen", 1, 2]]],
      ["Table 2", 0, 2, []],
    ]);
    expect(view.unseated.map((party) => party.label)).toEqual(["Couple: Ana Chen", "Cy Diaz", "Dee Park"]);
  });
});

describe("applyMoves", () => {
  it("puts the guests where the pending moves take them, in order", () => {
    const moved = applyMoves(guests, [
      { guestIds: [1, 2], to: 2 },
      { guestIds: [2], to: null },
    ]);
    expect(moved.map((row) => row.tblId)).toEqual([2, null, null, 9]);
    expect(applyMoves(guests, [])).toBe(guests);
  });
});

describe("messages", () => {
  it("names one guest by name, several by their party", () => {
    expect(movedLabel("Couple: Ana Chen", [{ name: "Ana Chen" }])).toBe("Ana Chen");
    expect(movedLabel("Couple: Ana Chen", [{ name: "Ana Chen" }, { name: "Bo Lee" }])).toBe(
      "Couple: Ana Chen (2 guests)",
    );
    expect(partyLabel("Individual: Ana Chen", ["Ana Chen"])).toBe("Ana Chen");
    expect(partyLabel(null, ["Ana Chen", "Bo Lee"])).toBe("Ana Chen's party");
    expect(movedMessage("Ana Chen", 1, "Table 1")).toBe("Ana Chen is seated at Table 1");
    expect(movedMessage("Couple: Ana Chen (2 guests)", 2, null)).toBe("Couple: Ana Chen (2 guests) are unseated");
  });

  it("refuses only what does not fit, saying how much room there is", () => {
    expect(capacityRefusal({ name: "Table 2", free: 2 }, 2, "Couple")).toBeNull();
    expect(capacityRefusal({ name: "Table 2", free: 1 }, 2, "Couple (2 guests)")).toBe(
      "Table 2 has only 1 seat free; Couple (2 guests) need 2 seats. Nobody was moved.",
    );
    expect(capacityRefusal({ name: "Table 2", free: 0 }, 1, "Ana Chen")).toBe(
      "Table 2 is full; Ana Chen needs 1 seat. Nobody was moved.",
    );
  });
});

describe("partyMatches", () => {
  it("matches every word against the party's name, its guests' names and paddles", () => {
    const [couple] = arrangeSeating(tables, applyMoves(guests, [{ guestIds: [1], to: null }])).unseated;
    expect(partyMatches(couple, "")).toBe(true);
    expect(partyMatches(couple, "bo")).toBe(true);
    expect(partyMatches(couple, "couple 102")).toBe(true);
    expect(partyMatches(couple, "diaz")).toBe(false);
  });
});
