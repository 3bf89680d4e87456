// postgres.js's queue (node_modules/postgres/src/queue.js), as Gavel's patch leaves it (patches/postgres+3.4.9.patch):
// the pool keeps its connections and its waiting queries in these, and moves a connection by removing it from the
// queue it was in, often just after shifting it out. The patch keeps the array from growing a hole per shift for ever
// (a queue under a steady load is never emptied); these check that it is still the same first-in, first-out queue.
import { createRequire } from "node:module";
import { describe, expect, it, vi } from "vitest";

interface Queue<T> {
  readonly length: number;
  push(x: T): T;
  shift(): T | undefined;
  remove(x: T): T | null;
}

const Queue = createRequire(import.meta.url)("../../node_modules/postgres/cjs/src/queue.js") as <T>(
  initial?: T[],
) => Queue<T>;

const drain = <T>(queue: Queue<T>) => {
  const out: T[] = [];
  while (queue.length > 0) out.push(queue.shift()!);
  return out;
};

describe("postgres.js's queue", () => {
  it("gives back what it was given, in order, with its length", () => {
    const queue = Queue([1, 2]);
    queue.push(3);
    expect(queue.length).toBe(3);
    expect(drain(queue)).toEqual([1, 2, 3]);
    expect(queue.shift()).toBeUndefined();
  });

  it("removes an item wherever it is, once, and not one shifted out already", () => {
    const [a, b, c, d] = [{ n: "a" }, { n: "b" }, { n: "c" }, { n: "d" }];
    const queue = Queue([a, b, c, d]);
    expect(queue.shift()).toBe(a);
    expect(queue.remove(a)).toBeNull();
    expect(queue.remove(c)).toBe(c);
    expect(queue.remove(c)).toBeNull();
    expect(queue.length).toBe(2);
    expect(drain(queue)).toEqual([b, d]);
  });

  it("stays in order through a steady load that never empties it (the busy connections' pattern)", () => {
    // Ten connections: each turn shifts the longest-waiting one out, removes it again (a miss, as move() does), and
    // pushes it back; every seventh turn one leaves for good and another joins. 20,000 turns cut the array often.
    const connections = Array.from({ length: 10 }, (_, n) => ({ n }));
    const queue = Queue(connections);
    const expected = [...connections];
    let joined = connections.length;
    const wrongTurns: number[] = [];
    for (let turn = 0; turn < 20_000; turn += 1) {
      const next = queue.shift()!;
      if (next !== expected.shift() || queue.remove(next) !== null) wrongTurns.push(turn);
      if (turn % 7 === 0) {
        const leaving = expected[3]!;
        if (queue.remove(leaving) !== leaving) wrongTurns.push(turn);
        expected.splice(3, 1);
        const joining = { n: joined++ };
        queue.push(joining);
        expected.push(joining);
      }
      queue.push(next);
      expected.push(next);
      if (queue.length !== expected.length) wrongTurns.push(turn);
    }
    expect(wrongTurns).toEqual([]);
    expect(drain(queue)).toEqual(expected);
  });

  it("keeps its array small under that load: a shift leaves no hole for good", () => {
    // The array is the queue's own; its size shows in what remove() searches (Array.prototype.indexOf's `this`).
    const connections = Array.from({ length: 10 }, (_, n) => ({ n }));
    const queue = Queue(connections);
    const searched: number[] = [];
    const indexOf = Array.prototype.indexOf;
    const spy = vi.spyOn(Array.prototype, "indexOf").mockImplementation(function (this: unknown[], ...args) {
      searched.push(this.length);
      return indexOf.apply(this, args);
    });
    try {
      for (let turn = 0; turn < 20_000; turn += 1) {
        const next = queue.shift()!;
        queue.remove(next);
        queue.push(next);
      }
    } finally {
      spy.mockRestore();
    }
    expect(searched).toHaveLength(20_000);
    // Without the patch the array holds a hole for every turn: 20,009 at the end.
    expect(Math.max(...searched)).toBeLessThan(100);
  });
});
