// PGlite's statements prepared on their second sighting (app/db/pglite-plans.ts): the rows are those of the statement
// sent as it is, for every kind of parameter; a transaction's statements sent together still run in the order sent
// while one of them is being prepared; what PREPARE refuses, or a parameter it cannot write, runs as before.
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { executeArguments, keepingPlans } from "~/db/pglite-plans";

describe.runIf(process.env.TEST_DB_ENGINE === "pglite")("PGlite's statements prepared", () => {
  let raw: PGlite;
  let database: PGlite;
  const sent: string[] = [];

  beforeAll(async () => {
    raw = new PGlite();
    await raw.exec(
      "create table note (id serial primary key, body text, at timestamptz, tags text[], counts int[], flag boolean)",
    );
    const query = raw.query.bind(raw);
    raw.query = ((sql: string, ...rest: Parameters<PGlite["query"]> extends [string, ...infer R] ? R : never) => {
      sent.push(sql);
      return query(sql, ...rest);
    }) as PGlite["query"];
    database = keepingPlans(raw);
  });

  afterAll(() => raw?.close());

  const twice = async <Row>(sql: string, params: unknown[]) => {
    const first = await database.query<Row>(sql, params);
    const second = await database.query<Row>(sql, params);
    const third = await database.query<Row>(sql, params);
    return { first, second, third };
  };

  it("gives the same rows prepared, for every kind of parameter PGlite sends", async () => {
    const params = [
      `it's a "quote", a back\\slash, {braces}, a comma, ünïcödé and ''`,
      "2026-12-31T21:30:00.000Z",
      [`a "quoted", tag`, "back\\slash", "NULL", null, "{x}", ""],
      [1, -2, null],
      true,
    ];
    const insert = "insert into note (body, at, tags, counts, flag) values ($1, $2, $3, $4, $5) returning *";
    const { first, second, third } = await twice<Record<string, unknown>>(insert, params);
    expect(sent.some((sql) => sql.startsWith("prepare gavel_plan_"))).toBe(true);
    expect(sent.at(-1)).toMatch(/^execute gavel_plan_\d+\(/);
    const strip = ({ id: _id, ...row }: Record<string, unknown>) => row;
    expect(strip(second.rows[0])).toEqual(strip(first.rows[0]));
    expect(strip(third.rows[0])).toEqual(strip(first.rows[0]));
    expect(third.rows[0]).toMatchObject({ body: params[0], at: new Date("2026-12-31T21:30:00.000Z"), flag: true });

    const select =
      "select count(*)::int as n, max(at) as latest from note where body = $1 and id = any($2) and $3::numeric > 1.5";
    const ids = [first, second, third].map((result) => result.rows[0].id);
    const counted = await twice<{ n: number; latest: Date }>(select, [params[0], ids, 2.25]);
    expect(counted.third.rows).toEqual(counted.first.rows);
    expect(counted.third.rows[0].n).toBe(3);
    const nothing = await twice<{ n: number }>("select count(*)::int as n from note where body = $1", [null]);
    expect(nothing.third.rows).toEqual([{ n: 0 }]);
    const big = await twice<{ n: string }>("select $1::bigint::text as n", [9_007_199_254_740_993n]);
    expect(big.third.rows).toEqual([{ n: "9007199254740993" }]);
  });

  it("sends a transaction's statements in the order called while one of them is being prepared", async () => {
    const insert = "insert into note (body) values ($1)";
    const count = "select count(*)::int as n from note where body = $1";
    await database.query(count, ["ordered"]);
    for (let round = 1; round <= 3; round++) {
      // The insert's second sighting is prepared behind a savepoint; the count, sent after it, must see its row.
      const [, counted] = await database.transaction((tx) =>
        Promise.all([tx.query(insert, ["ordered"]), tx.query<{ n: number }>(count, ["ordered"])]),
      );
      expect(counted.rows).toEqual([{ n: round }]);
    }
  });

  it("runs what PREPARE refuses as it would run, and leaves the transaction as it was", async () => {
    const missing = "select * from nowhere where id = $1";
    const errorOf = (sql: string, params: unknown[]) =>
      database.query(sql, params).then(
        () => null,
        (error: Error) => error.message,
      );
    expect(await errorOf(missing, [1])).toBe('relation "nowhere" does not exist');
    await database.transaction(async (tx) => {
      await tx.query("savepoint mine");
      await expect(tx.query(missing, [1])).rejects.toThrow('relation "nowhere" does not exist');
      await tx.query("rollback to savepoint mine");
      await tx.query("insert into note (body) values ($1)", ["after a refusal"]);
    });
    const { rows } = await database.query("select body from note where body = $1", ["after a refusal"]);
    expect(rows).toEqual([{ body: "after a refusal" }]);
    expect(sent.filter((sql) => sql.includes("from nowhere")).every((sql) => !sql.startsWith("execute"))).toBe(true);
  });

  it("writes no literal it cannot write as PGlite would send it", () => {
    expect(executeArguments([])).toBe("");
    expect(executeArguments([1, "a'b", null, false])).toBe(`('1', 'a''b', null, 'f')`);
    expect(executeArguments([["x", null, ["y"]]])).toBe(`('{"x",NULL,{"y"}}')`);
    expect(executeArguments([{ json: true }])).toBeNull();
    expect(executeArguments([new Uint8Array([1])])).toBeNull();
    expect(executeArguments(["nul\0byte"])).toBeNull();
  });
});
