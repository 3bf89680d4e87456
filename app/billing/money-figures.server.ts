/**
 * The money figures, defined once (docs/money.md) and read by every screen that shows them: the dashboard, the
 * revenue report, the monitors' total and the giving page's thermometer. Amounts in cents.
 *
 * - raised: money collected, less refunds;
 * - pledged: what guests owe once it is theirs to pay (an item won or hammered, a ticket, a purchase, a gift, a
 *   pledge, a duel gift, raffle tickets, a covered fee), net of comps, reversals and refunds. The leading bid of an
 *   item still open is not money yet: an item is billed when it has a winner;
 * - outstanding: pledged less raised, what guests still owe;
 * - comped: what was given free (comped lines, tickets registered as comps at their price), shown apart: not pledged.
 *
 * They are the billing ledger's (./ledger-totals.server.ts) after bringing the invoices up to date with what guests
 * owe now, so a screen never shows a figure the invoices do not hold.
 */
import { eq } from "drizzle-orm";
import { db as appDb, perDatabase } from "~/db.server";
import { event } from "~drizzle/schema";
import { ledgerSnapshot, syncLedger, type LedgerSnapshot } from "./ledger-totals.server";
import type { Database } from "~/db/connection.server";

export interface SourceFigures {
  /** The ledger's name for the source (a label in ./source-labels.ts). */
  source: string;
  pledged: number;
  raised: number;
}

export interface MoneyFigures {
  pledged: number;
  raised: number;
  outstanding: number;
  comped: number;
  sources: SourceFigures[];
}

/** The figures of a ledger snapshot (or the difference of two, for a date range). */
export function figuresOf(ledger: LedgerSnapshot): MoneyFigures {
  return {
    pledged: ledger.billed,
    raised: ledger.collected,
    outstanding: ledger.billed - ledger.collected,
    comped: ledger.comped,
    sources: ledger.sources.map((entry) => ({
      source: entry.source,
      pledged: entry.billed,
      raised: entry.collected,
    })),
  };
}

/** When this process last brought each event's invoices up to date for its figures. */
const lastSynced = perDatabase(() => new Map<number, number>());

/**
 * The event's figures now. An archived event's are final: reading them never adds invoices to last year's gala.
 * `syncEveryMs` lets a reader that runs on every change (the monitors' feed, up to ten times a second while bids
 * arrive) bring the invoices up to date at most that often: what was owed in between shows at the next sync.
 */
export async function moneyFigures(
  eventId: number,
  database: Database = appDb,
  { syncEveryMs = 0 }: { syncEveryMs?: number } = {},
): Promise<MoneyFigures> {
  const [row] = await database.select({ archived: event.is_archived }).from(event).where(eq(event.event_id, eventId));
  const now = Date.now();
  if (row && !row.archived && now - (lastSynced().get(eventId) ?? -Infinity) >= syncEveryMs) {
    await syncLedger(eventId, database);
    lastSynced().set(eventId, now);
  }
  return figuresOf(await ledgerSnapshot(database, eventId));
}
