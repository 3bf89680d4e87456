// The embedded PGlite in a worker thread (docs/decisions/040-pglite-worker.md), as the server opens it: migrated
// through Drizzle, transactions queued one after another as PGlite queues them, rolled back (whole, or to a savepoint)
// with nothing left behind, PostgreSQL's error fields kept, notifications delivered after commit and not after a
// rollback, bids recorded in the thread in one message each, dates given to Drizzle as text and to others as PGlite
// parses them, the folder left whole for the next open, and a thread that dies makes every call fail and says so,
// also while the app's thread waits for it blocked.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { placeBid } from "~/bidding/place-bid.server";
import { openDatabase, type DatabaseConnection } from "~/db/connection.server";
import { uniqueViolation } from "~/db/errors.server";
import { PGliteWorkerClient } from "~/db/pglite-worker/client.server";
import { selectRows } from "~/db/rows.server";
import { auction_item, bid as bidTable, client } from "~drizzle/schema";
import { makeAuctionEvent, makeAuctionItem, makeBidder } from "../support/auction";
import { builtPgliteWorker } from "../support/pglite-worker";

const folder = mkdtempSync(path.join(tmpdir(), "gavel-pglite-worker-"));
const dataDir = path.join(folder, "pglite");
const crashes: Error[] = [];
let worker: Awaited<ReturnType<typeof builtPgliteWorker>>;
let connection: DatabaseConnection;

describe.runIf(process.env.TEST_DB_ENGINE === "pglite")("PGlite in a worker thread", () => {
  beforeAll(async () => {
    worker = await builtPgliteWorker();
    connection = openDatabase({
      engine: "pglite",
      dataDir,
      worker: { workerFile: worker.file, onCrash: (error) => crashes.push(error) },
    });
    await connection.migrate();
  });

  afterAll(async () => {
    await connection?.close();
    worker?.remove();
    rmSync(folder, { recursive: true, force: true });
  });

  const organisation = (slug: string) => ({ slug, title: `Organisation ${slug}` });
  const titleOf = async (slug: string) =>
    (await connection.db.select({ title: client.title }).from(client).where(eq(client.slug, slug)))[0]?.title;

  it("runs transactions one after another, and a statement outside waits for those before it", async () => {
    const { db } = connection;
    await db.insert(client).values(organisation("counter"));
    const increment = () =>
      db.transaction(async (tx) => {
        const [row] = await tx.select({ title: client.title }).from(client).where(eq(client.slug, "counter"));
        // Gives the other transaction every chance to run its read now, if it could.
        await new Promise((resolve) => setTimeout(resolve, 20));
        await tx
          .update(client)
          .set({ title: `${row.title}+` })
          .where(eq(client.slug, "counter"));
      });
    const outside = (async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return titleOf("counter");
    })();
    await Promise.all([increment(), increment(), outside]);
    expect(await titleOf("counter")).toBe("Organisation counter++");
    // Sent while the first transaction was open and the second waiting, the read ran after both, in order.
    expect(await outside).toBe("Organisation counter++");
  });

  it("runs a transaction's statements sent together, its first among them, and one that sends none", async () => {
    const { db } = connection;
    const [first, second] = await db.transaction((tx) =>
      Promise.all([
        tx.insert(client).values(organisation("together-1")).returning({ slug: client.slug }),
        tx.insert(client).values(organisation("together-2")).returning({ slug: client.slug }),
      ]),
    );
    expect([first, second]).toEqual([[{ slug: "together-1" }], [{ slug: "together-2" }]]);
    expect(await db.transaction(async () => "nothing sent")).toBe("nothing sent");
    expect(await titleOf("together-2")).toBe("Organisation together-2");
  });

  it("rolls back a transaction that throws, and a savepoint without its transaction", async () => {
    const { db } = connection;
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(client).values(organisation("thrown"));
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    await db.transaction(async (tx) => {
      await tx.insert(client).values(organisation("kept"));
      await tx
        .transaction(async (inner) => {
          await inner.insert(client).values(organisation("inner"));
          inner.rollback();
        })
        .catch(() => {});
    });
    await expect(
      db.transaction(async (tx) =>
        tx
          .insert(client)
          .values(organisation("rolled"))
          .then(() => tx.rollback()),
      ),
    ).rejects.toThrow();
    expect(await titleOf("thrown")).toBeUndefined();
    expect(await titleOf("inner")).toBeUndefined();
    expect(await titleOf("rolled")).toBeUndefined();
    expect(await titleOf("kept")).toBe("Organisation kept");
  });

  it("keeps PostgreSQL's error fields, and the transaction after a failed one works", async () => {
    const { db } = connection;
    await db.insert(client).values(organisation("twice"));
    const error = await db
      .transaction((tx) => tx.insert(client).values(organisation("twice")))
      .catch((caught: unknown) => caught);
    expect(uniqueViolation(error)).toBe("client_slug_unique");
    const [row] = await selectRows<{ answer: number }>(db, sql`select 6 * 7 as answer`);
    expect(row.answer).toBe(42);
  });

  it("delivers a bid's notification after its commit, and none for a refused bid", async () => {
    const { db } = connection;
    const gala = await makeAuctionEvent(db);
    const item = await makeAuctionItem(db, gala.event_id);
    const ann = await makeBidder(db, gala.event_id);
    const payloads: string[] = [];
    const { unlisten } = await connection.listen(
      "gavel_realtime",
      (payload) => payloads.push(payload),
      () => {},
    );
    try {
      const bid = (amount: number) =>
        placeBid(db, {
          eventId: gala.event_id,
          itemId: item.auction_item_id,
          usrId: ann.usrId,
          submission: { kind: "bid", amount, maximum: null },
          idempotencyKey: null,
        });
      expect(await bid(12_000)).toMatchObject({ ok: true });
      await expect.poll(() => payloads.some((payload) => payload.includes(`"currentBid":12000`))).toBe(true);
      const before = payloads.length;
      expect(await bid(1)).toMatchObject({ ok: false });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(payloads).toHaveLength(before);
      const [row] = await db
        .select({ current: auction_item.current_bid })
        .from(auction_item)
        .where(eq(auction_item.auction_item_id, item.auction_item_id));
      expect(row.current).toBe(12_000);
    } finally {
      await unlisten();
    }
  });

  it("records bids in the database's thread, one message each, as the engine decides them", async () => {
    const { db } = connection;
    const gala = await makeAuctionEvent(db);
    const item = await makeAuctionItem(db, gala.event_id, { starting_bid: 10_000, increment: 1_000 });
    const [ann, bob] = [await makeBidder(db, gala.event_id), await makeBidder(db, gala.event_id)];
    const sent = vi.spyOn(PGliteWorkerClient.prototype, "procedure");
    try {
      const bid = (usrId: number, key: string, amount: number, maximum: number | null = null) =>
        placeBid(db, {
          eventId: gala.event_id,
          itemId: item.auction_item_id,
          usrId,
          submission: { kind: "bid", amount, maximum },
          idempotencyKey: key,
        });
      expect(await bid(ann.usrId, "ann-1", 10_000, 20_000)).toMatchObject({ ok: true, outcome: "winning" });
      // Ann's maximum answers Bob's bid at once: he is outbid, and she leads at his amount and one increment.
      expect(await bid(bob.usrId, "bob-1", 15_000)).toMatchObject({ ok: true, outcome: "outbid", repeated: false });
      expect(await bid(bob.usrId, "bob-1", 15_000)).toMatchObject({ ok: true, outcome: "outbid", repeated: true });
      expect(await bid(bob.usrId, "bob-2", 1)).toMatchObject({ ok: false, refusal: "too_low", nextMinimum: 17_000 });
      expect(sent).toHaveBeenCalledTimes(4);
    } finally {
      sent.mockRestore();
    }
    const ledger = await db
      .select({ usrId: bidTable.usr_id, amount: bidTable.bid, status: bidTable.status })
      .from(bidTable)
      .where(eq(bidTable.auction_item_id, item.auction_item_id))
      .orderBy(bidTable.bid_id);
    expect(ledger).toEqual([
      { usrId: ann.usrId, amount: 10_000, status: "outbid" },
      { usrId: bob.usrId, amount: 15_000, status: "outbid" },
      { usrId: ann.usrId, amount: 16_000, status: "winning" },
    ]);
    const [row] = await db
      .select({ current: auction_item.current_bid, count: auction_item.bid_count })
      .from(auction_item)
      .where(eq(auction_item.auction_item_id, item.auction_item_id));
    expect(row).toEqual({ current: 16_000, count: 3 });
  });

  it("gives Drizzle its dates as it parses them, and PGlite's own to a query that asks for no text", async () => {
    const { db } = connection;
    const closes = new Date("2026-12-31T21:30:00.000Z");
    const gala = await makeAuctionEvent(db);
    const item = await makeAuctionItem(db, gala.event_id, { closes_at: closes });
    const [row] = await db
      .select({ closesAt: auction_item.closes_at })
      .from(auction_item)
      .where(eq(auction_item.auction_item_id, item.auction_item_id));
    expect(row.closesAt).toEqual(closes);
    const worker = (db as unknown as { $client: PGliteWorkerClient }).$client;
    const plain = await worker.query<{ at: unknown; day: unknown }>(
      "select timestamptz '2026-12-31 21:30:00+00' as at, date '2026-12-31' as day",
    );
    expect(plain.rows[0].at).toEqual(closes);
    expect(plain.rows[0].day).toBeInstanceOf(Date);
    const someAsText = await worker.query<{ at: unknown; day: unknown }>(
      "select timestamptz '2026-12-31 21:30:00+00' as at, date '2026-12-31' as day",
      [],
      { parsers: { 1184: (value: string) => `text: ${value}` } },
    );
    expect(someAsText.rows[0].at).toBe("text: 2026-12-31 21:30:00+00");
    expect(someAsText.rows[0].day).toBeInstanceOf(Date);
  });

  it("closes after the open transaction, refusing what starts meanwhile, and leaves the folder whole", async () => {
    await connection.db.insert(client).values(organisation("durable"));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const open = connection.db.transaction(async (tx) => {
      await tx.insert(client).values(organisation("open"));
      await held;
      await tx.insert(client).values(organisation("open-2"));
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const closing = connection.close();
    await expect(titleOf("durable")).rejects.toMatchObject({
      cause: { message: "The embedded database is closed." },
    });
    release();
    await open;
    await closing;
    const reopened = new PGlite(dataDir);
    try {
      const { rows } = await reopened.query<{ title: string }>("select title from client where slug = 'durable'");
      expect(rows).toEqual([{ title: "Organisation durable" }]);
      const { rows: opened } = await reopened.query("select slug from client where slug like 'open%' order by slug");
      expect(opened).toEqual([{ slug: "open" }, { slug: "open-2" }]);
    } finally {
      await reopened.close();
    }
    expect(crashes).toEqual([]);
  });

  it("fails every waiting and later call, and says so once, when its thread dies", async () => {
    // A thread that ends at the first statement it is sent, as a crash of PostgreSQL's WebAssembly would.
    const dying = path.join(folder, "dying-worker.mjs");
    writeFileSync(
      dying,
      `import { parentPort } from "node:worker_threads"; parentPort.on("message", () => process.exit(3));`,
    );
    const told: Error[] = [];
    const broken = new PGliteWorkerClient(path.join(folder, "unused"), {
      workerFile: dying,
      onCrash: (error) => told.push(error),
    });
    await expect(broken.query("select 1")).rejects.toThrow("exit code 3");
    await expect(broken.query("select 1")).rejects.toThrow("exit code 3");
    expect(told.map((error) => error.message)).toEqual(["The embedded database's thread ended (exit code 3)."]);
  });

  it("ends a blocked wait at once when the thread says it is dying, with its reason", async () => {
    // A thread that opens the transaction, then dies on its next statement, which the app's thread waits for blocked.
    const dying = path.join(folder, "dying-in-transaction.mjs");
    writeFileSync(
      dying,
      `import { parentPort, workerData } from "node:worker_threads";
      const { answers, answered } = workerData;
      parentPort.on("message", (request) => {
        if (!request.waitedFor) return parentPort.postMessage({ id: request.id, ok: true, value: { rows: [], fields: [] } });
        answers.postMessage({ op: "died", error: { name: "RuntimeError", message: "memory access out of bounds", fields: {} } });
        Atomics.store(answered, 0, 2);
        Atomics.notify(answered, 0);
      });`,
    );
    const told: Error[] = [];
    const broken = new PGliteWorkerClient(path.join(folder, "unused"), {
      workerFile: dying,
      onCrash: (error) => told.push(error),
    });
    const started = Date.now();
    await expect(
      broken.transaction(async (tx) => {
        await tx.query("select 1");
        await tx.query("select 2");
      }),
    ).rejects.toThrow("memory access out of bounds");
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(told.map((error) => error.message)).toEqual(["memory access out of bounds"]);
    await expect(broken.query("select 3")).rejects.toThrow("memory access out of bounds");
    await broken.close();
  });
});
