/**
 * The seating plan as the screen shows it (/admin/registration/seating): tables, and the guests at them or still
 * unseated, grouped by party. A party is the guests of one pass (one purchase); a guest without a pass is a party
 * of one. Parties move together unless staff split one off. Pure and client-safe: the page regroups the plan in
 * the browser to show a move before the server has confirmed it.
 */

export type SeatingTableRow = { tblId: number; name: string; capacity: number };

export type SeatingGuestRow = {
  registrantId: number;
  name: string;
  /** For the door's alphabetical list: last name first when known. */
  sortName: string;
  paddle: number | null;
  meal: string | null;
  /** "pass-12", or "guest-40" for a guest without a pass. */
  partyKey: string;
  partyLabel: string;
  tblId: number | null;
};

export type SeatingParty = {
  key: string;
  label: string;
  /** The party's guests in this place (at one table, or unseated). */
  guests: SeatingGuestRow[];
  /** How many guests the whole party has, wherever they sit. */
  size: number;
};

export type SeatingTable = SeatingTableRow & { seated: number; free: number; parties: SeatingParty[] };

export type SeatingView = { tables: SeatingTable[]; unseated: SeatingParty[] };

/** A move: these guests to a table, or back to unseated (null). */
export type SeatingMove = { guestIds: number[]; to: number | null };

const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });

/** Groups the guests by place and party, tables in their display order, parties by name. */
export function arrangeSeating(tables: SeatingTableRow[], guests: SeatingGuestRow[]): SeatingView {
  const partySizes = new Map<string, number>();
  for (const guest of guests) partySizes.set(guest.partyKey, (partySizes.get(guest.partyKey) ?? 0) + 1);
  const group = (list: SeatingGuestRow[]): SeatingParty[] => {
    const parties = new Map<string, SeatingParty>();
    for (const guest of list) {
      const party = parties.get(guest.partyKey);
      if (party) party.guests.push(guest);
      else
        parties.set(guest.partyKey, {
          key: guest.partyKey,
          label: guest.partyLabel,
          guests: [guest],
          size: partySizes.get(guest.partyKey)!,
        });
    }
    return [...parties.values()].sort((a, b) => collator.compare(a.label, b.label) || a.key.localeCompare(b.key));
  };
  const byTable = new Map<number | null, SeatingGuestRow[]>([
    [null, []],
    ...tables.map((table) => [table.tblId, []] as [number, SeatingGuestRow[]]),
  ]);
  // A guest at a table deleted meanwhile counts as unseated.
  for (const guest of guests) (byTable.get(guest.tblId) ?? byTable.get(null)!).push(guest);
  return {
    tables: tables.map((table) => {
      const seatedGuests = byTable.get(table.tblId)!;
      return {
        ...table,
        seated: seatedGuests.length,
        free: Math.max(0, table.capacity - seatedGuests.length),
        parties: group(seatedGuests),
      };
    }),
    unseated: group(byTable.get(null)!),
  };
}

/** The guests as they will be once the moves are made (in order). */
export function applyMoves(guests: SeatingGuestRow[], moves: SeatingMove[]): SeatingGuestRow[] {
  if (moves.length === 0) return guests;
  const destination = new Map<number, number | null>();
  for (const move of moves) for (const id of move.guestIds) destination.set(id, move.to);
  return guests.map((guest) =>
    destination.has(guest.registrantId) ? { ...guest, tblId: destination.get(guest.registrantId)! } : guest,
  );
}

const seats = (count: number) => (count === 1 ? "1 seat" : `${count} seats`);

/** What is moved, as staff read it: a guest by name ("Lisa Chen"), several by party ("Couple: Lisa Chen (2 guests)"). */
export function movedLabel(partyLabel: string, guests: Pick<SeatingGuestRow, "name">[]): string {
  return guests.length === 1 ? guests[0].name : `${partyLabel} (${guests.length} guests)`;
}

/** A party's name: its pass's title, else its first guest's; a party of one is its guest. */
export function partyLabel(passTitle: string | null, memberNames: string[]): string {
  if (memberNames.length === 1) return memberNames[0];
  return passTitle?.trim() || `${memberNames[0]}'s party`;
}

/** Why a table cannot take some guests, or null when it can. The server says the same when it refuses. */
export function capacityRefusal(table: { name: string; free: number }, needed: number, who: string): string | null {
  if (needed <= table.free) return null;
  const room = table.free === 0 ? `${table.name} is full` : `${table.name} has only ${seats(table.free)} free`;
  return `${room}; ${who} ${needed === 1 ? "needs 1 seat" : `need ${seats(needed)}`}. Nobody was moved.`;
}

/** What a successful move says. */
export function movedMessage(who: string, count: number, tableName: string | null): string {
  if (tableName === null) return `${who} ${count === 1 ? "is" : "are"} unseated`;
  return `${who} ${count === 1 ? "is" : "are"} seated at ${tableName}`;
}

/** The id of a party's block in a place, so focus can follow a party that moved. */
export function partyElementId(partyKey: string, place: number | null): string {
  return `seating-${partyKey}-at-${place ?? "unseated"}`;
}

/** Whether a party matches the search: its name, a guest's name, or a paddle number. */
export function partyMatches(party: SeatingParty, query: string): boolean {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text = [
    party.label,
    ...party.guests.flatMap((guest) => [guest.name, guest.paddle === null ? "" : String(guest.paddle)]),
  ]
    .join(" ")
    .toLowerCase();
  return words.every((word) => text.includes(word));
}
