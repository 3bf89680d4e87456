// A fingerprint of one organisation's rows (the tenancy drill, issue 32): for every table of the public schema, the
// rows that belong to the organisation or point at one of its rows, counted and hashed. Belonging is read from the
// schema's own foreign keys, so a new table is covered without a change here:
// - a row belongs when its event_id is one of the organisation's events, or its client_id is the organisation;
// - a row belongs when one of its foreign keys names a row that belongs (an invoice line of its invoice, and also
//   another organisation's row that was made to point at it: a cross-tenant reference is a change of the first);
// - a user belongs when the organisation's rows name them (its team and guests), or their selected event is its;
// - a row that only events point at (an event's silent_auction, landing, registration) belongs when the
//   organisation's event does;
// - text opt-outs belong to the organisation's Twilio account.
// Two equal fingerprints mean none of the organisation's rows was inserted, changed or deleted, and no other row
// began or ceased to point at one of them.
import { sql } from "drizzle-orm";
import { changedTables, type TableChecksums } from "./table-checksums";
import type { Database } from "~/db/connection.server";

export interface Tenant {
  clientId: number;
  eventIds: number[];
  /** The people the organisation's rows name when the fingerprint is first taken (its team and its guests). */
  usrIds: number[];
  /** Its Twilio account, whose opt-outs are its own. */
  twilioAccountSid?: string;
}

interface ForeignKey {
  table: string;
  column: string;
  target: string;
  targetColumn: string;
}

function rowsOf<Row>(result: unknown): Row[] {
  return (Array.isArray(result) ? result : (result as { rows: Row[] }).rows) as Row[];
}

const list = (values: readonly (number | string)[]) =>
  values.length === 0 ? "null" : values.map((value) => (typeof value === "number" ? value : `'${value}'`)).join(",");

export class TenantFingerprint {
  private constructor(
    private readonly db: Database,
    private readonly query: string,
  ) {}

  /** Reads the schema once and builds the one query that fingerprints the tenant's rows. */
  static async of(db: Database, tenant: Tenant): Promise<TenantFingerprint> {
    const tables = rowsOf<{ table_name: string }>(
      await db.execute(
        sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
      ),
    ).map((row) => row.table_name);
    const columns = rowsOf<{ table_name: string; column_name: string }>(
      await db.execute(
        sql`select table_name, column_name from information_schema.columns where table_schema = 'public' order by table_name, ordinal_position`,
      ),
    );
    const keys = rowsOf<{ table_name: string; column_name: string; target: string; target_column: string }>(
      await db.execute(sql`
        select cl.relname as table_name, a.attname as column_name, tl.relname as target, ta.attname as target_column
        from pg_constraint c
        join pg_class cl on cl.oid = c.conrelid
        join pg_namespace n on n.oid = cl.relnamespace and n.nspname = 'public'
        join pg_class tl on tl.oid = c.confrelid
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
        join pg_attribute ta on ta.attrelid = c.confrelid and ta.attnum = c.confkey[1]
        where c.contype = 'f' and array_length(c.conkey, 1) = 1
        order by 1, 2`),
    ).map((row): ForeignKey => ({
      table: row.table_name,
      column: row.column_name,
      target: row.target,
      targetColumn: row.target_column,
    }));
    const columnsOf = new Map<string, Set<string>>();
    for (const { table_name: table, column_name: column } of columns) {
      if (!columnsOf.has(table)) columnsOf.set(table, new Set());
      columnsOf.get(table)!.add(column);
    }
    const keysOf = (table: string) => keys.filter((key) => key.table === table);
    const events = list(tenant.eventIds);
    const people = list(tenant.usrIds);

    const owners = (table: string, alias: string): string[] => {
      const has = columnsOf.get(table) ?? new Set();
      const parts: string[] = [];
      if (has.has("event_id")) parts.push(`${alias}.event_id in (${events})`);
      if (has.has("client_id")) parts.push(`${alias}.client_id = ${tenant.clientId}`);
      if (table === "usr") parts.push(`${alias}.usr_id in (${people})`);
      if (table === "text_opt_out" && tenant.twilioAccountSid)
        parts.push(`${alias}.twilio_account_sid = '${tenant.twilioAccountSid.replaceAll("'", "''")}'`);
      return parts;
    };
    // One common table expression per table, holding its rows of the tenant, each reading only those of the tables
    // it points at (in the order of the foreign keys): the query grows with the schema, not with the depth of keys.
    const constant = new Set(["usr", "event", "client"]);
    const dependsOn = (table: string) =>
      [...new Set(keysOf(table).map((key) => key.target))].filter(
        (target) => target !== table && !constant.has(target),
      );
    const ordered: string[] = [];
    const visiting = new Set<string>();
    const visit = (table: string) => {
      if (ordered.includes(table)) return;
      if (visiting.has(table))
        throw new Error(`The foreign keys loop through ${table}: the fingerprint needs an order`);
      visiting.add(table);
      for (const target of dependsOn(table)) visit(target);
      visiting.delete(table);
      ordered.push(table);
    };
    for (const table of tables) visit(table);

    const predicate = (table: string): string => {
      const parts = owners(table, "t0");
      for (const key of keysOf(table)) {
        if (key.target === table) continue;
        if (key.target === "usr") parts.push(`t0."${key.column}" in (${people})`);
        else if (key.target === "event") parts.push(`t0."${key.column}" in (${events})`);
        else if (key.target === "client") parts.push(`t0."${key.column}" = ${tenant.clientId}`);
        else parts.push(`t0."${key.column}" in (select "${key.targetColumn}" from "own_${key.target}")`);
      }
      // Rows that only events point at, and that point at nothing themselves (an event's silent_auction).
      if (parts.length === 0 && keysOf(table).length === 0) {
        for (const key of keys.filter((k) => k.target === table && k.table === "event"))
          parts.push(`t0."${key.targetColumn}" in (select "${key.column}" from event where event_id in (${events}))`);
      }
      return parts.length === 0 ? "false" : parts.map((part) => `(${part})`).join(" or ");
    };
    const ctes = ordered.map((table) => `"own_${table}" as (select t0.* from "${table}" t0 where ${predicate(table)})`);
    const perTable = tables.map(
      (table) =>
        `select '${table}' as name, count(*) || ':' || coalesce(md5(string_agg(t0::text, '|' order by t0::text)), '') as checksum from "own_${table}" t0`,
    );
    return new TenantFingerprint(db, `with ${ctes.join(",\n")}\n${perTable.join(" union all ")}`);
  }

  /** Time spent taking fingerprints, in milliseconds (the drill reports it). */
  spentMs = 0;

  async take(): Promise<TableChecksums> {
    const began = performance.now();
    const result = await this.db.execute(sql.raw(this.query));
    this.spentMs += performance.now() - began;
    return new Map(rowsOf<{ name: string; checksum: string }>(result).map((row) => [row.name, row.checksum]));
  }

  /** The tables in which the tenant's rows differ from `before`. */
  async changedSince(before: TableChecksums): Promise<string[]> {
    return changedTables(before, await this.take());
  }
}
