import { describe, expect, it } from "vitest";
import { isDatabaseUnreachable, untilDatabaseAnswers } from "~/db/wait-for-database.server";

const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });

describe("start-up's wait for the database", () => {
  it("tries again while the server refuses connections or is starting, and goes on once it answers", async () => {
    let calls = 0;
    const logged: string[] = [];
    const result = await untilDatabaseAnswers(
      async () => {
        calls += 1;
        if (calls === 1) throw refused;
        // Drizzle wraps the driver's error: the code is on its cause.
        if (calls === 2) throw new Error("Failed query", { cause: { code: "57P03" } });
        return "migrated";
      },
      { everyMs: 1, log: (line) => logged.push(line) },
    );
    expect(result).toBe("migrated");
    expect(calls).toBe(3);
    expect(logged).toHaveLength(1);
  });

  it("fails at once on any other error, and after its wait on an unreachable server", async () => {
    const wrongPassword = Object.assign(new Error("password authentication failed"), { code: "28P01" });
    let calls = 0;
    await expect(
      untilDatabaseAnswers(async () => {
        calls += 1;
        throw wrongPassword;
      }),
    ).rejects.toBe(wrongPassword);
    expect(calls).toBe(1);
    await expect(
      untilDatabaseAnswers(
        async () => {
          throw refused;
        },
        { waitMs: 20, everyMs: 5, log: () => {} },
      ),
    ).rejects.toBe(refused);
    expect(isDatabaseUnreachable(new Error("syntax error"))).toBe(false);
  });

  it("knows a connection that timed out or closed, and an embedded database that was closed", () => {
    const closed = Object.assign(new Error("write CONNECTION_CLOSED"), { code: "CONNECTION_CLOSED" });
    const timedOut = Object.assign(new Error("write CONNECT_TIMEOUT"), { code: "CONNECT_TIMEOUT" });
    for (const error of [closed, timedOut, new Error("Failed query", { cause: new Error("PGlite is closed") })])
      expect(isDatabaseUnreachable(error)).toBe(true);
  });
});
