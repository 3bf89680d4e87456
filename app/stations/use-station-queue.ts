/**
 * A staff station's queue (docs/decisions/041-offline-stations.md): with JavaScript, every action the station takes
 * is written to the browser's durable queue (station-queue.ts) with a key and the time it was taken, shown at once
 * as pending, and sent to the station's sync route in the order taken, one at a time, until each is answered. Offline,
 * entries wait; when the network is back they go, each recorded once by its key however often it is sent. The
 * station reads its status (online, offline, sending N, signed out) and the latest answer from here, and a tab with
 * entries not yet sent warns before it closes.
 */
import { useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { ENTRY_FIELDS, type SyncAnswer } from "./station-entry";
import { putEntry, queuedEntries, removeEntry, type QueuedEntry } from "./station-queue";
import { useStationWorker } from "./use-station-worker";

export type StationStatus = "online" | "offline" | "sending" | "signed-out";

/** What the replay after an outage came to, for the station's status line. */
export interface ReplaySummary {
  sent: number;
  conflicts: number;
}

export interface StationQueue<Answer> {
  status: StationStatus;
  /** Entries taken and not answered yet, oldest first. */
  waiting: QueuedEntry[];
  /** Entries recorded as asked whose change the page's data does not show yet (it is loading again). */
  confirmed: QueuedEntry[];
  /** The answer to the latest entry sent. */
  latest: SyncAnswer<Answer> | null;
  /** After entries taken offline were sent: how many, and how many the server turned down. */
  replay: ReplaySummary | null;
  take(intent: string, fields: [string, string][], label: string): void;
  /**
   * A newer submission (refused on this device before it was queued, or queued and not answered yet) was made: the
   * latest answer is no longer about what the station shows, and stops showing until the next one comes.
   */
  supersede(): void;
}

const RETRY_MIN_MS = 1_000;
const RETRY_MAX_MS = 15_000;

export function useStationQueue<Answer>({
  queue,
  syncUrl,
  loaded,
}: {
  /** The station and event ("door:12"). */
  queue: string;
  syncUrl: string;
  /** The page's loader data: when it changes, answered entries are in it and stop showing as pending. */
  loaded: unknown;
}): StationQueue<Answer> {
  useStationWorker(loaded);
  const revalidator = useRevalidator();
  // Read when a drain ends: the revalidator changes with every render, the drain must not.
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const [waiting, setWaiting] = useState<QueuedEntry[]>([]);
  const [confirmed, setConfirmed] = useState<QueuedEntry[]>([]);
  const [latest, setLatest] = useState<SyncAnswer<Answer> | null>(null);
  const [replay, setReplay] = useState<ReplaySummary | null>(null);
  const [online, setOnline] = useState(true);
  const [unreachable, setUnreachable] = useState(false);
  const [sending, setSending] = useState(false);
  const [signedOut, setSignedOut] = useState(false);
  const draining = useRef(false);
  const retry = useRef<{ timer: ReturnType<typeof setTimeout> | null; wait: number }>({ timer: null, wait: 0 });
  // Entries kept in memory when the browser's storage refuses them (a private window): still sent, not durable.
  const unsaved = useRef(new Map<string, QueuedEntry>());

  const readQueue = useCallback(async () => {
    const stored = await queuedEntries(queue).catch(() => []);
    const all = [...stored, ...[...unsaved.current.values()].filter((entry) => entry.queue === queue)];
    return all.sort((a, b) => a.seq - b.seq);
  }, [queue]);

  const drain = useCallback(async () => {
    if (draining.current) return;
    draining.current = true;
    if (retry.current.timer) clearTimeout(retry.current.timer);
    retry.current.timer = null;
    const summary: ReplaySummary = { sent: 0, conflicts: 0 };
    let answers = 0;
    try {
      // One tab of a station sends at a time: the server would record a double send once, but each tab would then
      // see the other's entries answered as replays. A tab that waits looks again shortly.
      const ran = await oneTabAtATime(`gavel-station:${queue}`, async () => {
        for (;;) {
          const entries = await readQueue();
          setWaiting(entries);
          const [next] = entries;
          if (!next) return;
          setSending(true);
          const sent = await send(syncUrl, next);
          if (sent.kind === "unreachable") {
            setUnreachable(true);
            if (!next.takenOffline) await keep({ ...next, takenOffline: true });
            return scheduleRetry();
          }
          setUnreachable(false);
          // Signed out: the entries wait, and go once the person has signed in again (in another tab).
          if (sent.kind === "signed-out") {
            setSignedOut(true);
            return scheduleRetry();
          }
          if (sent.kind === "busy") return scheduleRetry();
          setSignedOut(false);
          retry.current.wait = 0;
          answers += 1;
          await forget(next.key);
          if (next.takenOffline) {
            summary.sent += 1;
            if (sent.answer.outcome !== "done") summary.conflicts += 1;
          }
          setLatest(sent.answer as SyncAnswer<Answer>);
          if (sent.answer.outcome === "done") setConfirmed((list) => [...list, next]);
        }
      });
      if (!ran) {
        setWaiting(await readQueue());
        scheduleRetry();
      }
    } finally {
      draining.current = false;
      setSending(false);
      if (summary.sent > 0) setReplay(summary);
      if (answers > 0) revalidate.current();
    }

    function scheduleRetry() {
      retry.current.wait = Math.min(RETRY_MAX_MS, Math.max(RETRY_MIN_MS, retry.current.wait * 2));
      retry.current.timer = setTimeout(() => void drain(), retry.current.wait);
    }
    async function keep(entry: QueuedEntry) {
      if (unsaved.current.has(entry.key)) unsaved.current.set(entry.key, entry);
      else await putEntry(entry).catch(() => unsaved.current.set(entry.key, entry));
    }
    async function forget(key: string) {
      unsaved.current.delete(key);
      await removeEntry(key).catch(() => undefined);
    }
  }, [queue, syncUrl, readQueue]);

  const take = useCallback(
    (intent: string, fields: [string, string][], label: string) => {
      const entry: QueuedEntry = {
        key: entryKey(),
        queue,
        seq: nextSeq(),
        intent,
        fields,
        occurredAt: new Date().toISOString(),
        takenOffline: !navigator.onLine,
        label,
      };
      setWaiting((entries) => [...entries, entry]);
      setReplay(null);
      void putEntry(entry)
        .catch(() => unsaved.current.set(entry.key, entry))
        .then(() => drain());
    },
    [queue, drain],
  );

  const supersede = useCallback(() => setLatest(null), []);

  useEffect(() => {
    const retrying = retry.current;
    setOnline(navigator.onLine);
    const goOnline = () => {
      setOnline(true);
      void drain();
    };
    const goOffline = () => setOnline(false);
    window.addEventListener("online", goOnline);
    window.addEventListener("offline", goOffline);
    // What an earlier visit left unsent goes now.
    void drain();
    return () => {
      window.removeEventListener("online", goOnline);
      window.removeEventListener("offline", goOffline);
      if (retrying.timer) clearTimeout(retrying.timer);
    };
  }, [drain]);

  // Confirmed entries show until the page's data has them.
  useEffect(() => {
    setConfirmed((list) => (list.length === 0 ? list : []));
  }, [loaded]);

  const unsent = waiting.length;
  useEffect(() => {
    if (unsent === 0) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [unsent]);

  const status: StationStatus = signedOut
    ? "signed-out"
    : !online || unreachable
      ? "offline"
      : sending || unsent > 0
        ? "sending"
        : "online";
  return { status, waiting, confirmed, latest, replay, take, supersede };
}

type Sent =
  { kind: "answered"; answer: SyncAnswer } | { kind: "unreachable" } | { kind: "signed-out" } | { kind: "busy" };

async function send(syncUrl: string, entry: QueuedEntry): Promise<Sent> {
  const body = new URLSearchParams([
    ["intent", entry.intent],
    ...entry.fields,
    [ENTRY_FIELDS.key, entry.key],
    [ENTRY_FIELDS.occurredAt, entry.occurredAt],
    [ENTRY_FIELDS.sentAt, new Date().toISOString()],
    [ENTRY_FIELDS.takenOffline, entry.takenOffline ? "yes" : "no"],
  ]);
  let response: Response;
  try {
    // A redirect is the sign-in page: the session ended, and the entry must wait for it, not follow it.
    response = await fetch(syncUrl, {
      method: "POST",
      body,
      redirect: "manual",
      headers: { Accept: "application/json" },
    });
  } catch {
    return { kind: "unreachable" };
  }
  if (response.type === "opaqueredirect" || response.status === 401 || response.status === 403)
    return { kind: "signed-out" };
  if (response.ok) return { kind: "answered", answer: (await response.json()) as SyncAnswer };
  if (response.status === 400)
    // The server cannot read the entry at all (an old page's entry for an action since renamed): said, not kept.
    return {
      kind: "answered",
      answer: { key: entry.key, outcome: "refused", message: await response.text(), answer: null, replayed: false },
    };
  return { kind: "busy" };
}

/** Runs `run` unless another tab holds the lock; false when it did not run. */
async function oneTabAtATime(name: string, run: () => Promise<void>): Promise<boolean> {
  if (!("locks" in navigator)) {
    await run();
    return true;
  }
  return navigator.locks.request(name, { ifAvailable: true }, async (lock) => {
    if (!lock) return false;
    await run();
    return true;
  });
}

let lastSeq = 0;
/** Increasing within this page and across reloads (entries left by an earlier visit come first). */
function nextSeq() {
  lastSeq = Math.max(lastSeq + 1, Date.now() * 1000);
  return lastSeq;
}

/** A random key (UUID v4 form) that also works where crypto.randomUUID does not (a page not on HTTPS). */
function entryKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
