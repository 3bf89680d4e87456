/**
 * Queries built once: Drizzle builds a query's SQL each time it runs, which on the bid path was a quarter of the
 * app's CPU (docs/decisions/031-prepared-statements.md). A query the hot paths run on every request is built once
 * per database handle, with placeholders (`sql.placeholder("name")`) for what varies, and then only executed.
 */
import { sql } from "drizzle-orm";
import type { Database, Transaction } from "./connection.server";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

interface Preparable<Prepared> {
  prepare(name: string): Prepared;
}

/**
 * The query `build` makes on a handle, prepared once per handle (the app's, or a test's). A transaction gets its own,
 * so a query prepared on the pool is never run outside the transaction it was asked in.
 */
export function preparedQuery<Prepared>(
  name: string,
  build: (db: Database | Transaction) => Preparable<Prepared>,
): (db: Database | Transaction) => Prepared {
  const byHandle = new WeakMap<Database | Transaction, Prepared>();
  return (db) => {
    let prepared = byHandle.get(db);
    if (!prepared) {
      prepared = build(db).prepare(name);
      byHandle.set(db, prepared);
    }
    return prepared;
  };
}

/** `column = any($name)`: a list as one parameter (an array), so that a query of any number of ids is prepared once. */
export const isAnyOf = (column: AnyPgColumn, name: string) => sql`${column} = any(${sql.placeholder(name)})`;

/**
 * A query built once and run in whichever transaction is given. `preparedQuery` keeps one per handle, and every
 * transaction is a handle of its own, so a bid's statements in its transaction were built anew each time (on
 * PostgreSQL, Drizzle's building was a fifth of the app's CPU under a burst of bids). Built on the first transaction,
 * the prepared query is then run on each transaction's own connection: a copy whose `client` is the transaction's.
 */
export function preparedInTransactions<Prepared extends object>(
  name: string,
  build: (tx: Transaction) => Preparable<Prepared>,
): (tx: Transaction) => Prepared {
  let built: Prepared | null = null;
  return (tx) => {
    const client = (tx._.session as unknown as { client?: unknown }).client;
    built ??= build(tx).prepare(name);
    // Drizzle's prepared queries keep the connection they run on as `client`, as its transactions' sessions do: were
    // either to change, a statement would run outside its transaction, so this refuses instead.
    if (!client || !("client" in built)) throw new Error(`Drizzle no longer keeps a query's client: ${name}.`);
    return Object.assign(Object.create(built) as Prepared, { client });
  };
}
