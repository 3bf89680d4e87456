// A transaction PostgreSQL gave up for a deadlock or a serialization failure runs again (issue 19); other errors,
// and a conflict that keeps coming, go to the caller.
import { describe, expect, it } from "vitest";
import { isTransientConflict, retryTransient } from "~/db/errors.server";

/** An error as Drizzle wraps the driver's: the PostgreSQL code on its cause. */
const failure = (code: string) => Object.assign(new Error("Failed query"), { cause: { code } });

describe("retryTransient", () => {
  it("runs the work again after a deadlock and a serialization failure", async () => {
    const thrown = [failure("40P01"), failure("40001")];
    let runs = 0;
    const result = await retryTransient(async () => {
      runs++;
      const next = thrown.shift();
      if (next) throw next;
      return "placed";
    });
    expect(result).toBe("placed");
    expect(runs).toBe(3);
  });

  it("gives the caller any other error at once, and a conflict that outlasts the attempts", async () => {
    let runs = 0;
    await expect(
      retryTransient(async () => {
        runs++;
        throw failure("23505");
      }),
    ).rejects.toThrow("Failed query");
    expect(runs).toBe(1);
    runs = 0;
    await expect(
      retryTransient(async () => {
        runs++;
        throw failure("40001");
      }, 2),
    ).rejects.toThrow("Failed query");
    expect(runs).toBe(2);
  });

  it("tells the two conflicts from other errors", () => {
    expect(isTransientConflict(failure("40P01"))).toBe(true);
    expect(isTransientConflict(failure("23505"))).toBe(false);
    expect(isTransientConflict(new Error("network"))).toBe(false);
  });
});
