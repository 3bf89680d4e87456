// App processes on one PostgreSQL server: a bid placed through one arrives on a live stream opened on the other
// (NOTIFY after commit, one LISTEN connection per process); machines behind a load balancer share sessions and
// streams; and one command (WEB_CONCURRENCY) runs several processes.
// Uses DATABASE_URL's server, or starts one.
import { execFileSync } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import postgres from "postgres";
import { databaseUrl, startPostgresServer, type PostgresServer } from "../support/postgres-server";
import { expect, test } from "./support/fixtures";
import { startLoadBalancer } from "./support/load-balancer";
import { startServerProcess, waitForHealth, type ServerProcess } from "./support/server-process";
import { DEMO_ORGANISER, demoOrganiserCookie } from "./support/sign-in";

test.describe.configure({ timeout: 300_000 });

let server: PostgresServer;
let admin: postgres.Sql;
let name: string;
const processes: ServerProcess[] = [];

test.beforeAll(async () => {
  server = await startPostgresServer();
  admin = postgres(server.adminUrl, { max: 1, onnotice: () => {} });
  name = `gavel_processes_${randomBytes(4).toString("hex")}`;
  await admin.unsafe(`CREATE DATABASE ${name}`);
});

test.afterAll(async () => {
  for (const process of processes) process.dispose();
  await admin?.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin?.end();
  server?.stop();
});

/** Server-sent events read from a response body, one reader for the whole test. */
function serverSentEvents(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let pending: Promise<ReadableStreamReadResult<Uint8Array>> | null = null;
  return {
    /** Waits until an event satisfies `found`; false when none did in time. */
    async waitFor(found: (event: string, data: unknown) => boolean, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1] ?? "message";
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (data !== undefined && found(event, JSON.parse(data))) return true;
        }
        const left = deadline - Date.now();
        if (left <= 0) return false;
        pending ??= reader.read();
        const chunk = await Promise.race([
          pending,
          new Promise<null>((resolve) => setTimeout(() => resolve(null), left)),
        ]);
        if (chunk === null) return false;
        pending = null;
        if (chunk.done) return false;
        buffer += decoder.decode(chunk.value, { stream: true });
      }
    },
    close: () => reader.cancel().catch(() => {}),
  };
}

/** The demo gala and a silent item no one has bid on yet. */
async function demoItem(url: string) {
  const db = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [gala] = await db`select event_id from event where slug = 'harbor-lights-gala'`;
    const [item] = await db`select auction_item_id, starting_bid from auction_item
      where event_id = ${gala.event_id} and type = 'silent' and status = 'published' and not in_person_only and bid_count = 0
      order by auction_item_id limit 1`;
    return {
      eventId: gala.event_id as number,
      itemId: item.auction_item_id as number,
      amount: item.starting_bid as number,
    };
  } finally {
    await db.end();
  }
}

/** Posts a form to an item's bidding page at `origin`, as a phone without JavaScript does. */
function postToItem(origin: string, cookie: string, item: { eventId: number; itemId: number }) {
  return (form: Record<string, string>) =>
    fetch(`${origin}/inroombid?id=${item.eventId}&item=${item.itemId}`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin, Cookie: cookie },
      body: new URLSearchParams(form),
    });
}

/** Whether a stream event is the item's delta showing `amount` as its current bid. */
function showsBid(item: { itemId: number }, amount: number) {
  return (event: string, data: unknown) => {
    const delta = data as { type: string; data: { id: number; currentBid: number | null } };
    return (
      event === "delta" && delta.type === "item" && delta.data.id === item.itemId && delta.data.currentBid === amount
    );
  };
}

test("a bid made through one process reaches a stream on the other", async () => {
  const url = databaseUrl(server.adminUrl, name);
  const first = await startServerProcess({ DATABASE_URL: url, SEED_DEMO: "true" });
  processes.push(first);
  await waitForHealth(first.url);
  const second = await startServerProcess({ DATABASE_URL: url, SEED_DEMO: "false" });
  processes.push(second);
  await waitForHealth(second.url);
  const item = await demoItem(url);

  // The organiser signs in on the first process.
  const cookie = await demoOrganiserCookie(first.url);

  // A stream opens on the second process and sends its snapshot.
  const stream = await fetch(`${second.url}/inroombid/stream?id=${item.eventId}`);
  expect(stream.headers.get("content-type")).toContain("text/event-stream");
  const events = serverSentEvents(stream.body!);
  expect(await events.waitFor((event) => event === "snapshot")).toBe(true);

  // The organiser joins the auction and bids through the first process.
  const post = postToItem(first.url, cookie, item);
  expect((await post({ intent: "join" })).status).toBe(302);
  const placed = await post({ intent: "place", amount: (item.amount / 100).toFixed(2), key: randomUUID() });
  expect(placed.status).toBe(302);

  expect(await events.waitFor(showsBid(item, item.amount))).toBe(true);
  await events.close();
});

test("machines behind a load balancer share sessions and streams on one database", async () => {
  // Two machines (each its own server command, data folder and processes) with the same SESSION_SECRET, as
  // docs/decisions/028-app-processes.md asks of a deployment, trusting the balancer's forwarded headers.
  const machinesName = `${name}_machines`;
  await admin.unsafe(`CREATE DATABASE ${machinesName}`);
  try {
    const url = databaseUrl(server.adminUrl, machinesName);
    const secret = `machines-session-secret-${randomBytes(16).toString("hex")}`;
    const machine = () =>
      startServerProcess({
        DATABASE_URL: url,
        SEED_DEMO: "true",
        WEB_CONCURRENCY: "1",
        TRUSTED_PROXIES: "1",
        SESSION_SECRET: secret,
      });
    const machines = await Promise.all([machine(), machine()]);
    processes.push(...machines);
    await Promise.all(machines.map((app) => waitForHealth(app.url)));
    const balancer = await startLoadBalancer(machines.map((app) => app.url));
    try {
      // Through a TLS proxy (its X-Forwarded-Proto trusted), answers carry HSTS and every cookie is Secure; over
      // plain HTTP neither, so a venue's own server on the room's network still signs people in (issue 32).
      const direct = machines[0].url;
      const overHttps = await fetch(`${direct}/auth/sign-in`, {
        method: "POST",
        redirect: "manual",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          "X-Forwarded-Proto": "https",
          Origin: direct.replace("http:", "https:"),
        },
        body: new URLSearchParams({ email: DEMO_ORGANISER.email, password: DEMO_ORGANISER.password, returnTo: "/" }),
      });
      expect(overHttps.status).toBe(302);
      expect(overHttps.headers.get("strict-transport-security")).toBe("max-age=15552000; includeSubDomains");
      const secureCookies = overHttps.headers.getSetCookie();
      expect(secureCookies.length).toBeGreaterThan(0);
      for (const cookie of secureCookies) expect(cookie).toMatch(/;\s*Secure\b/i);
      const overHttp = await fetch(`${direct}/auth/sign-in`);
      expect(overHttp.headers.get("strict-transport-security")).toBeNull();
      for (const cookie of overHttp.headers.getSetCookie()) expect(cookie).not.toMatch(/;\s*Secure\b/i);

      const item = await demoItem(url);

      // Round robin: the stream opens on one machine, the sign-in lands on the other, the join on the first again
      // and the bid on the second, so the session and the bid's delta both cross machines.
      const stream = await fetch(`${balancer.url}/inroombid/stream?id=${item.eventId}`);
      // Asks nginx-like balancers not to buffer the stream.
      expect(stream.headers.get("x-accel-buffering")).toBe("no");
      const events = serverSentEvents(stream.body!);
      expect(await events.waitFor((event) => event === "snapshot")).toBe(true);
      const cookie = await demoOrganiserCookie(balancer.url);
      const post = postToItem(balancer.url, cookie, item);
      expect((await post({ intent: "join" })).status).toBe(302);
      const placed = await post({ intent: "place", amount: (item.amount / 100).toFixed(2), key: randomUUID() });
      expect(placed.status).toBe(302);
      expect(placed.headers.get("location")).not.toContain("/auth/");

      expect(await events.waitFor(showsBid(item, item.amount))).toBe(true);
      await events.close();
      const machineOf = (path: string) => balancer.served.filter((request) => request.path.startsWith(path));
      const [streamed] = machineOf("/inroombid/stream");
      const [signedIn] = machineOf("/auth/sign-in");
      const [joined, bid] = machineOf(`/inroombid?id=${item.eventId}`);
      expect(signedIn.machine).not.toBe(joined.machine);
      expect(bid.machine).not.toBe(streamed.machine);

      // Both machines started at once on the empty database: the migrations ran once and the demo was loaded once.
      const db = postgres(url, { max: 1, onnotice: () => {} });
      const [{ demos }] = await db`select count(*)::int as demos from client where slug = 'demo-charity'`;
      const [{ bids }] = await db`select count(*)::int as bids from bid where auction_item_id = ${item.itemId}`;
      await db.end();
      expect(demos).toBe(1);
      expect(bids).toBe(1);
    } finally {
      await balancer.close();
    }
  } finally {
    await admin.unsafe(`DROP DATABASE IF EXISTS ${machinesName} WITH (FORCE)`);
  }
});

test("one command serves from several processes, loads the demo once, and replaces a process that dies", async () => {
  const processesName = `${name}_cluster`;
  await admin.unsafe(`CREATE DATABASE ${processesName}`);
  try {
    const url = databaseUrl(server.adminUrl, processesName);
    const app = await startServerProcess({ DATABASE_URL: url, SEED_DEMO: "true", WEB_CONCURRENCY: "2" });
    processes.push(app);
    await waitForHealth(app.url);
    const listening = () => app.output().match(/\[gavel\] listening/g)?.length ?? 0;
    await expect.poll(listening).toBe(2);
    expect(app.output()).toContain("[gavel] starting 2 processes");

    // Both processes migrated and seeded at once: one demo organisation, the migrations applied once.
    const db = postgres(url, { max: 1, onnotice: () => {} });
    const [{ demos }] = await db`select count(*)::int as demos from client where slug = 'demo-charity'`;
    await db.end();
    expect(demos).toBe(1);

    // A worker killed outright is replaced, and the server goes on answering. A connection the primary hands to the
    // dying worker before it learns of the death can fail (round-robin), so the next answer is polled for.
    const workers = execFileSync("pgrep", ["-P", String(app.child.pid)], { encoding: "utf8" })
      .trim()
      .split("\n");
    expect(workers).toHaveLength(2);
    process.kill(Number(workers[0]), "SIGKILL");
    await expect
      .poll(
        () =>
          fetch(`${app.url}/health`).then(
            (answer) => answer.status,
            () => 0,
          ),
        { timeout: 10_000 },
      )
      .toBe(200);
    await expect.poll(listening, { timeout: 60_000 }).toBe(3);
    expect(app.output()).toContain("ended (SIGKILL): starting another");

    // Stopping the command stops every process.
    const running = execFileSync("pgrep", ["-P", String(app.child.pid)], { encoding: "utf8" })
      .trim()
      .split("\n");
    app.child.kill("SIGTERM");
    expect(await app.exited).toBe(0);
    const alive = (pid: string) => {
      try {
        process.kill(Number(pid), 0);
        return true;
      } catch {
        return false;
      }
    };
    expect(running.filter(alive)).toEqual([]);
  } finally {
    await admin.unsafe(`DROP DATABASE IF EXISTS ${processesName} WITH (FORCE)`);
  }
});
