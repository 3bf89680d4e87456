// The live auction in the browser: the clerk runs a lot at /live by keyboard only (open, paddle, Tab, amount,
// Enter, sold, undo, sold again) while the projector (/livec, another browser context, no login) and the room's
// monitor follow the hammer over server-sent events; then /admin/bids/livebids shows the result.
import { and, asc, eq } from "drizzle-orm";
import { placeBid } from "~/bidding/place-bid.server";
import { auction_item, usr, usr_event_paddle } from "~drizzle/schema";
import { expect, test } from "./support/fixtures";
import { signIn } from "./support/sign-in";
import type { Database } from "~/db/connection.server";

test.describe.configure({ timeout: 120_000 });

async function firstLotAndGuest(db: Database, galaId: number) {
  const [lot] = await db
    .select({ id: auction_item.auction_item_id, title: auction_item.title, lot: auction_item.lot })
    .from(auction_item)
    .where(and(eq(auction_item.event_id, galaId), eq(auction_item.type, "live")))
    .orderBy(asc(auction_item.display_order), asc(auction_item.lot))
    .limit(1);
  const [guest] = await db
    .select({ paddle: usr_event_paddle.paddle, first: usr.first_name, last: usr.last_name })
    .from(usr_event_paddle)
    .innerJoin(usr, eq(usr.usr_id, usr_event_paddle.usr_id))
    .where(eq(usr_event_paddle.event_id, galaId))
    .orderBy(asc(usr_event_paddle.paddle))
    .limit(1);
  return { lot, guest: { paddle: guest.paddle!, name: `${guest.first} ${guest.last}` } };
}

test("the clerk sells a lot by keyboard and the projector shows the hammer", async ({
  page,
  browser,
  database,
  gala,
}) => {
  const { lot, guest } = await firstLotAndGuest(database, gala.id);

  // The projector: public, in a context of its own.
  const projectorContext = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const projector = await projectorContext.newPage();
  await projector.goto(`/livec?id=${gala.id}`);
  await expect(projector.getByText(`Coming up: Lot ${lot.lot}`)).toBeVisible();
  // And the room's monitor (the demo's is set up at /woa2025monitor), on the same projector computer.
  const monitor = await projectorContext.newPage();
  await monitor.goto(`/woa2025monitor?id=${gala.id}`);
  await expect(monitor.locator("main[data-status=live]")).toBeVisible();

  await signIn(page, gala.organiser);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/live?id=${gala.id}`);
  await expect(page.getByRole("heading", { name: lot.title })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Live" })).toBeVisible();

  // Open the lot: Alt+O.
  await page.keyboard.press("Alt+KeyO");
  await expect(page.getByText(`Lot ${lot.lot} is open.`)).toBeVisible();
  await expect(projector.getByText("Waiting for the first bid")).toBeVisible({ timeout: 5_000 });

  // An unknown paddle is refused at the field, as it is typed.
  const paddle = page.getByLabel("Paddle");
  await expect(paddle).toBeFocused();
  await page.keyboard.type("99999");
  await expect(page.getByText("No guest has paddle 99999.")).toBeVisible();
  await page.keyboard.press("Tab");
  await page.keyboard.type("5000");
  await page.keyboard.press("Enter");
  await expect(paddle).toHaveAttribute("aria-invalid", "true");

  // The real paddle: its guest's name shows as it is typed; Tab, amount, Enter records the bid.
  await paddle.fill("");
  await paddle.focus();
  await page.keyboard.type(String(guest.paddle));
  await expect(page.getByText(guest.name, { exact: true })).toBeVisible();
  await page.keyboard.press("Tab");
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("5000");
  await page.keyboard.press("Enter");
  await expect(page.getByText(`Paddle ${guest.paddle} (${guest.name}) bids $5,000.00`)).toBeVisible();
  await expect(page.getByTestId("current-bid")).toHaveText("$5,000.00");
  await expect(projector.getByTestId("amount")).toHaveText("$5,000", { timeout: 5_000 });
  await expect(projector.getByText(`Paddle ${guest.paddle}`)).toBeVisible();

  // A second console on the same event (another laptop of the same clerk's team) stays in step.
  const second = await page.context().newPage();
  await second.setViewportSize({ width: 1280, height: 800 });
  await second.goto(`/live?id=${gala.id}`);
  await expect(second.getByTestId("current-bid")).toHaveText("$5,000.00");
  await expect(second.getByRole("status").filter({ hasText: "Live" })).toBeVisible();
  await page.bringToFront();

  // Sold: Alt+S. The projector and the monitor show the hammer (how soon is measured by npm run bench:room).
  await page.keyboard.press("Alt+KeyS");
  await expect(projector.getByTestId("hammer")).toHaveText(`SOLD to paddle ${guest.paddle} for $5,000`, {
    timeout: 5_000,
  });
  await expect(monitor.getByTestId("monitor-hammer")).toHaveText(`SOLD to paddle ${guest.paddle} for $5,000`, {
    timeout: 5_000,
  });
  await expect(page.getByTestId("leader")).toContainText(`#${guest.paddle}`);
  await expect(second.getByText("Hammer price")).toBeVisible({ timeout: 5_000 });
  await expect(second.getByTestId("leader")).toContainText(`#${guest.paddle} ${guest.name}`);
  await second.close();

  // Undo (Alt+Z) reopens the lot; the projector follows; sell again.
  await page.keyboard.press("Alt+KeyZ");
  await expect(page.getByText(`Undone: the sale of Lot ${lot.lot}.`)).toBeVisible();
  await expect(projector.getByTestId("hammer")).toHaveCount(0, { timeout: 5_000 });
  await page.keyboard.press("Alt+KeyS");
  await expect(projector.getByTestId("hammer")).toHaveText(`SOLD to paddle ${guest.paddle} for $5,000`, {
    timeout: 5_000,
  });
  // The next lot is announced.
  await expect(projector.getByText(/^Next: Lot/)).toBeVisible();

  // A reload loses nothing: the state is the server's.
  await page.reload();
  await expect(page.getByTestId("current-bid")).toHaveText("$5,000.00");

  // The result on /admin/bids/livebids.
  await page.goto(`/admin/bids/livebids?id=${gala.id}`);
  const row = page.getByRole("row").filter({ hasText: lot.title });
  await expect(row).toContainText("Sold");
  await expect(row).toContainText("$5,000.00");
  await expect(row).toContainText(guest.name);

  // A correction needs a reason; the price changes, the old entry stays retracted with the reason.
  await row.getByRole("button", { name: `Correct the winner of lot ${lot.lot} ${lot.title}` }).click();
  const dialog = page.getByRole("dialog", { name: `Correct lot ${lot.lot}: ${lot.title}` });
  await dialog.getByLabel("Price").fill("5,250");
  await dialog.getByRole("button", { name: "Save the correction" }).click();
  await expect(dialog.getByText("Give the reason for the correction: it is kept in the log.")).toBeVisible();
  await dialog.getByLabel("Reason").fill("The auctioneer took one more bid");
  await dialog.getByRole("button", { name: "Save the correction" }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText("$5,250.00");

  await projectorContext.close();
});

test("after the server refuses a paddle, the next entry shows only its own messages", async ({
  page,
  database,
  gala,
}) => {
  const { lot, guest } = await firstLotAndGuest(database, gala.id);
  await signIn(page, gala.organiser);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/live?id=${gala.id}&lot=${lot.id}`);
  await page.keyboard.press("Alt+KeyO");
  await expect(page.getByText(`Lot ${lot.lot} is open.`)).toBeVisible();

  // The paddle is entered before the console could name it (the lookup answers nothing): the server refuses it.
  await page.route("**/live/paddle?**", (route) => route.fulfill({ status: 404, body: "" }));
  const paddle = page.getByLabel("Paddle");
  const amount = page.getByLabel("Amount");
  await paddle.fill("999");
  await amount.fill("5000");
  await amount.press("Enter");
  const refused = page.getByText("No guest has paddle 999", { exact: false });
  await expect(page.locator(".station-answer")).toHaveText("No guest has paddle 999 at this event.");
  await expect(page.locator("#entry-paddle-who")).toHaveText("No guest has paddle 999 at this event.");
  await page.unroute("**/live/paddle?**");

  // The paddle corrected, with an amount the console refuses itself: only that refusal shows.
  await paddle.fill(String(guest.paddle));
  await expect(page.getByText(guest.name, { exact: true })).toBeVisible();
  await amount.fill("-5");
  await amount.press("Enter");
  await expect(amount).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#entry-amount-error")).not.toHaveText("\u00a0");
  await expect(refused).toHaveCount(0);
  await expect(paddle).not.toHaveAttribute("aria-invalid", "true");
  await expect(page.getByTestId("current-bid")).toHaveText("—");
});

test("the projector says when fullscreen is not available", async ({ browser, gala }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript(() => {
    // A browser without the Fullscreen API.
    Object.defineProperty(Element.prototype, "requestFullscreen", { value: undefined, configurable: true });
    Object.defineProperty(Element.prototype, "webkitRequestFullscreen", { value: undefined, configurable: true });
  });
  await page.goto(`/livec?id=${gala.id}`);
  await page.getByRole("button", { name: "Fullscreen" }).click();
  await expect(page.getByTestId("fullscreen-error")).toContainText("Not capable");
  await context.close();
});

test("an online bid on the open lot appears at the console as it arrives, and the floor outbids it", async ({
  page,
  database,
  gala,
}) => {
  // The chef's table is marked for online bidding in the demo.
  const [lot] = await database
    .select({ id: auction_item.auction_item_id, title: auction_item.title, lot: auction_item.lot })
    .from(auction_item)
    .where(and(eq(auction_item.event_id, gala.id), eq(auction_item.type, "live"), eq(auction_item.lot, 2)));
  const guests = await database
    .select({ usrId: usr.usr_id, paddle: usr_event_paddle.paddle, first: usr.first_name, last: usr.last_name })
    .from(usr_event_paddle)
    .innerJoin(usr, eq(usr.usr_id, usr_event_paddle.usr_id))
    .where(eq(usr_event_paddle.event_id, gala.id))
    .orderBy(asc(usr_event_paddle.paddle))
    .limit(2);
  const [phone, floor] = guests;
  await database.update(usr).set({ default_payment_source: "pm_e2e_card" }).where(eq(usr.usr_id, phone.usrId));

  await signIn(page, gala.organiser);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/live?id=${gala.id}&lot=${lot.id}`);
  await expect(page.getByRole("heading", { name: lot.title })).toBeVisible();
  await expect(page.getByText("Online bidding on", { exact: false }).first()).toBeVisible();
  await page.keyboard.press("Alt+KeyO");
  await expect(page.getByText(`Lot ${lot.lot} is open.`)).toBeVisible();

  // A guest's phone bids online (through the engine, as /inroombid does).
  const placed = await placeBid(database, {
    eventId: gala.id,
    itemId: lot.id,
    usrId: phone.usrId,
    submission: { kind: "bid", amount: 300_000, maximum: null },
    idempotencyKey: "e2e-live-online-1",
  });
  expect(placed).toMatchObject({ ok: true, outcome: "winning" });
  const bids = page.getByRole("table", { name: "Bids on this lot" });
  await expect(bids.getByRole("row").filter({ hasText: `#${phone.paddle}` })).toContainText("online", {
    timeout: 5_000,
  });
  await expect(page.getByTestId("leader")).toHaveText(`#${phone.paddle}`);

  // The floor outbids it by keyboard, and sells in one step (Ctrl+Enter).
  await page.getByLabel("Paddle").focus();
  await page.keyboard.type(String(floor.paddle));
  await page.keyboard.press("Tab");
  await page.keyboard.type("3500");
  await page.keyboard.press("Control+Enter");
  await expect(page.getByText(`Lot ${lot.lot} sold to paddle ${floor.paddle} for $3,500.00.`)).toBeVisible();
  await expect(bids.getByRole("row").filter({ hasText: `#${floor.paddle}` })).toContainText("floor");
});

test("the seat chart placed in the setup shows on the projector, scaled to its screen", async ({
  page,
  browser,
  gala,
}) => {
  await signIn(page, gala.organiser);
  await page.goto(`/admin/setup/live_auction?id=${gala.id}`);
  await page.getByLabel("Seat chart image").fill("/demo/gala-thumbnail.svg");
  for (const [label, value] of [
    ["Left (x, px)", "960"],
    ["Top (y, px)", "540"],
    ["Scale", "0.5"],
    ["Opacity", "0.8"],
    ["Pointer x (px)", "10"],
    ["Pointer y (px)", "20"],
    ["Pointer size (px)", "30"],
  ])
    await page.getByLabel(label, { exact: true }).fill(value);
  await expect(page.getByTestId("seat-chart-preview").getByRole("img", { name: "Seat chart" })).toBeVisible();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Live auction settings saved")).toBeVisible();

  // A 1280 × 720 projector draws the 1920 × 1080 placement at two thirds.
  const projectorContext = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const projector = await projectorContext.newPage();
  await projector.goto(`/livec?id=${gala.id}`);
  const chart = projector.getByTestId("seat-chart");
  const image = chart.getByRole("img", { name: "Seat chart" });
  await expect(image).toBeVisible();
  const natural = await image.evaluate((element: HTMLImageElement) => element.naturalWidth);
  expect(natural).toBeGreaterThan(0);
  const box = (await image.boundingBox())!;
  expect(box.x).toBeCloseTo(640, 0);
  expect(box.y).toBeCloseTo(360, 0);
  expect(box.width).toBeCloseTo(natural * 0.5 * (2 / 3), 0);
  await expect(chart).toHaveCSS("opacity", "0.8");
  const pointer = (await chart.getByLabel("Paddle pointer").boundingBox())!;
  expect(pointer.width).toBeCloseTo(30 * 0.5 * (2 / 3), 0);
  expect(pointer.x + pointer.width / 2).toBeCloseTo(640 + 10 * 0.5 * (2 / 3), 0);
  await projectorContext.close();
});
