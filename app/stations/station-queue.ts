/**
 * A station's durable queue in the browser (IndexedDB): every action a station takes is written here first, with a
 * key and the time it was taken, and stays until the server has answered it. A closed tab, a reload or a flat battery
 * keeps it; the next page load sends what is left. Browser-only: every function needs `indexedDB`.
 */
export interface QueuedEntry {
  key: string;
  /** The station and event the entry belongs to ("door:12"): a tablet may have worked two events. */
  queue: string;
  /** Order of taking, for a replay in the same order. */
  seq: number;
  intent: string;
  /** The form's fields, in order (a name may repeat). */
  fields: [string, string][];
  occurredAt: string;
  /** Not sent at once: the station was offline, or the first send got no answer. */
  takenOffline: boolean;
  /** What the station shows while the entry waits ("Check in Ada Lovelace"). */
  label: string;
}

const DATABASE = "gavel-stations";
const STORE = "entries";

let opened: Promise<IDBDatabase> | null = null;

function database(): Promise<IDBDatabase> {
  opened ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => {
      const store = request.result.createObjectStore(STORE, { keyPath: "key" });
      store.createIndex("queue", ["queue", "seq"]);
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => {
      opened = null;
      reject(request.error);
    };
  });
  return opened;
}

function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function store(mode: IDBTransactionMode) {
  return (await database()).transaction(STORE, mode).objectStore(STORE);
}

/** The queue's entries in the order they were taken. */
export async function queuedEntries(queue: string): Promise<QueuedEntry[]> {
  const range = IDBKeyRange.bound([queue, -Infinity], [queue, Infinity]);
  return done((await store("readonly")).index("queue").getAll(range) as IDBRequest<QueuedEntry[]>);
}

export async function putEntry(entry: QueuedEntry): Promise<void> {
  await done((await store("readwrite")).put(entry));
}

export async function removeEntry(key: string): Promise<void> {
  await done((await store("readwrite")).delete(key));
}
