/**
 * The messages between the app's thread and the thread that runs the embedded PGlite (docs/decisions/040-pglite-worker.md).
 * Everything here crosses by structured clone: no functions, so a query's row parsers stay on the app's side and the
 * worker is only told which column types to leave as text for them.
 */
import type { MessagePort } from "node:worker_threads";

/**
 * Where a statement runs: at the top level (PGlite queues it behind any open transaction) or in transaction `tx`,
 * which its first statement opens (`begin`): one message less between the threads while the transaction holds the
 * database.
 */
interface Scoped {
  id: number;
  tx?: number;
  begin?: boolean;
  /**
   * The app's thread waits for this answer, blocked: the answer goes to the answers port and the flag is raised. So
   * asks a statement of a transaction already open, which holds the database until the app sends its next one: the
   * app answers it at once instead of after whatever else its event loop holds.
   */
  waitedFor?: boolean;
}

export type WorkerRequest =
  | (Scoped & {
      op: "query";
      sql: string;
      params: unknown[];
      rowMode?: "array" | "object";
      paramTypes?: number[];
      /** Column types whose values come back as PostgreSQL's text, for the caller's own parsers. */
      textTypes: number[];
    })
  | (Scoped & { op: "exec"; sql: string })
  | { id: number; op: "commit" | "rollback"; tx: number; waitedFor?: boolean }
  /** A procedure (app/db/procedures.server.ts), run whole in the worker: its statements and transaction, one message. */
  | { id: number; op: "procedure"; name: string; args: unknown }
  | { id: number; op: "listen" | "unlisten"; channel: string }
  | { id: number; op: "close" };

/** What the worker is started with. */
export interface WorkerStart {
  dataDir: string;
  /** Where the answers the app's thread waits for go. */
  answers: MessagePort;
  /** An Int32Array over a SharedArrayBuffer: ANSWERED once such an answer is there, DIED if the thread is ending. */
  answered: Int32Array;
}

export const ANSWERED = 1;
export const DIED = 2;

export type WorkerReply =
  | { id: number; ok: true; value: unknown }
  /** On the answers port, as the thread ends on an error, so that a blocked wait learns why at once. */
  | { op: "died"; error: SerializedError }
  | { id: number; ok: false; error: SerializedError }
  | { op: "notification"; channel: string; payload: string };

/** An error's message and its own plain fields (PostgreSQL's code, constraint, detail…): what callers read from it. */
export interface SerializedError {
  name: string;
  message: string;
  stack?: string;
  fields: Record<string, string | number | boolean>;
}

export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { name: "Error", message: String(error), fields: {} };
  const fields: SerializedError["fields"] = {};
  for (const [key, value] of Object.entries(error))
    if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") fields[key] = value;
  return { name: error.name, message: error.message, stack: error.stack, fields };
}

/** The error again on the app's side, with the same message and fields; its stack is the database thread's. */
export function deserializeError(serialized: SerializedError): Error {
  const error = Object.assign(new Error(serialized.message), serialized.fields);
  error.name = serialized.name;
  if (serialized.stack) error.stack = serialized.stack;
  return error;
}
