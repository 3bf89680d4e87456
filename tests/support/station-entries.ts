// Sending an entry as a staff station's queue does (app/stations/use-station-queue.ts): the form's fields with the
// entry's key, when it was taken (agoMs before it is sent) and whether it was taken offline; the route's answer read.
import { randomUUID } from "node:crypto";
import { call, makeRequest, type RouteFunction } from "./route-calls";

export interface EntryOptions {
  key?: string;
  agoMs?: number;
  offline?: boolean;
}

export interface SentEntry {
  status: number;
  answer: { outcome: string; message: string; replayed: boolean; answer: never };
}

export async function sendEntry(
  action: unknown,
  url: string,
  cookie: string,
  fields: Record<string, string>,
  { key = randomUUID(), agoMs = 0, offline = false }: EntryOptions = {},
): Promise<SentEntry> {
  const sentAt = new Date();
  const outcome = await call(
    action as RouteFunction,
    makeRequest(url, {
      cookie,
      form: {
        ...fields,
        entry_key: key,
        occurred_at: new Date(sentAt.getTime() - agoMs).toISOString(),
        sent_at: sentAt.toISOString(),
        taken_offline: offline ? "yes" : "no",
      },
    }),
  );
  const answer = outcome.status === 200 ? await outcome.response!.json() : null;
  return { status: outcome.status, answer };
}
