/**
 * One read for many callers that each need a result read after they asked: a room's phones opening their streams
 * at once (the venue's Wi-Fi back after a drop) each need a snapshot read after they subscribed, or they could miss
 * a change made in between. Without sharing, every phone runs the same board query at the same moment and the last
 * waits for all the others; here at most one read per key runs, and those who ask meanwhile share the next one,
 * started when it ends. A caller never gets a result begun before its call.
 */

interface Reads {
  running: Promise<unknown> | null;
  /** The read that starts when the running one ends, shared by everyone who asked since it began. */
  next: Promise<unknown> | null;
}

const readsByKey = new Map<string, Reads>();

/** The result of `read`, or of the same key's read that starts next: callers of one key must ask for the same thing. */
export function freshRead<T>(key: string, read: () => Promise<T>): Promise<T> {
  let reads = readsByKey.get(key);
  if (!reads) readsByKey.set(key, (reads = { running: null, next: null }));
  const slot = reads;
  const start = (): Promise<T> => {
    const running = read().finally(() => {
      if (slot.running === running) slot.running = null;
      if (!slot.running && !slot.next && readsByKey.get(key) === slot) readsByKey.delete(key);
    });
    slot.running = running;
    return running;
  };
  if (slot.next) return slot.next as Promise<T>;
  if (!slot.running) return start();
  const next = slot.running
    .catch(() => {})
    .then(() => {
      slot.next = null;
      return start();
    });
  slot.next = next;
  return next;
}
