// The door's search (app/registration/door-search.ts): a name, email, paddle or table; "Table 2" is one table.
import { describe, expect, it } from "vitest";
import { doorGuestMatches, doorSearch, isEmptySearch, type DoorSearchGuest } from "~/registration/door-search";

const guest = (name: string, paddle: number | null, table: string | null, email = ""): DoorSearchGuest => ({
  name,
  email,
  party: null,
  table,
  paddle,
});

const guests = [
  guest("Ada Lovelace", 101, "Table 2", "ada@example.org"),
  guest("Grace Hopper", 205, "Table 2"),
  guest("Alan Turing", 120, "Table 5"),
  guest("Edsger Dijkstra", 312, "Table 12"),
  guest("Barbara Liskov", 142, null),
  guest("Ken Thompson", 22, "Table 20"),
  guest("Dennis Ritchie", 52, "Table 5"),
  guest("Frances Allen", 7, "2"),
  guest("Radia Perlman", 8, "Table 2 · Sponsors"),
];

const found = (query: string) =>
  guests.filter((one) => doorGuestMatches(one, doorSearch(query))).map((one) => one.name);

describe("the door's search", () => {
  it("finds only the guests at the table named, whatever the case", () => {
    const atTwo = ["Ada Lovelace", "Grace Hopper", "Frances Allen", "Radia Perlman"];
    expect(found("Table 2")).toEqual(atTwo);
    expect(found("table 2")).toEqual(atTwo);
    expect(found("  TABLE   2 ")).toEqual(atTwo);
    expect(found("table #2")).toEqual(atTwo);
    expect(found("table 5")).toEqual(["Alan Turing", "Dennis Ritchie"]);
    expect(found("Table 12")).toEqual(["Edsger Dijkstra"]);
  });

  it("narrows a table by the other words typed", () => {
    expect(found("table 2 grace")).toEqual(["Grace Hopper"]);
    expect(found("hopper table 2")).toEqual(["Grace Hopper"]);
    expect(found("table 5 grace")).toEqual([]);
    expect(found("table 2 table 5")).toEqual([]);
  });

  it("still finds a bare number in paddles and table names, and names, emails and paddles as before", () => {
    expect(found("2")).toEqual([
      "Ada Lovelace",
      "Grace Hopper",
      "Alan Turing",
      "Edsger Dijkstra",
      "Barbara Liskov",
      "Ken Thompson",
      "Dennis Ritchie",
      "Frances Allen",
      "Radia Perlman",
    ]);
    expect(found("#22")).toEqual(["Ken Thompson"]);
    expect(found("ada@example")).toEqual(["Ada Lovelace"]);
    expect(found("lis")).toEqual(["Barbara Liskov"]);
    // "table" while still being typed is a word like any other: the guests at a table named "Table …".
    expect(found("table")).not.toContain("Barbara Liskov");
    expect(found("table")).not.toContain("Frances Allen");
    expect(found("table")).toHaveLength(guests.length - 2);
  });

  it("is empty until something is typed", () => {
    expect(isEmptySearch(doorSearch("   "))).toBe(true);
    expect(isEmptySearch(doorSearch("table 2"))).toBe(false);
  });
});
