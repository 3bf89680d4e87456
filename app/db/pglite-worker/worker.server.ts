/**
 * The thread that runs the embedded PGlite for the app's process (docs/decisions/040-pglite-worker.md): PostgreSQL in
 * WebAssembly is synchronous, so run in the app's thread it kept that thread from accepting connections and reading
 * requests while a statement ran. Here it answers the app's client (client.server.ts) one message at a time, and
 * PGlite's own queue orders them as it would in the app's thread: a statement outside a transaction waits for the
 * open transaction to end. Built, with the procedures it runs, from app/pglite-worker.server.ts to build/pglite-worker.js
 * (scripts/build-cli.mjs); started with a WorkerStart (protocol.ts).
 */
import { parentPort, workerData } from "node:worker_threads";
import { PGlite, type Transaction } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { keepingPlans } from "../pglite-plans";
import { ANSWERED, DIED, serializeError, type WorkerReply, type WorkerRequest, type WorkerStart } from "./protocol";
import { forDrizzle, keepTextTypes, parsersFor } from "./text-types";
import type { Procedure } from "../procedures.server";

if (!parentPort) throw new Error("pglite-worker runs as a worker thread (new Worker), not on its own.");
const port = parentPort;
const { dataDir, answers, answered } = workerData as WorkerStart;
const pglite = new PGlite(dataDir);
const textTypesKept = keepTextTypes(pglite);
/** The app's statements and the procedures' run on it, prepared on their second sighting (pglite-plans.ts). */
const database = keepingPlans(pglite);
/** The procedures' handle: the same Drizzle over the same PGlite, so their statements queue with the app's. */
const db = drizzle(forDrizzle(database));

interface OpenTransaction {
  tx: Transaction;
  /** Ends the transaction's callback: PGlite then commits, or rolls back when `rollback` is true. */
  end(rollback: boolean): void;
  /** Settles when PGlite has committed or rolled back. */
  ended: Promise<unknown>;
}

const procedures = new Map<string, Procedure<never, unknown>>();

/** The procedures this thread runs, by name: its entry point (app/pglite-worker.server.ts) names them as it starts. */
export function runProcedures(list: readonly Procedure<never, unknown>[]) {
  for (const one of list) procedures.set(one.name, one);
}

/** By id, from the message of its first statement on: statements sent before it has opened wait for it. */
const transactions = new Map<number, Promise<OpenTransaction>>();
const unlisteners = new Map<string, () => Promise<void>>();

/** Thrown into a transaction's callback so that PGlite rolls it back; not an error for the app. */
const ROLLBACK = Symbol("rollback");

/** Where a statement runs. Called as its message arrives, so a transaction's first statement registers it at once. */
function scope({ tx, begin: opens }: { tx?: number; begin?: boolean }): Promise<Pick<Transaction, "query" | "exec">> {
  if (tx === undefined) return Promise.resolve(database);
  if (opens) transactions.set(tx, begin());
  const opening = transactions.get(tx);
  if (!opening) return Promise.reject(new Error(`Transaction ${tx} is not open.`));
  return opening.then((open) => open.tx);
}

/** Opens a transaction whose callback waits for the app's commit or rollback; resolves once it is open. */
function begin(): Promise<OpenTransaction> {
  return new Promise((opened, failed) => {
    let isOpen = false;
    const ended = database.transaction(
      (tx) =>
        new Promise((commit, rollback) => {
          isOpen = true;
          opened({ tx, end: (back) => (back ? rollback(ROLLBACK) : commit(undefined)), ended });
        }),
    );
    // Before it opens, a failure is begin's; after, the commit or rollback that ends it reports it.
    ended.catch((error: unknown) => {
      if (!isOpen) failed(error);
    });
  });
}

async function answer(request: WorkerRequest): Promise<unknown> {
  switch (request.op) {
    case "query": {
      await textTypesKept;
      return (await scope(request)).query(request.sql, request.params, {
        rowMode: request.rowMode,
        paramTypes: request.paramTypes,
        parsers: parsersFor(request.textTypes),
      });
    }
    case "exec":
      return (await scope(request)).exec(request.sql);
    case "commit":
    case "rollback": {
      const opening = transactions.get(request.tx);
      transactions.delete(request.tx);
      if (!opening) throw new Error(`Transaction ${request.tx} is not open.`);
      // One that could not open has nothing to roll back; its commit fails as its first statement did.
      const open = await (request.op === "rollback" ? opening.catch(() => null) : opening);
      if (!open) return null;
      open.end(request.op === "rollback");
      try {
        await open.ended;
      } catch (error) {
        if (error !== ROLLBACK) throw error;
      }
      return null;
    }
    case "procedure": {
      const named = procedures.get(request.name);
      if (!named) throw new Error(`The database's thread runs no procedure ${request.name}.`);
      await textTypesKept;
      return named.run(db, request.args as never);
    }
    case "listen": {
      const channel = request.channel;
      unlisteners.set(
        channel,
        await database.listen(channel, (payload) => port.postMessage({ op: "notification", channel, payload })),
      );
      return null;
    }
    case "unlisten":
      await unlisteners.get(request.channel)?.();
      unlisteners.delete(request.channel);
      return null;
    case "close":
      await database.close();
      return null;
  }
}

function reply(request: WorkerRequest, message: WorkerReply) {
  if (!("waitedFor" in request && request.waitedFor)) return port.postMessage(message);
  answers.postMessage(message);
  Atomics.store(answered, 0, ANSWERED);
  Atomics.notify(answered, 0);
}

// The app's thread may be blocked waiting for an answer: tell it the thread is ending, and why, before it ends.
process.on("uncaughtException", (error) => {
  answers.postMessage({ op: "died", error: serializeError(error) } satisfies WorkerReply);
  Atomics.store(answered, 0, DIED);
  Atomics.notify(answered, 0);
  port.postMessage({ op: "died", error: serializeError(error) } satisfies WorkerReply);
  process.exit(1);
});

port.on("message", (request: WorkerRequest) => {
  answer(request).then(
    (value) => reply(request, { id: request.id, ok: true, value }),
    (error: unknown) => reply(request, { id: request.id, ok: false, error: serializeError(error) }),
  );
});
