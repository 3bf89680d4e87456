/**
 * The door's search (/admin/registration/checkinout, client-safe: the page filters as staff type, and renders the
 * same on the server for ?q= without JavaScript). Every word typed must be found in the guest's name, email, party,
 * table or paddle ("#12" or "12"), so a bare number still finds paddles and tables that hold it. "Table" followed by
 * a word names one table: "Table 2" finds the guests at table 2 only, not those at table 12 nor those whose paddle
 * holds a 2.
 */

export interface DoorSearchGuest {
  name: string;
  email: string | null;
  party: string | null;
  table: string | null;
  paddle: number | null;
}

export interface DoorSearch {
  /** Words found anywhere in the guest's text. */
  words: string[];
  /** Tables named with "table …": the guest must sit at each (so two different tables find nobody). */
  tables: string[];
}

const normalise = (text: string) => text.trim().toLowerCase().split(/\s+/).filter(Boolean);

export function doorSearch(query: string): DoorSearch {
  const tokens = normalise(query);
  const words: string[] = [];
  const tables: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    // "table" alone (or still being typed, last) is a word like any other: it finds the guests who have a table.
    if (tokens[i] === "table" && i + 1 < tokens.length) {
      tables.push(tokens[i + 1].replace(/^#/, ""));
      i++;
    } else words.push(tokens[i]);
  }
  return { words, tables };
}

export const isEmptySearch = (search: DoorSearch) => search.words.length === 0 && search.tables.length === 0;

/**
 * Whether a table's name is the one named: "Table 2" (or "2", or "Table 2 · VIP") is table 2; "Table 12" and
 * "Table 2b" are not.
 */
function isTable(tableName: string | null, named: string): boolean {
  if (tableName === null || named === "") return false;
  const name = normalise(tableName).join(" ");
  const bare = name.startsWith("table ") ? name.slice("table ".length) : name;
  if (!bare.startsWith(named)) return false;
  const after = bare.charAt(named.length);
  return after === "" || !/[\p{L}\p{N}]/u.test(after);
}

export function doorGuestMatches(guest: DoorSearchGuest, search: DoorSearch): boolean {
  if (!search.tables.every((named) => isTable(guest.table, named))) return false;
  const haystack = [
    guest.name,
    guest.email,
    guest.party,
    guest.table,
    guest.paddle === null ? "" : `#${guest.paddle} ${guest.paddle}`,
  ]
    .join(" ")
    .toLowerCase();
  return search.words.every((word) => haystack.includes(word));
}
