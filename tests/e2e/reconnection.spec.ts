// The room's screens come back by themselves (issue 33, item 8): the projector (/livec), a monitor (/woa2025monitor),
// the paddle raise (/pi) and the raffle (/raffle) say "Reconnecting…" while their live stream is down, and within 5 s
// of its return show what is true now. Two ways to lose it: the server restarted under the open screens (crashed,
// with pledges, a bid and a draw recorded while it was down), and a stream cut in the middle of a message (a proxy
// passes half a `data:` line, then closes), which the screens must never show half of. One app process of the spec's
// own on the embedded database with the demo loaded, stopped and started again by its PID; the suite's server is
// never touched.
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { promisify } from "node:util";
import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from "@playwright/test";
import { DEMO_PADDLE_START } from "~/demo/seed.server";
import { healthyAt, restartableServer, type RestartableServer } from "./support/restartable-server";
import { demoOrganiserCookie } from "./support/sign-in";
import { streamCutter } from "./support/stream-cutter";
import type { RoomChanges } from "./support/room-changes";

test.describe.configure({ mode: "serial", timeout: 120_000 });

/** The most a screen may take to show the right state once the server (or its stream) is back. */
const BACK_WITHIN_MS = 5_000;

let server: RestartableServer;
let eventId: number;
/** The screens' browsers, closed by the test that opened them (or at the end, when it failed). */
const contexts = new Set<BrowserContext>();

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await restartableServer({ SEED_DEMO: "true" });
  await healthyAt(server.url);
  // The demo gala: the event whose monitor is set up at /woa2025monitor.
  const bare = await fetch(`${server.url}/woa2025monitor`, { redirect: "manual" });
  eventId = Number(/[?&]id=(\d+)/.exec(bare.headers.get("location") ?? "")?.[1]);
  expect(eventId).toBeGreaterThan(0);
});

test.afterAll(async () => {
  for (const context of [...contexts]) await context.close();
  server?.dispose();
});

/** What a screen shows of the state under test, read as it is now (null when it shows none), without waiting. */
type Reading = () => Promise<string | null>;

interface Screen {
  name: string;
  page: Page;
  /** Its "Reconnecting…". */
  reconnecting: Locator;
  /** What is under test: the live lot's amount, the newest gift, tickets sold. */
  reading: Reading;
}

/** The live stream's state in a guest page's bar. */
const barStatus = (page: Page) => page.getByRole("banner").getByRole("status");

const textOf =
  (locator: Locator): Reading =>
  async () =>
    (await locator.allInnerTexts())[0]?.trim() ?? null;

/**
 * The four screens, opened at `origin` (the server, or a proxy in front of it): the projector and the monitor at
 * 1920 × 1080, the guest pages at a phone's width. Each page's console is watched: `problems` collects what would mean
 * a broken screen (an uncaught error, a message the page could not read), not the failed connections of a stream
 * while the server is away.
 */
async function openScreens(browser: Browser, origin: string) {
  const problems: string[] = [];
  const open = async (path: string, viewport: { width: number; height: number }) => {
    const context = await browser.newContext({ baseURL: origin, viewport });
    contexts.add(context);
    context.once("close", () => contexts.delete(context));
    const page = await context.newPage();
    page.on("pageerror", (error) => problems.push(`${path}: page error: ${error.message}`));
    page.on("console", (message) => {
      if (message.type() !== "error") return;
      const text = message.text();
      // The stream's connection refused, reset or cut short (net::ERR_…), which is what this spec does to it.
      const streamLost = /net::ERR_/.test(text) && message.location().url.includes("/stream");
      if (!streamLost) problems.push(`${path}: console.error: ${text} (${message.location().url})`);
    });
    await page.goto(path);
    return page;
  };
  const big = { width: 1920, height: 1080 };
  const phone = { width: 390, height: 844 };
  const [projector, monitor, paddleRaise, raffle] = await Promise.all([
    open(`/livec?id=${eventId}`, big),
    open(`/woa2025monitor?id=${eventId}`, big),
    open(`/pi?id=${eventId}`, phone),
    open(`/raffle?id=${eventId}`, phone),
  ]);
  const screens: Screen[] = [
    {
      name: "projector",
      page: projector,
      reconnecting: projector.getByText("Reconnecting…"),
      reading: textOf(projector.getByTestId("amount")),
    },
    {
      name: "monitor",
      page: monitor,
      reconnecting: monitor.getByRole("status").filter({ hasText: "Reconnecting…" }),
      reading: textOf(monitor.getByRole("region", { name: "Recent gifts" }).getByRole("listitem").first()),
    },
    {
      name: "paddle raise",
      page: paddleRaise,
      reconnecting: paddleRaise.getByRole("status").filter({ hasText: "Reconnecting…" }),
      reading: textOf(paddleRaise.getByRole("region", { name: "Recent gifts" }).getByRole("listitem").first()),
    },
    {
      name: "raffle",
      page: raffle,
      reconnecting: raffle.getByRole("status").filter({ hasText: "Reconnecting…" }),
      reading: async () => {
        const text = (await raffle.locator("main").allInnerTexts())[0] ?? "";
        return /(\d+) tickets? sold so far/.exec(text)?.[1] ?? null;
      },
    },
  ];
  // Each is live: its stream has sent its snapshot.
  await expect(monitor.locator("main[data-status=live]")).toBeVisible();
  for (const page of [paddleRaise, raffle]) await expect(barStatus(page)).toHaveText("Live");
  await expect(projector.getByRole("button", { name: "Fullscreen" })).toBeVisible();
  return { screens, problems };
}

/**
 * Watches the screen, reading it every 100 ms, until it shows what `isRight` accepts without "Reconnecting…", and
 * returns when that was. Every reading on the way must be `before` or right: a screen never shows half a message, or
 * anything else between the two.
 */
async function rightAt(screen: Screen, before: string | null, isRight: (shown: string) => boolean) {
  const giveUp = Date.now() + 60_000;
  const seen = new Set<string | null>();
  let at: number;
  for (;;) {
    const shown = await screen.reading();
    at = Date.now();
    seen.add(shown);
    if (shown !== null && isRight(shown) && (await screen.reconnecting.count()) === 0) break;
    if (at > giveUp) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const stray = [...seen].filter((shown) => shown !== before && !(shown !== null && isRight(shown)));
  expect(stray, `${screen.name}: what it showed on the way back`).toEqual([]);
  return at;
}

/** Each screen's time to the right state, from its own start, within BACK_WITHIN_MS. */
function expectBackInTime(label: string, screens: Screen[], right: number[], from: number[]) {
  const took = screens.map((_, i) => right[i] - from[i]);
  console.log(`back ${label} (ms): ${screens.map((screen, i) => `${screen.name} ${took[i]}`).join(", ")}`);
  for (const [i, screen] of screens.entries())
    expect(took[i], `${screen.name}: time to the right state ${label}`).toBeLessThanOrEqual(BACK_WITHIN_MS);
}

const readings = (screens: Screen[]) => Promise.all(screens.map((screen) => screen.reading()));
const dollars = (cents: number) => `$${(cents / 100).toLocaleString("en-US")}`;

test("every room screen says it is reconnecting while the server restarts, and is right again within 5 s", async ({
  browser,
}) => {
  const { screens, problems } = await openScreens(browser, server.url);
  const [projector, monitor, paddleRaise, raffle] = screens;
  const before = await readings(screens);
  expect(before[3]).not.toBeNull();

  // The server crashes: every screen says so.
  await server.stop("SIGKILL");
  for (const screen of screens) await expect(screen.reconnecting, screen.name).toBeVisible();

  // While it is down, the room goes on: a pledge, a bid on the live lot, raffle tickets sold and a prize drawn.
  const changes = await recordWhileDown(server);
  for (const screen of screens) await expect(screen.reconnecting, screen.name).toBeVisible();

  // The screens are watched from before the server starts again to when each is right.
  const right = Promise.all([
    rightAt(projector, before[0], (shown) => shown === dollars(changes.lot.bid)),
    rightAt(monitor, before[1], (shown) => shown.includes(dollars(changes.pledge))),
    rightAt(paddleRaise, before[2], (shown) => shown.includes(dollars(changes.pledge))),
    rightAt(raffle, before[3], (shown) => Number(shown) === Number(before[3]) + changes.raffle.sold),
  ]);
  server.start();
  const back = await healthyAt(server.url);
  expectBackInTime("after /health answered", screens, await right, [back, back, back, back]);
  // The whole state, not only the figure watched: the bidder on the projector, the winner on the monitor and the
  // raffle's page.
  await expect(projector.page.getByText(`Paddle ${changes.paddle}`)).toBeVisible();
  const winners = monitor.page.getByRole("region", { name: "Raffle winners" });
  await expect(winners).toContainText(changes.draw.prize);
  await expect(winners).toContainText(`ticket ${changes.draw.ticketNumber}`);
  await expect(raffle.page.getByRole("listitem").filter({ hasText: changes.draw.prize })).toContainText(
    `ticket ${changes.draw.ticketNumber}`,
  );
  for (const page of [paddleRaise.page, raffle.page]) await expect(barStatus(page)).toHaveText("Live");
  expect(problems).toEqual([]);
  for (const context of [...contexts]) await context.close();
});

test("a stream cut in the middle of a message comes back with the right state within 5 s, never half of it", async ({
  browser,
}) => {
  const cutter = await streamCutter(Number(new URL(server.url).port));
  try {
    const { screens, problems } = await openScreens(browser, cutter.url);
    const [projector, monitor, paddleRaise, raffle] = screens;
    const staff = await organiserSession(server.url);
    const lot = await openLiveLot(staff);
    const before = await readings(screens);
    expect(before[3]).not.toBeNull();

    // The next message of each of the four streams is cut halfway, and the room changes: one message each. The screens
    // are watched from before.
    await expect.poll(() => cutter.opened.length).toBe(4);
    expect(cutter.cutNextMessage()).toBe(4);
    const bid = (lot.currentBid ?? 0) + 7_000_00;
    const pledge = 7_222_00;
    let sold = 0;
    const right = Promise.all([
      rightAt(projector, before[0], (shown) => shown === dollars(bid)),
      rightAt(monitor, before[1], (shown) => shown.includes(dollars(pledge))),
      rightAt(paddleRaise, before[2], (shown) => shown.includes(dollars(pledge))),
      rightAt(raffle, before[3], (shown) => sold > 0 && Number(shown) === Number(before[3]) + sold),
    ]);
    // Awaited below; a change refused first fails the test there.
    right.catch(() => {});
    await staff.post(`/live?id=${eventId}`, {
      intent: "bid",
      lot: String(lot.id),
      // A paddle other than the one leading.
      paddle: String(lot.leader === DEMO_PADDLE_START ? DEMO_PADDLE_START + 1 : DEMO_PADDLE_START),
      amount: String(bid / 100),
    });
    const bidAt = Date.now();
    await staff.post(`/pi?id=${eventId}`, {
      raise: await staff.find(`/pi?id=${eventId}`, /name="raise" value="(\d+)"/),
      level: "custom",
      custom: String(pledge / 100),
      anonymous: "no",
      key: randomUUID(),
    });
    const pledgeAt = Date.now();
    const bought = await staff.post(`/raffle?id=${eventId}`, {
      bundle: await staff.find(`/raffle?id=${eventId}`, /name="bundle" value="(\d+)"/),
      submission: randomUUID(),
      step: "confirm",
    });
    sold = (new URL(bought, server.url).searchParams.get("numbers") ?? "").split(",").length;
    const soldAt = Date.now();

    // Each screen's time counts from its stream's cut, or from the change it shows when that came later.
    const streams = [`/livec/stream`, `/woa2025monitor/stream`, `/pi/stream`, `/raffle/stream`];
    const cutAt = (stream: string) => cutter.cuts.find((cut) => cut.path.startsWith(stream))?.at ?? Infinity;
    const rightTimes = await right;
    // Each stream was cut in its message and opened again.
    expect(cutter.cuts.map((cut) => cut.path.split("?")[0]).sort()).toEqual([...streams].sort());
    for (const stream of streams) {
      expect(cutter.opened.filter((path) => path.startsWith(stream)).length, stream).toBeGreaterThanOrEqual(2);
    }
    const from = [bidAt, pledgeAt, pledgeAt, soldAt].map((changed, i) => Math.max(changed, cutAt(streams[i])));
    expectBackInTime("after the cut", screens, rightTimes, from);
    expect(problems).toEqual([]);
  } finally {
    for (const context of [...contexts]) await context.close();
    await cutter.close();
  }
});

/** Records the room's changes into the stopped server's database, with the app's own functions (room-changes.ts). */
async function recordWhileDown(stopped: RestartableServer): Promise<RoomChanges> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["--import", "tsx", "tests/e2e/support/room-changes.ts", String(eventId)],
    { env: { ...process.env, NODE_ENV: "production", DATA_DIR: stopped.dataDir, DATABASE_URL: "" } },
  );
  return JSON.parse(stdout.trim().split("\n").at(-1)!) as RoomChanges;
}

/** The demo organiser signed in at `origin`, posting forms as a page without JavaScript does. */
async function organiserSession(origin: string) {
  const cookie = await demoOrganiserCookie(origin);
  return {
    /** Posts a form; the answer must be the redirect after a change, whose address is returned. */
    async post(path: string, form: Record<string, string>) {
      const answer = await fetch(`${origin}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin, Cookie: cookie },
        body: new URLSearchParams(form),
      });
      // A refusal's message is in the page's data, at the end of its HTML.
      expect(answer.status, `POST ${path}: ${answer.status === 302 ? "" : (await answer.text()).slice(-600)}`).toBe(
        302,
      );
      return answer.headers.get("location") ?? "";
    },
    /** The first group of `pattern` in a page's HTML. */
    async find(path: string, pattern: RegExp) {
      const html = await (await fetch(`${origin}${path}`, { headers: { Cookie: cookie } })).text();
      const found = pattern.exec(html)?.[1];
      expect(found, `${pattern} in ${path}`).toBeDefined();
      return found!;
    },
    origin,
  };
}

/** The live lot on the block, opened at the clerk's console first when none is (its first lot in running order). */
async function openLiveLot(staff: Awaited<ReturnType<typeof organiserSession>>) {
  const room = (await firstSnapshot(`${staff.origin}/livec/stream?id=${eventId}`)) as {
    current: { id: number; phase: string; currentBid: number | null; leader: number | null } | null;
    next: { id: number } | null;
  };
  if (room.current?.phase === "open") return room.current;
  await staff.post(`/live?id=${eventId}`, { intent: "open", lot: String(room.next!.id) });
  return { id: room.next!.id, currentBid: null, leader: null };
}

/** The data of a live stream's snapshot, read from a connection of its own that closes after it. */
async function firstSnapshot(url: string): Promise<unknown> {
  const abort = new AbortController();
  try {
    const response = await fetch(url, { signal: abort.signal });
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`${url} ended before its snapshot`);
      text += decoder.decode(value, { stream: true });
      const snapshot = /event: snapshot\ndata: (.*)\n\n/.exec(text);
      if (snapshot) return (JSON.parse(snapshot[1]) as { data: unknown }).data;
    }
  } finally {
    abort.abort();
  }
}
