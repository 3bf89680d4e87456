// The live clerk through a Wi-Fi drop (issue 36): offline, the clerk opens and sells three lots from the console's own
// running order, each shown at once as waiting; when the network returns each sale is recorded once, at the time the
// clerk took it, and the console says so.
import { and, asc, eq, inArray } from "drizzle-orm";
import { auction_item, live_entry, usr, usr_event_paddle } from "~drizzle/schema";
import { expect, test } from "./support/fixtures";
import { signIn } from "./support/sign-in";

test("the clerk sells three lots offline; each sale is recorded once, at its own time", async ({
  browser,
  database,
  gala,
}) => {
  const lots = await database
    .select({
      id: auction_item.auction_item_id,
      title: auction_item.title,
      lot: auction_item.lot,
      startingBid: auction_item.starting_bid,
    })
    .from(auction_item)
    .where(and(eq(auction_item.event_id, gala.id), eq(auction_item.type, "live")))
    .orderBy(asc(auction_item.display_order), asc(auction_item.lot))
    .limit(3);
  const paddles = await database
    .select({ paddle: usr_event_paddle.paddle, first: usr.first_name, last: usr.last_name })
    .from(usr_event_paddle)
    .innerJoin(usr, eq(usr.usr_id, usr_event_paddle.usr_id))
    .where(eq(usr_event_paddle.event_id, gala.id))
    .orderBy(asc(usr_event_paddle.paddle))
    .limit(3);
  expect(lots).toHaveLength(3);
  // Each lot sells at its starting bid (or $1,000) plus $1,000 a lot: above what the server asks for a first bid.
  const prices = lots.map((lot, index) => Math.ceil((lot.startingBid ?? 100_000) / 100) + 1_000 * (index + 1));

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  try {
    await signIn(page, gala.organiser);
    await page.goto(`/live?id=${gala.id}`);
    await expect(page.getByRole("heading", { name: lots[0].title })).toBeVisible();
    await expect(page.getByText("Online.")).toBeVisible();

    await context.setOffline(true);
    await expect(page.getByText("Offline.")).toBeVisible();
    const offlineFrom = new Date();
    const order = page.getByRole("navigation", { name: "Running order" });
    for (const [index, lot] of lots.entries()) {
      await order.getByRole("link").filter({ hasText: lot.title }).click();
      await expect(page.getByRole("heading", { name: lot.title })).toBeVisible();
      await page.keyboard.press("Alt+KeyO");
      const paddle = page.getByLabel("Paddle");
      if (index === 0) {
        // The console holds the paddles: offline it still names one as it is typed, and says when nobody holds one.
        await paddle.fill("99999");
        await expect(page.getByText("No guest has paddle 99999.")).toBeVisible();
      }
      await paddle.fill(String(paddles[index].paddle));
      await expect(page.getByText(`${paddles[index].first} ${paddles[index].last}`, { exact: true })).toBeVisible();
      await page.getByLabel("Amount").fill(String(prices[index]));
      await page.keyboard.press("ControlOrMeta+Enter");
      await expect(order.getByRole("link").filter({ hasText: lot.title })).toContainText("Sold");
      await expect(paddle).toBeFocused();
    }
    await expect(page.getByText("Waiting to send: 6")).toBeVisible();
    // Closing the tab with entries not sent asks first; staying keeps them.
    const asked = page.waitForEvent("dialog");
    await page.close({ runBeforeUnload: true });
    const dialog = await asked;
    expect(dialog.type()).toBe("beforeunload");
    await dialog.dismiss();
    expect(page.isClosed()).toBe(false);
    await page.waitForTimeout(1_500);
    const offlineUntil = new Date();

    await context.setOffline(false);
    await expect(page.getByText("Back online: 6 entries taken offline sent, all recorded.")).toBeVisible();
    for (const [index, lot] of lots.entries())
      await expect(order.getByRole("link").filter({ hasText: lot.title })).toContainText(
        `#${paddles[index].paddle} · $${prices[index].toLocaleString("en-US")}.00`,
      );

    const sold = await database
      .select({ lot: live_entry.auction_item_id, at: live_entry.created_at })
      .from(live_entry)
      .where(
        and(
          inArray(
            live_entry.auction_item_id,
            lots.map((lot) => lot.id),
          ),
          eq(live_entry.action, "sold"),
        ),
      );
    expect(sold).toHaveLength(3);
    for (const row of sold) {
      expect(row.at.getTime()).toBeGreaterThan(offlineFrom.getTime() - 1_000);
      expect(row.at.getTime()).toBeLessThan(offlineUntil.getTime() - 500);
    }
  } finally {
    await context.close();
  }
});
