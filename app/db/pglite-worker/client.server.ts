/**
 * The embedded PGlite run in a worker thread (worker.server.ts), behind a client with the part of PGlite's surface that
 * Drizzle's pglite driver and the app use: query, exec, transaction (with rollback), listen and close
 * (docs/decisions/040-pglite-worker.md). Statements and transactions are ordered by PGlite's own queue in the worker,
 * so the app sees what it saw with PGlite in its own thread, while its thread stays free to take connections and
 * requests as the database works on another core. Only an open transaction's statements are waited for blocked, so
 * that the transaction holds the database no longer than its own work (see `transaction`).
 *
 * If the thread dies, every waiting and later call fails with the reason, and `onCrash` is told once: the server
 * exits then, so that what supervises it starts it again, instead of answering nothing.
 */
import { existsSync } from "node:fs";
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from "node:worker_threads";
import { deserializeError, type WorkerReply, type WorkerRequest, type WorkerStart } from "./protocol";
import type { QueryOptions, Results } from "@electric-sql/pglite";

/** What the driver calls inside a transaction. */
export interface WorkerTransaction {
  query<Row>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<Row>>;
  exec(sql: string, options?: QueryOptions): Promise<Results[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

export interface PGliteWorkerOptions {
  /** The worker's built script (scripts/build-cli.mjs writes build/pglite-worker.js). */
  workerFile: string;
  /** Told once when the thread ends without being closed; every call fails from then on. */
  onCrash(error: Error): void;
}

type RequestBody = WorkerRequest extends infer Request
  ? Request extends WorkerRequest
    ? Omit<Request, "id">
    : never
  : never;

/**
 * How long the app's thread waits, blocked, for a statement of an open transaction. A thread that has not answered by
 * then is taken for dead: the server exits rather than hang (PGlite in the app's thread blocked it as long).
 */
const BLOCKED_WAIT_LIMIT_MS = 120_000;

export class PGliteWorkerClient {
  private readonly worker: Worker;
  private readonly answers: MessagePort;
  private readonly answered = new Int32Array(new SharedArrayBuffer(4));
  private readonly waiting = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();
  private nextId = 1;
  private closing = false;
  private failure: Error | null = null;

  constructor(
    dataDir: string,
    private readonly options: PGliteWorkerOptions,
  ) {
    if (!existsSync(options.workerFile))
      throw new Error(`The embedded database's worker script ${options.workerFile} is missing: run npm run build.`);
    const { port1, port2 } = new MessageChannel();
    this.answers = port1;
    const start: WorkerStart = { dataDir, answers: port2, answered: this.answered };
    this.worker = new Worker(options.workerFile, { workerData: start, transferList: [port2] });
    this.worker.on("message", (reply: WorkerReply) => this.receive(reply));
    this.worker.on("error", (error) => this.fail(error));
    this.worker.on("exit", (code) => this.fail(new Error(`The embedded database's thread ended (exit code ${code}).`)));
  }

  query<Row>(sql: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<Row>> {
    return this.runQuery<Row>({}, sql, params, options);
  }

  exec(sql: string, options?: QueryOptions): Promise<Results[]> {
    refuseUnsupported(options);
    return this.send({ op: "exec", sql }) as Promise<Results[]>;
  }

  /**
   * Like PGlite's: commits when `work` returns, rolls back when it throws or called `rollback`. The transaction
   * opens with its first statement; one that sends none has nothing to commit.
   */
  async transaction<T>(work: (tx: WorkerTransaction) => Promise<T>): Promise<T> {
    const id = this.nextId++;
    let state = "unopened" as "unopened" | "opening" | "open" | "closed";
    // The first statement opens the transaction, after those before it, as any statement outside one. Once open, the
    // transaction holds the database, and its statements are waited for blocked (WorkerRequest's waitedFor); never
    // before, or the app's thread would wait for a transaction that needs it to end.
    const scope = () => {
      if (state === "closed") throw new Error("Transaction is closed");
      const begin = state === "unopened";
      if (begin) state = "opening";
      return { tx: id, begin, waitedFor: state === "open" };
    };
    const opened = () => {
      if (state === "opening") state = "open";
    };
    const end = async (op: "commit" | "rollback") => {
      const wasOpen = state === "open" || state === "opening";
      const waitedFor = state === "open";
      state = "closed";
      if (wasOpen) await this.send({ op, tx: id, waitedFor });
    };
    const tx: WorkerTransaction = {
      query: async <Row>(sql: string, params: unknown[] = [], options?: QueryOptions) => {
        const where = scope();
        const running = this.runQuery<Row>(where, sql, params, options);
        return where.begin ? running.finally(opened) : running;
      },
      exec: async (sql, options) => {
        refuseUnsupported(options);
        const where = scope();
        const running = this.send({ op: "exec", sql, ...where }) as Promise<Results[]>;
        return where.begin ? running.finally(opened) : running;
      },
      rollback: async () => {
        if (state === "closed") throw new Error("Transaction is closed");
        await end("rollback");
      },
      get closed() {
        return state === "closed";
      },
    };
    let result: T;
    try {
      result = await work(tx);
    } catch (error) {
      if (state !== "closed") await end("rollback");
      throw error;
    }
    if (state !== "closed") await end("commit");
    return result;
  }

  /**
   * Runs the procedure of that name in the database's thread (app/db/procedures.server.ts), in one message: answered
   * like a statement outside a transaction, after those before it.
   */
  procedure(name: string, args: unknown): Promise<unknown> {
    return this.send({ op: "procedure", name, args });
  }

  /** LISTENs on `channel`; notifications are delivered after their transaction commits, as in PGlite. */
  async listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
    let callbacks = this.listeners.get(channel);
    if (!callbacks) {
      callbacks = new Set();
      this.listeners.set(channel, callbacks);
      await this.send({ op: "listen", channel });
    }
    callbacks.add(onPayload);
    return async () => {
      callbacks.delete(onPayload);
      if (callbacks.size > 0 || this.listeners.get(channel) !== callbacks) return;
      this.listeners.delete(channel);
      await this.send({ op: "unlisten", channel });
    };
  }

  async close(): Promise<void> {
    if (this.closing || this.failure) return;
    this.closing = true;
    try {
      await this.send({ op: "close" });
    } finally {
      this.answers.close();
      await this.worker.terminate();
    }
  }

  private async runQuery<Row>(
    scope: { tx?: number; begin?: boolean },
    sql: string,
    params: unknown[],
    options: QueryOptions | undefined,
  ): Promise<Results<Row>> {
    refuseUnsupported(options);
    const parsers = options?.parsers ?? {};
    const textTypes = Object.keys(parsers).map(Number);
    const results = (await this.send({
      op: "query",
      ...scope,
      sql,
      params,
      rowMode: options?.rowMode,
      paramTypes: options?.paramTypes,
      textTypes,
    })) as Results<Row>;
    if (textTypes.length > 0) parseColumns(results as Results, parsers, options?.rowMode === "array");
    return results;
  }

  private send(body: RequestBody): Promise<unknown> {
    if (this.failure) return Promise.reject(this.failure);
    const ofOpenTransaction = "tx" in body && body.tx !== undefined && !("begin" in body && body.begin);
    // Closing, PGlite lets the open transaction finish first; nothing new starts.
    if (this.closing && body.op !== "close" && !ofOpenTransaction)
      return Promise.reject(new Error("The embedded database is closed."));
    const id = this.nextId++;
    // Never blocked while closing: the thread may end before it answers, and the wait would last its whole limit.
    const blocked = "waitedFor" in body && body.waitedFor && !this.closing;
    if (blocked) return this.sendAndWait({ ...body, id } as WorkerRequest);
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ ...body, id, waitedFor: false } as WorkerRequest);
    });
  }

  /** Sends the request and blocks the thread until its answer is there (Atomics.wait on the shared flag). */
  private async sendAndWait(request: WorkerRequest): Promise<unknown> {
    Atomics.store(this.answered, 0, 0);
    this.worker.postMessage(request);
    // The flag, not the wake-up, says the answer is there: the notify of the previous answer can arrive late, when the
    // worker was descheduled between raising the flag and notifying.
    const deadline = Date.now() + BLOCKED_WAIT_LIMIT_MS;
    while (Atomics.load(this.answered, 0) === 0 && Date.now() < deadline)
      Atomics.wait(this.answered, 0, 0, deadline - Date.now());
    const received = receiveMessageOnPort(this.answers);
    if (!received) {
      const silence = new Error(`The embedded database's thread did not answer in ${BLOCKED_WAIT_LIMIT_MS / 1000} s.`);
      this.fail(silence);
      throw this.failure ?? silence;
    }
    const reply = received.message as WorkerReply;
    if ("op" in reply) {
      const died =
        reply.op === "died" ? deserializeError(reply.error) : new Error(`Unexpected ${reply.op} as an answer.`);
      this.fail(died);
      throw died;
    }
    if (reply.ok) return reply.value;
    throw deserializeError(reply.error);
  }

  private receive(reply: WorkerReply) {
    if ("op" in reply && reply.op === "died") return this.fail(deserializeError(reply.error));
    if ("op" in reply) {
      for (const onPayload of this.listeners.get(reply.channel) ?? []) onPayload(reply.payload);
      return;
    }
    const waiter = this.waiting.get(reply.id);
    this.waiting.delete(reply.id);
    if (reply.ok) waiter?.resolve(reply.value);
    else waiter?.reject(deserializeError(reply.error));
  }

  private fail(error: Error) {
    if (this.failure) return;
    this.failure = this.closing ? new Error("The embedded database is closed.") : error;
    for (const waiter of this.waiting.values()) waiter.reject(this.failure);
    this.waiting.clear();
    if (this.closing) return;
    // A thread that stopped answering may still run: nothing will be asked of it again.
    this.answers.close();
    void this.worker.terminate();
    this.options.onCrash(error);
  }
}

/** Options whose functions or files cannot cross to the worker; nothing in the app passes them. */
function refuseUnsupported(options: QueryOptions | undefined) {
  if (options?.serializers || options?.blob || options?.onNotice)
    throw new Error("PGlite's serializers, blob and onNotice options are not supported through its worker thread.");
}

/** Applies the caller's parsers to the columns the worker left as text. */
function parseColumns(results: Results, parsers: NonNullable<QueryOptions["parsers"]>, arrayMode: boolean) {
  results.fields.forEach((field, index) => {
    const parse = parsers[field.dataTypeID];
    if (!parse) return;
    const key = arrayMode ? index : field.name;
    for (const row of results.rows as Record<string | number, unknown>[]) {
      const value = row[key];
      if (typeof value === "string") row[key] = parse(value);
    }
  });
}
