import { expect, test } from "@playwright/test";
import { startServerProcess, waitForHealth } from "./support/server-process";

// Each test starts a process of its own and waits for it on an empty database (support/server-process.ts, waitForHealth).
test.describe.configure({ timeout: 240_000 });

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

test("refuses a client's live streams past its ceiling with 429, and admits it again once one closes", async () => {
  const server = await startServerProcess({ SEED_DEMO: "true", STREAMS_PER_ADDRESS: "2" });
  const open: AbortController[] = [];
  const openStream = async (url: string) => {
    const abort = new AbortController();
    open.push(abort);
    return { response: await fetch(url, { signal: abort.signal }), abort };
  };
  try {
    await waitForHealth(server.url);
    // The demo's bidding page at its short path names its event.
    const page = await (await fetch(`${server.url}/cisnew`)).text();
    const eventId = page.match(/inroombid\?id=(\d+)/)![1];
    const streamUrl = `${server.url}/inroombid/stream?id=${eventId}`;

    const first = await openStream(streamUrl);
    const second = await openStream(streamUrl);
    expect([first.response.status, second.response.status]).toEqual([200, 200]);
    const third = await openStream(streamUrl);
    expect(third.response.status).toBe(429);
    expect(third.response.headers.get("Retry-After")).toBe("5");
    // Other pages still answer this client.
    expect((await fetch(`${server.url}/health`)).status).toBe(200);

    first.abort.abort();
    await expect
      .poll(async () => {
        const next = await openStream(streamUrl);
        if (next.response.status !== 200) next.abort.abort();
        return next.response.status;
      })
      .toBe(200);
  } finally {
    open.forEach((abort) => abort.abort());
    server.dispose();
  }
});
