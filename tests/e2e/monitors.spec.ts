// The room's monitors: staff set one up under Setup → Monitors (bad input refused beside its field), the projector
// opens it (public) and it follows the room by itself: a pledge, a hammered lot, a network drop it recovers from,
// a taken-down monitor; it turns its pages of items through three minutes of a fast clock; and (in `npm run
// test:long`, docs/testing.md) over hours of that clock its memory stays flat.
import { and, asc, eq } from "drizzle-orm";
import { floorBid, openLot, sellLot } from "~/bidding/live-lots.server";
import { recordPledge } from "~/paddle-raise/pledges.server";
import { auction_item, paddle_raise, usr, usr_event_paddle } from "~drizzle/schema";
import { expect, test } from "./support/fixtures";
import { hydrated } from "./support/hydrated";
import { networkThatDrops } from "./support/network-drop";
import { signIn } from "./support/sign-in";
import type { Browser, Page } from "@playwright/test";
import type { Database } from "~/db/connection.server";

test.describe.configure({ timeout: 180_000 });

async function galaParts(db: Database, galaId: number) {
  const [raise] = await db
    .select({ id: paddle_raise.paddle_raise_id })
    .from(paddle_raise)
    .where(eq(paddle_raise.event_id, galaId));
  const [guest] = await db
    .select({ paddle: usr_event_paddle.paddle, usrId: usr.usr_id, first: usr.first_name })
    .from(usr_event_paddle)
    .innerJoin(usr, eq(usr.usr_id, usr_event_paddle.usr_id))
    .where(eq(usr_event_paddle.event_id, galaId))
    .orderBy(asc(usr_event_paddle.paddle))
    .limit(1);
  const [lot] = await db
    .select({ id: auction_item.auction_item_id, title: auction_item.title })
    .from(auction_item)
    .where(and(eq(auction_item.event_id, galaId), eq(auction_item.type, "live")))
    .orderBy(asc(auction_item.display_order), asc(auction_item.lot))
    .limit(1);
  return { raiseId: raise.id, guest: { ...guest, paddle: guest.paddle! }, lot };
}

/** The monitor's card on the setup screen. */
const card = (page: Page, path: string) => page.getByRole("region", { name: `/${path}` });

test("staff set up a monitor and the projector follows pledges, the hammer and a network drop", async ({
  page,
  browser,
  database,
  gala,
}) => {
  const { raiseId, guest, lot } = await galaParts(database, gala.id);
  await signIn(page, gala.organiser);
  await page.goto(`/admin/setup/monitors?id=${gala.id}`);
  await expect(page.getByRole("heading", { name: "Monitors", level: 1 })).toBeVisible();

  // Bad input is refused beside its field, and nothing changes.
  const side = card(page, "lun2025monitor");
  for (const box of await side.getByRole("checkbox").all()) await box.uncheck();
  await side.getByLabel("Seconds per page of items").fill("2");
  await side.getByRole("button", { name: "Save" }).click();
  await expect(side.getByText("Choose at least one panel to show.")).toBeVisible();
  await expect(side.getByText("Enter seconds from 4 to 120.")).toBeVisible();

  // The stage-side monitor: the paddle raise, its gifts and the live lot, under a title of its own.
  await side.getByLabel("Title").fill("The Reading Room");
  await side.getByLabel("Seconds per page of items").fill("10");
  for (const panel of [/^Paddle raise/, /^Recent gifts/, /^Live lot/]) await side.getByLabel(panel).check();
  await side.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("/lun2025monitor saved")).toBeVisible();

  // The projector reaches the app through a network that can drop.
  const network = await networkThatDrops(Number(process.env.E2E_PORT));
  const projectorContext = await browser.newContext({ viewport: { width: 1920, height: 1080 }, baseURL: network.url });
  const projector = await projectorContext.newPage();
  await projector.goto(`/lun2025monitor?id=${gala.id}`);
  await expect(projector.getByRole("heading", { name: "The Reading Room", level: 1 })).toBeVisible();
  await expect(projector.getByRole("region", { name: "Paddle raise" })).toBeVisible();
  await expect(projector.getByRole("region", { name: "Silent items" })).toHaveCount(0);
  await expect(projector.locator("main[data-status=live]")).toBeVisible();

  // A pledge reaches the screen.
  await recordPledge(
    database,
    gala.id,
    { paddle: guest.paddle },
    { raiseId, amount: 7_777_00, enteredBy: guest.usrId, source: "floor" },
  );
  const gifts = projector.getByRole("region", { name: "Recent gifts" });
  await expect(gifts.getByRole("listitem").first()).toContainText("$7,777");

  // The clerk hammers a lot: the monitor shows it.
  await openLot(database, { eventId: gala.id, itemId: lot.id, byUsrId: guest.usrId });
  await floorBid(database, {
    eventId: gala.id,
    itemId: lot.id,
    byUsrId: guest.usrId,
    paddle: guest.paddle,
    amount: 4_200_00,
  });
  await sellLot(database, { eventId: gala.id, itemId: lot.id, byUsrId: guest.usrId });
  await expect(projector.getByTestId("monitor-hammer")).toHaveText(`SOLD to paddle ${guest.paddle} for $4,200`);

  // The network drops: the screen notices, and once the network is back it catches up by itself.
  network.drop();
  await expect(projector.getByText("Reconnecting…")).toBeVisible({ timeout: 15_000 });
  await recordPledge(
    database,
    gala.id,
    { paddle: guest.paddle },
    { raiseId, amount: 3_333_00, enteredBy: guest.usrId, source: "floor" },
  );
  network.restore();
  // Within 5 seconds of the network's return (the test allows scheduling noise on a shared machine).
  await expect(gifts.getByRole("listitem").first()).toContainText("$3,333", { timeout: 7_000 });
  await expect(projector.getByText("Reconnecting…")).toHaveCount(0);

  // Taken down: the screen says so.
  await card(page, "lun2025monitor").getByRole("button", { name: "Take down" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Take it down" }).click();
  await expect(page.getByText("/lun2025monitor taken down")).toBeVisible();
  await expect(projector.getByText("This monitor has been taken down.")).toBeVisible();
  await projectorContext.close();
  await network.close();
});

/** Opens the main monitor at projector size with a fake clock, at page 1 of its items, and turns to page 2. */
async function monitorOnFakeClock(browser: Browser, galaId: number) {
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const screen = await context.newPage();
  await screen.clock.install();
  await screen.goto(`/woa2025monitor?id=${galaId}`);
  // The page turns on a timer its scripts set: the fake clock may run only once they have.
  await hydrated(screen);
  const items = screen.getByRole("region", { name: "Silent items" });
  await expect(items.getByTestId("items-page")).toHaveText(/^Page 1 of \d+$/);
  await expect(screen.getByRole("region", { name: "Total pledged" })).toBeVisible();
  // A turn of the page every 12 seconds (the demo's setting).
  await screen.clock.runFor(12_000);
  await expect(items.getByTestId("items-page")).toHaveText(/^Page 2 of \d+$/);
  return { context, screen, items };
}

test("the main monitor turns its pages of items and stays live through three minutes", async ({ browser, gala }) => {
  const { context, screen, items } = await monitorOnFakeClock(browser, gala.id);
  // Three minutes turn 15 pages (round the items more than once), tick the clock 180 times, and find the stream
  // silent, so the screen reconnects. Fake time outruns the network: every two fake seconds without an open stream
  // the screen opens another, 130 to 180 tries in a quarter hour, 17 to 33 s of real time here, and more than this
  // test's limit on a CI machine three times slower. The hours are the soak's, in `npm run test:long`.
  await screen.clock.runFor(180_000);
  await expect(items.getByTestId("items-page")).toHaveText(/^Page \d+ of \d+$/);
  await expect(screen.locator("main[data-status=live]")).toBeVisible();
  await context.close();
});

const SOAK_HOURS = Number(process.env.MONITOR_SOAK_HOURS ?? 1);

// A benchmark's measure (docs/benchmarks.md), in `npm run test:long`: minutes of real time for its hours.
test("the main monitor keeps its memory flat for hours @long", async ({ browser, gala }) => {
  // Up to four minutes of real time per hour of fake time (warm-up included) on a shared machine.
  test.setTimeout(Math.max(480_000, SOAK_HOURS * 240_000));
  const { context, screen, items } = await monitorOnFakeClock(browser, gala.id);
  const cdp = await context.newCDPSession(screen);
  const heapAfterGc = async () => {
    await cdp.send("HeapProfiler.collectGarbage");
    return (await cdp.send("Runtime.getHeapUsage")).usedSize;
  };
  // Warm up (the first reconnections and pages load their code), then MONITOR_SOAK_HOURS (1 by default; 12 for
  // the measure in docs/benchmarks.md) in quarter-hour steps: every step turns 75 pages, ticks the clock 900 times,
  // and finds the stream silent, so the screen reconnects.
  for (let step = 0; step < 4; step++) await screen.clock.runFor(900_000);
  const before = await heapAfterGc();
  for (let step = 0; step < SOAK_HOURS * 4; step++) await screen.clock.runFor(900_000);
  await expect(items.getByTestId("items-page")).toHaveText(/^Page \d+ of \d+$/);
  await expect(screen.locator("main[data-status=live]")).toBeVisible();
  const after = await heapAfterGc();
  console.log(
    `monitor heap after GC: ${(before / 1e6).toFixed(2)} MB, ${SOAK_HOURS} hours later ${(after / 1e6).toFixed(2)} MB`,
  );
  expect(after - before).toBeLessThan(2_000_000);
  await context.close();
});
