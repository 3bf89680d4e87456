/**
 * The paddle raise's figures as the console shows them while pledges wait in its queue (app/stations/): the total,
 * the count and each level's count include them at once. The server's figures replace these when the page's data
 * comes back. Client-safe and pure.
 */
import { parseForm } from "~/forms/form-contract";
import { chosenAmount, floorPledgeSchema } from "./pledge-forms";

export interface PledgeEntry {
  fields: [string, string][];
}

/** The raise and its levels with the pledges of this raise added. */
export function figuresWithPledges<
  Raise extends { id: number; total: number; count: number },
  Level extends { amount: number; count: number },
>(raise: Raise, levels: Level[], entries: PledgeEntry[]): { raise: Raise; levels: Level[] } {
  let total = raise.total;
  let count = raise.count;
  const perLevel = new Map<number, number>();
  for (const entry of entries) {
    const pledge = parseForm(new URLSearchParams(entry.fields), floorPledgeSchema);
    if (pledge.status !== "success" || pledge.value.raise !== raise.id) continue;
    const amount = chosenAmount(pledge.value);
    total += amount;
    count += 1;
    perLevel.set(amount, (perLevel.get(amount) ?? 0) + 1);
  }
  return {
    raise: { ...raise, total, count },
    levels: levels.map((level) => ({ ...level, count: level.count + (perLevel.get(level.amount) ?? 0) })),
  };
}
