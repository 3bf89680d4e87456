/**
 * A PGlite whose `query`, and its transactions' `query`, go through a function of the app's: what keeps PGlite's plans
 * (pglite-plans.ts) and what leaves out the parsers its thread has set once (pglite-worker/text-types.ts). Everything
 * else is PGlite's own.
 */
import type { PGlite, Transaction } from "@electric-sql/pglite";

export type Queries = Pick<Transaction, "query">;

export function replacingQuery(
  database: PGlite,
  queryOf: (client: Queries, inTransaction: boolean) => Queries["query"],
): PGlite {
  const behind = <Client extends Queries>(client: Client, inTransaction: boolean): Client => {
    const query = queryOf(client, inTransaction);
    return new Proxy(client, {
      // Read on the target itself: PGlite's methods and getters use its private fields.
      get(target, property) {
        if (property === "query") return query;
        if (property === "transaction" && !inTransaction)
          return <T>(work: (tx: Transaction) => Promise<T>) => database.transaction((tx) => work(behind(tx, true)));
        const value: unknown = Reflect.get(target, property);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  };
  return behind(database, false);
}
