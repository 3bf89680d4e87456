import { expect, test } from "@playwright/test";
import { startServerProcess, waitForHealth } from "./support/server-process";

test.describe("the server process", () => {
  test("starts on an empty embedded database, then closes it and exits on SIGTERM", async () => {
    const server = await startServerProcess();
    try {
      await waitForHealth(server.url);
      server.child.kill("SIGTERM");
      expect(await server.exited).toBe(0);
      expect(server.output()).toContain("SIGTERM received: closing the database.");
    } finally {
      server.dispose();
    }
  });

  for (const [variable, value] of [
    ["SESSION_SECRET", "too-short"],
    ["DATABASE_URL", "mysql://localhost/gavel"],
    ["SEED_DEMO", "perhaps"],
  ]) {
    test(`refuses to start with a bad ${variable} and names it`, async () => {
      const server = await startServerProcess({ [variable]: value });
      try {
        expect(await server.exited).toBe(1);
        expect(server.output()).toContain(`Configuration error: ${variable} `);
      } finally {
        server.dispose();
      }
    });
  }
});
