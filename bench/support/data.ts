/**
 * The benchmarks' data, written with plain SQL after the app's migrations: an event with silent and virtual auctions
 * open and its items, and bidders holding paddles with the session cookies the sign-in flow would give them. The same
 * helpers run on a PostgreSQL server (postgres.js) and on PGlite (`pgliteSql`, before the app opens its data folder).
 */
import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { openDatabase, type DatabaseConnection } from "~/db/connection.server";
import { PGliteWorkerClient, type PGliteWorkerOptions } from "~/db/pglite-worker/client.server";
import { sessionCookie } from "./app";

/** Every item starts at 10.00 and rises by 1.00 (cents). */
export const STARTING_BID = 1_000;
export const INCREMENT = 100;

/** What the helpers need of a SQL client: postgres.js's tagged template (rows back) and its array parameter. */
export interface BenchSql {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  (template: TemplateStringsArray, ...values: any[]): Promise<any[]>;
  array(values: number[] | string[]): unknown;
}

/** What the tagged template below needs of PGlite, of one of its transactions, or of PGlite in a worker thread. */
interface PgliteQueries {
  query<Row>(text: string, params?: unknown[]): Promise<{ rows: Row[] }>;
  transaction?<T>(work: (tx: PgliteQueries) => Promise<T>): Promise<T>;
}

/** postgres.js's tagged template over a PGlite client (or one of its transactions); `begin` runs a transaction. */
export function pgliteSql(client: PgliteQueries) {
  const tag = async (template: TemplateStringsArray, ...values: unknown[]) => {
    const text = template.reduce((query, part, index) => `${query}$${index}${part}`);
    return (await client.query<Record<string, unknown>>(text, values)).rows;
  };
  return Object.assign(tag, {
    array: (values: number[] | string[]) => values,
    begin: <T>(work: (tx: BenchSql) => Promise<T>) => {
      if (!client.transaction) throw new Error("A transaction cannot begin another.");
      return client.transaction((tx) => work(pgliteSql(tx)));
    },
  });
}

export interface BenchDatabase {
  connection: DatabaseConnection;
  sql: ReturnType<typeof pgliteSql>;
  close(): Promise<void>;
}

/**
 * An embedded PGlite database in `folder`, opened and migrated by the app's own database layer, with the tagged
 * template above beside the app's Drizzle handle; with `worker`, PGlite runs in a thread of its own as the server runs it. The app opens the same folder once this is closed: a PGlite
 * database has one owner at a time.
 */
export async function pgliteDatabase(folder: string, worker?: PGliteWorkerOptions): Promise<BenchDatabase> {
  mkdirSync(path.dirname(folder), { recursive: true });
  const client = worker ? new PGliteWorkerClient(folder, worker) : new PGlite(folder);
  const connection = openDatabase({ engine: "pglite", client });
  await connection.migrate();
  return { connection, sql: pgliteSql(client), close: () => connection.close() };
}

/** An event with its silent and virtual auctions open for hours, and `items` published silent items. */
export async function makeEvent(sql: BenchSql, items: number, tag: string) {
  const [client] =
    await sql`insert into client (slug, title) values (${`bench-${tag}`}, ${`Bench ${tag}`}) returning client_id`;
  const now = Date.now();
  const window = { start: new Date(now - 3_600_000), end: new Date(now + 4 * 3_600_000) };
  const [silent] =
    await sql`insert into silent_auction (start_date_time, end_date_time) values (${window.start}, ${window.end}) returning silent_auction_id`;
  const [virtual] =
    await sql`insert into virtual_auction (start_date_time, end_date_time) values (${window.start}, ${window.end}) returning virtual_auction_id`;
  const [event] = await sql`
    insert into event (client_id, slug, title, silent_auction_id, is_silent_auction_enabled, is_silent_auction_testing,
                       virtual_auction_id, is_virtual_auction_enabled, is_virtual_auction_testing)
    values (${client.client_id}, ${`bench-${tag}`}, ${`Bench gala ${tag}`}, ${silent.silent_auction_id}, true, false,
            ${virtual.virtual_auction_id}, true, false)
    returning event_id`;
  const rows = await sql`
    insert into auction_item (event_id, title, type, status, starting_bid, increment, value)
    select ${event.event_id}, 'Lot ' || n, 'silent', 'published', ${STARTING_BID}, ${INCREMENT}, 25000 from generate_series(1, ${items}) n
    returning auction_item_id`;
  return {
    eventId: event.event_id as number,
    silentAuctionId: silent.silent_auction_id as number,
    itemIds: rows.map((row) => row.auction_item_id as number),
  };
}

/** `count` users with a paddle at each of `eventIds`, each with a session cookie signed with `sessionSecret`. */
export async function makeBidders(sql: BenchSql, count: number, eventIds: number[], sessionSecret: string) {
  const tag = randomBytes(3).toString("hex");
  const users = await sql`
    insert into usr (email_address, first_name, last_name)
    select 'bidder-' || n || '-' || ${tag} || '@example.org', 'Bidder', n::text from generate_series(1, ${count}) n
    returning usr_id`;
  const ids = users.map((row) => row.usr_id as number);
  for (const eventId of eventIds) {
    await sql`insert into usr_event_paddle (usr_id, event_id, paddle)
      select u, ${eventId}, 100 + ordinality from unnest(${sql.array(ids)}::int[]) with ordinality u`;
  }
  return Promise.all(ids.map(async (usrId) => ({ usrId, cookie: await sessionCookie(sessionSecret, usrId) })));
}

/** PostgreSQL's count of the database's transactions so far (a statement outside a transaction counts one). */
export async function transactions(sql: BenchSql): Promise<number> {
  const [row] =
    await sql`select xact_commit + xact_rollback as n from pg_stat_database where datname = current_database()`;
  return Number(row.n);
}
