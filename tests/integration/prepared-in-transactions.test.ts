// A query built once and run in whichever transaction it is given (app/db/prepared.server.ts): its statement is part
// of that transaction (rolled back with it), and two transactions open together each run it on their own connection.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { preparedInTransactions } from "~/db/prepared.server";
import { client } from "~drizzle/schema";
import { testDatabase } from "../support/database";

const connection = testDatabase();
const { db } = connection;

const rename = preparedInTransactions("test_rename_client", (tx) =>
  tx
    .update(client)
    .set({ title: sql`${sql.placeholder("title")}` })
    .where(eq(client.slug, sql.placeholder("slug")))
    .returning({ title: client.title }),
);

const titleOf = async (slug: string) =>
  (await db.select({ title: client.title }).from(client).where(eq(client.slug, slug)))[0]?.title;

describe("a query prepared for transactions", () => {
  it("runs in the transaction it is given, and is rolled back with it", async () => {
    await db.insert(client).values([
      { slug: "prepared-kept", title: "Before" },
      { slug: "prepared-undone", title: "Before" },
    ]);
    const renamed = await db.transaction((tx) => rename(tx).execute({ title: "After", slug: "prepared-kept" }));
    expect(renamed).toEqual([{ title: "After" }]);
    await expect(
      db.transaction(async (tx) => {
        await rename(tx).execute({ title: "After", slug: "prepared-undone" });
        throw new Error("undo");
      }),
    ).rejects.toThrow("undo");
    expect(await titleOf("prepared-kept")).toBe("After");
    expect(await titleOf("prepared-undone")).toBe("Before");
  });

  it.runIf(connection.engine === "postgres")(
    "runs two open transactions' statements on their own connections",
    async () => {
      await db.insert(client).values({ slug: "prepared-locked", title: "Start" });
      let firstRenamed!: () => void;
      const renamedFirst = new Promise<void>((resolve) => (firstRenamed = resolve));
      let finishFirst!: () => void;
      const firstMayFinish = new Promise<void>((resolve) => (finishFirst = resolve));
      const first = db.transaction(async (tx) => {
        await rename(tx).execute({ title: "First", slug: "prepared-locked" });
        firstRenamed();
        await firstMayFinish;
      });
      await renamedFirst;
      // The second waits for the first's row lock: were it run on the first's connection, it would not wait.
      const second = db.transaction((tx) => rename(tx).execute({ title: "Second", slug: "prepared-locked" }));
      const waited = await Promise.race([second.then(() => false), new Promise((r) => setTimeout(() => r(true), 200))]);
      expect(waited).toBe(true);
      finishFirst();
      await Promise.all([first, second]);
      expect(await titleOf("prepared-locked")).toBe("Second");
    },
  );
});
