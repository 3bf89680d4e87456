/**
 * An invoice line source: one kind of thing a guest owes for (an item won, a pledge, a purchase, a ticket). Each
 * source is a module in this folder registered in ./index.server.ts; the invoice (../invoice.server.ts) asks every
 * source for its lines and copies the new ones, so adding what guests owe for (donations, raffle tickets) is one
 * module and one line in that list.
 */
import type { Database, Transaction } from "~/db/connection.server";

export type Executor = Database | Transaction;

export interface SourceLine {
  usrId: number;
  /** Unique within the source for the life of the event: the same row always gives the same key. */
  key: string;
  description: string;
  /** What the guest owes for it (cents). */
  amount: number;
  /** Fair market value of what the guest receives (cents); 0 for a pure gift. */
  fairMarketValue: number;
  /** The tax-deductible part (cents): what is paid above fair market value; 0 for priceless items. */
  deductible: number;
  auctionItemId?: number;
}

export interface InvoiceLineSource {
  /** Stored on each line (invoice_line.source); never change it once lines exist. */
  readonly name: string;
  /** Lines owed at the event, by everyone or by the guests named. */
  lines(db: Executor, eventId: number, usrIds?: readonly number[]): Promise<SourceLine[]>;
}

/**
 * The deductible part of paying `amount` for something worth `fairMarketValue` (null: priceless, its value cannot
 * be stated, so nothing is deductible: docs DOMAIN "Money").
 */
export function deductiblePart(amount: number, fairMarketValue: number | null): number {
  if (fairMarketValue === null) return 0;
  return Math.max(0, amount - fairMarketValue);
}
