// freshRead: many callers of one key share reads, yet none gets a result whose read began before its call.
import { describe, expect, it } from "vitest";
import { freshRead } from "~/realtime/fresh-read.server";

/** A read whose end the test decides; `started` counts reads begun, each result names its read. */
function controlledReads() {
  const ends: Array<{ resolve: (value: string) => void; reject: (error: Error) => void }> = [];
  const reads = {
    started: 0,
    read: () =>
      new Promise<string>((resolve, reject) => {
        reads.started += 1;
        const number = reads.started;
        ends.push({ resolve: () => resolve(`read ${number}`), reject });
      }),
    end: (index: number) => ends[index].resolve(""),
    fail: (index: number) => ends[index].reject(new Error(`read ${index + 1} failed`)),
  };
  return reads;
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("freshRead", () => {
  it("runs one read for a lone caller, and a new one for the next caller after it", async () => {
    const reads = controlledReads();
    const first = freshRead("a", reads.read);
    reads.end(0);
    await expect(first).resolves.toBe("read 1");
    const second = freshRead("a", reads.read);
    await tick();
    reads.end(1);
    await expect(second).resolves.toBe("read 2");
    expect(reads.started).toBe(2);
  });

  it("gives everyone who asked during a read the one read started after it, never the read already running", async () => {
    const reads = controlledReads();
    const first = freshRead("b", reads.read);
    const during = Array.from({ length: 50 }, () => freshRead("b", reads.read));
    await tick();
    expect(reads.started).toBe(1);
    reads.end(0);
    await expect(first).resolves.toBe("read 1");
    await tick();
    expect(reads.started).toBe(2);
    // Asked while the second runs: they wait for a third.
    const later = freshRead("b", reads.read);
    reads.end(1);
    expect(await Promise.all(during)).toEqual(Array(50).fill("read 2"));
    await tick();
    reads.end(2);
    await expect(later).resolves.toBe("read 3");
    expect(reads.started).toBe(3);
  });

  it("fails only the callers of a failed read; those waiting get the next", async () => {
    const reads = controlledReads();
    const first = freshRead("c", reads.read);
    const waiting = freshRead("c", reads.read);
    reads.fail(0);
    await expect(first).rejects.toThrow("read 1 failed");
    await tick();
    reads.end(1);
    await expect(waiting).resolves.toBe("read 2");
  });

  it("keeps keys apart", async () => {
    const reads = controlledReads();
    const one = freshRead("d", reads.read);
    const other = freshRead("e", reads.read);
    expect(reads.started).toBe(2);
    reads.end(0);
    reads.end(1);
    expect(await Promise.all([one, other])).toEqual(["read 1", "read 2"]);
  });
});
