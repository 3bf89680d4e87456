/**
 * PGlite sends every statement as PostgreSQL's unnamed statement, so PostgreSQL parses and plans it each time: on a
 * bid's statements, in WebAssembly, planning was 30–60% of each one's time (docs/benchmarks.md). A PGlite kept behind
 * `keepingPlans` prepares a statement the second time it is sent (PREPARE, its session's prepared statement) and
 * runs it from then on by EXECUTE, with its parameters written as literals: PostgreSQL keeps the parsed statement and,
 * after a few runs, its plan. A statement it cannot write so runs as before.
 */
import { replacingQuery, type Queries } from "./pglite-queries";
import type { PGlite, QueryOptions, Results } from "@electric-sql/pglite";

/** What may be prepared: one plain statement (PREPARE takes SELECT, INSERT, UPDATE, DELETE, MERGE and VALUES). */
const PREPARABLE = /^\s*(select|insert|update|delete|with|values)\b/i;

/** Distinct statements prepared at most: others (a list of a length never seen before, say) run unprepared. */
const MOST_PREPARED = 2_000;

const REFUSED = Symbol("refused");
const PREPARING = Symbol("preparing");
type Plan = number | string | typeof REFUSED | typeof PREPARING;

/** The parameters as literals for EXECUTE, `(…)`, or null when one of them cannot be written as PGlite would send it. */
export function executeArguments(params: readonly unknown[]): string | null {
  if (params.length === 0) return "";
  const literals: string[] = [];
  for (const param of params) {
    const text = parameterText(param);
    if (text === undefined) return null;
    literals.push(text === null ? "null" : quoted(text));
  }
  return `(${literals.join(", ")})`;
}

/** A string as an SQL literal (standard_conforming_strings: only the quote is doubled). */
const quoted = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** The text PGlite would send for a parameter, null for NULL, or undefined when it cannot be told from the value. */
function parameterText(value: unknown): string | null | undefined {
  if (value === null || value === undefined) return null;
  if (typeof value === "string") return value.includes("\0") ? undefined : value;
  if (typeof value === "number" || typeof value === "bigint") return value.toString();
  if (typeof value === "boolean") return value ? "t" : "f";
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return arrayText(value);
  return undefined;
}

/** An array of scalars as PostgreSQL's array literal, each element quoted. */
function arrayText(values: unknown[]): string | undefined {
  const elements: string[] = [];
  for (const value of values) {
    const text = Array.isArray(value) ? arrayText(value) : parameterText(value);
    if (text === undefined) return undefined;
    if (text === null) elements.push("NULL");
    else if (Array.isArray(value)) elements.push(text);
    else elements.push(`"${text.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`);
  }
  return `{${elements.join(",")}}`;
}

class Plans {
  private readonly plans = new Map<string, Plan>();
  private prepared = 0;

  /** Counts a sighting of the statement: "prepare" on its second, once PREPARE can take it; else "run". */
  sight(sql: string, options?: QueryOptions): "prepare" | "run" {
    const plan = this.plans.get(sql);
    if (plan !== 1 || options?.paramTypes) {
      if (plan === undefined && this.plans.size < MOST_PREPARED)
        this.plans.set(sql, PREPARABLE.test(sql) ? 1 : REFUSED);
      return "run";
    }
    this.plans.set(sql, PREPARING);
    return "prepare";
  }

  /** The statement as it is sent: by EXECUTE once prepared, when its parameters can be written as literals. */
  submit<Row>(client: Queries, sql: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<Row>> {
    const name = this.plans.get(sql);
    const args = typeof name === "string" ? executeArguments(params) : null;
    if (args !== null) return client.query<Row>(`execute ${name as string}${args}`, [], options);
    return client.query<Row>(sql, params, options);
  }

  /**
   * PREPARE: outside a transaction as it is; inside one, behind a savepoint, so that a statement PostgreSQL will not
   * prepare leaves the transaction as it was. A prepared statement outlives the transaction, even one rolled back.
   * Never fails: a statement it could not prepare runs as before.
   */
  async prepare(client: Queries, inTransaction: boolean, sql: string): Promise<void> {
    const name = `gavel_plan_${++this.prepared}`;
    if (inTransaction) {
      try {
        await client.query("savepoint gavel_prepare");
      } catch {
        // The transaction has failed already: its statement fails as it would have; prepare another time.
        this.plans.set(sql, 1);
        return;
      }
    }
    try {
      await client.query(`prepare ${name} as ${sql}`);
      if (inTransaction) await client.query("release savepoint gavel_prepare");
      this.plans.set(sql, name);
    } catch {
      this.plans.set(sql, REFUSED);
      if (inTransaction) await client.query("rollback to savepoint gavel_prepare").catch(() => {});
    }
  }
}

/**
 * The client's query, its statements reaching PGlite in the order they were called, as they did: a transaction's
 * statements are sent together and PGlite runs them in that order (a bid's ledger rows before the item's update that
 * counts them). While one waits for its PREPARE, those called after it wait to be sent behind it.
 */
function orderedQuery(plans: Plans, client: Queries, inTransaction: boolean) {
  let gate: Promise<void> | null = null;
  return <Row>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<Row>> => {
    const next = plans.sight(sql, options);
    if (!gate && next === "run") return plans.submit<Row>(client, sql, params, options);
    let result!: Promise<Results<Row>>;
    const sent: Promise<void> = (gate ?? Promise.resolve())
      .then(() => (next === "prepare" ? plans.prepare(client, inTransaction, sql) : undefined))
      .then(() => {
        result = plans.submit<Row>(client, sql, params, options);
      });
    gate = sent;
    const clear = () => {
      if (gate === sent) gate = null;
    };
    void sent.then(clear, clear);
    return sent.then(() => result);
  };
}

/** The PGlite, with its statements and those of its transactions prepared on their second sighting. */
export function keepingPlans(database: PGlite): PGlite {
  const plans = new Plans();
  return replacingQuery(database, (client, inTransaction) => orderedQuery(plans, client, inTransaction));
}
