/**
 * What the engine decides a bid on, read in one statement: the units held on the item (winning and settled rows,
 * with their paddles, highest first), the leader's maximum, and the bidder's earlier bid under the same confirmation
 * key. A bid reads it twice: at a glance without the lock (most refusals end there), then under the item's lock.
 */
import { and, eq, sql, type SQL } from "drizzle-orm";
import { preparedInTransactions, preparedQuery } from "~/db/prepared.server";
import { auction_item } from "~drizzle/schema";
import { BIDDING_COLUMNS, type BiddingRow, type HeldUnit } from "./item-records.server";
import type { Maximum } from "./engine";
import type { Database, Transaction } from "~/db/connection.server";

export interface EarlierBid {
  status: string;
  kind: string;
  amount: number;
  itemId: number;
}

export interface BiddingState {
  /** Every unit held, highest first; the engine's positions are the ones not settled. */
  held: HeldUnit[];
  /** The maximum of the highest winning bid's bidder, if they left one. */
  leaderMaximum: Maximum | null;
  earlier: EarlierBid | null;
}

interface StateKey {
  eventId: number;
  itemId: number;
  usrId: number;
  idempotencyKey: string | null;
}

type HeldJson = [bidId: number, usrId: number, amount: number, paddle: number | null, status: string, kind: string];

/**
 * The units held on an item as one json column: its winning and settled rows with their paddles, highest first.
 * The bid's state reads it, and so does an item's page for each item it shows (item-page.server.ts).
 */
export function heldUnitsColumn(itemId: SQL, eventId: SQL) {
  return sql<HeldJson[] | null>`(
    select json_agg(json_build_array(h.bid_id, h.usr_id, h.bid, p.paddle, h.status, h.kind)
      order by h.bid desc, h.bid_id)
    from bid h left join usr_event_paddle p on p.usr_id = h.usr_id and p.event_id = h.event_id
    where h.auction_item_id = ${itemId} and h.event_id = ${eventId}
      and h.status in ('winning', 'won'))`;
}

/** The column read back: settled units are those won; bought outright, those of a buy-now row. */
export function heldUnitsOf(json: HeldJson[] | null): HeldUnit[] {
  return (json ?? []).map(([bidId, usrId, amount, paddle, status, kind]) => ({
    bidId,
    usrId,
    amount,
    paddle,
    settled: status === "won",
    boughtOutright: kind === "buy_now",
  }));
}

// Plain SQL with aliases: inside a select of one table, Drizzle writes columns without their table, which the joins
// and the correlated subqueries here would find ambiguous.
/** The state's columns, with placeholders for the key's fields (the queries that read them are prepared). */
function stateColumns() {
  const value = (name: keyof StateKey) => sql`${sql.placeholder(name)}`;
  const held = heldUnitsColumn(value("itemId"), value("eventId"));
  const leaderMaximum = sql<[number, number] | null>`(
    select json_build_array(m.usr_id, m.amount) from bid_maximum m
    where m.auction_item_id = ${value("itemId")} and m.usr_id = (
      select leader.usr_id from bid leader
      where leader.auction_item_id = ${value("itemId")} and leader.status = 'winning'
      order by leader.bid desc, leader.bid_id limit 1))`;
  // A bid without a key (a clerk's floor bid) matches no earlier one: null equals nothing.
  const earlier = sql<[string, string, number, number] | null>`(
    select json_build_array(e.status, e.kind, e.bid, e.auction_item_id) from bid e
    where e.usr_id = ${value("usrId")} and e.idempotency_key = ${value("idempotencyKey")})`;
  return { held, leaderMaximum, earlier };
}

function biddingState(row: {
  held: HeldJson[] | null;
  leaderMaximum: [number, number] | null;
  earlier: [string, string, number, number] | null;
}): BiddingState {
  return {
    held: heldUnitsOf(row.held),
    leaderMaximum: row.leaderMaximum ? { usrId: row.leaderMaximum[0], amount: row.leaderMaximum[1] } : null,
    earlier: row.earlier
      ? { status: row.earlier[0], kind: row.earlier[1], amount: row.earlier[2], itemId: row.earlier[3] }
      : null,
  };
}

/** The item's bidding columns with its state, in one statement. */
const itemWithState = (db: Database | Transaction) =>
  db
    .select({ row: BIDDING_COLUMNS, ...stateColumns() })
    .from(auction_item)
    .where(
      and(
        eq(auction_item.auction_item_id, sql.placeholder("itemId")),
        eq(auction_item.event_id, sql.placeholder("eventId")),
      ),
    );

const glance = preparedQuery("glance_at_item", itemWithState);
const readInTransaction = preparedInTransactions("item_with_state", itemWithState);

type Found = { row: BiddingRow } & Parameters<typeof biddingState>[0];
const foundItem = ([found]: Found[]) => (found ? { row: found.row, state: biddingState(found) } : null);

/**
 * The item's row with its bidding state, without taking the lock: a refusal decided on it is the answer the bid
 * would get at this moment, since it reads only what is committed.
 */
export async function glanceAtItem(
  db: Database,
  key: StateKey,
): Promise<{ row: BiddingRow; state: BiddingState } | null> {
  return foundItem(await glance(db).execute({ ...key }));
}

/**
 * The same read in a transaction, where it is the bid's only read of the item: on a database that runs one transaction
 * at a time (PGlite), nothing can change the item between it and the bid's writes.
 */
export async function readItemInTransaction(
  tx: Transaction,
  key: StateKey,
): Promise<{ row: BiddingRow; state: BiddingState } | null> {
  return foundItem(await readInTransaction(tx).execute({ ...key }));
}

/**
 * The item's row, locked, and then its bidding state. The two statements go out together (postgres.js pipelines
 * them on the transaction's connection), and the state is read by a statement of its own, so that it sees every bid
 * committed by whoever held the lock before.
 */
const lockRow = preparedInTransactions("lock_item", (tx) =>
  tx
    .select(BIDDING_COLUMNS)
    .from(auction_item)
    .where(
      and(
        eq(auction_item.auction_item_id, sql.placeholder("itemId")),
        eq(auction_item.event_id, sql.placeholder("eventId")),
      ),
    )
    .for("update"),
);

const readState = preparedInTransactions("bidding_state", (tx) =>
  tx.select(stateColumns()).from(sql`(select 1) as one`),
);

export async function lockItem(
  tx: Transaction,
  key: StateKey,
): Promise<{ row: BiddingRow; state: BiddingState } | null> {
  const locking = lockRow(tx).execute({ itemId: key.itemId, eventId: key.eventId });
  const reading = readState(tx).execute({ ...key });
  const [[row], [state]] = await Promise.all([locking, reading]);
  return row ? { row, state: biddingState(state) } : null;
}
