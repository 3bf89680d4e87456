// The clerk consoles on a laptop and on a phone (issue 33, item 5): /live and the paddle raise's console fit a 390 px
// screen with entries in their logs, each log entry shows its time, and what comes of an action (the station's answer
// line since issue 36, a notification for a dialog's correction) never covers the log, even scrolled to where
// notifications show. The design lab's silent auction pages fit 390 px too.
// Tagged @phone: it runs at the desktop project's window and at the phone's.
import { and, asc, eq } from "drizzle-orm";
import { auction_item, usr_event_paddle } from "~drizzle/schema";
import { expect, test } from "./support/fixtures";
import { signIn } from "./support/sign-in";
import type { Page } from "@playwright/test";

const PHONE = { width: 390, height: 844 };
const TIME = /\d{1,2}:\d{2}\s?[AP]M/;

/** How wide the page is: the document's width, or its scroll box's where the page scrolls inside one. */
function pageWidth(page: Page) {
  return page.evaluate(() =>
    Math.max(document.documentElement.scrollWidth, document.body.firstElementChild?.scrollWidth ?? 0),
  );
}

/**
 * Scrolls the log down to the foot of the window, where notifications show, and answers the part of it a person sees
 * (inside the window and the page's scroll box) and where each notification is.
 */
async function logBesideToasts(page: Page, log: string) {
  await page.locator(log).evaluate((element) => element.scrollIntoView({ block: "end" }));
  return page.evaluate((selector) => {
    const rect = (element: Element) => element.getBoundingClientRect();
    const box = rect(document.body.firstElementChild!);
    const whole = rect(document.querySelector(selector)!);
    const seen = {
      left: whole.left,
      right: whole.right,
      top: Math.max(whole.top, box.top, 0),
      bottom: Math.min(whole.bottom, box.bottom, window.innerHeight),
    };
    const toasts = [...document.querySelectorAll(".toast, .station-answer")].map((toast) => {
      const { left, right, top, bottom } = rect(toast);
      return { left, right, top, bottom };
    });
    return { seen, toasts };
  }, log);
}

function expectApart({ seen, toasts }: Awaited<ReturnType<typeof logBesideToasts>>) {
  expect(seen.bottom - seen.top, "the log is in view").toBeGreaterThan(20);
  expect(toasts.length, "a notification is shown").toBeGreaterThan(0);
  for (const toast of toasts) {
    const apart =
      toast.right <= seen.left || toast.left >= seen.right || toast.bottom <= seen.top || toast.top >= seen.bottom;
    expect(apart, `notification ${JSON.stringify(toast)} beside the log ${JSON.stringify(seen)}`).toBe(true);
  }
}

test("@phone the clerk console: a notification leaves the log uncovered, entries show times, 390 px wide", async ({
  page,
  database,
  gala,
}) => {
  const [lot] = await database
    .select({ title: auction_item.title })
    .from(auction_item)
    .where(and(eq(auction_item.event_id, gala.id), eq(auction_item.type, "live")))
    .orderBy(asc(auction_item.display_order), asc(auction_item.lot))
    .limit(1);
  const [guest] = await database
    .select({ paddle: usr_event_paddle.paddle })
    .from(usr_event_paddle)
    .where(eq(usr_event_paddle.event_id, gala.id))
    .orderBy(asc(usr_event_paddle.paddle))
    .limit(1);
  await signIn(page, gala.organiser);
  await page.goto(`/live?id=${gala.id}`);
  await expect(page.getByRole("heading", { name: lot.title })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Live" })).toBeVisible();

  const answer = page.locator(".station-answer");
  await page.getByRole("button", { name: /Open lot/ }).click();
  await expect(answer).toContainText("is open");
  await page.getByLabel("Paddle").fill(String(guest.paddle));
  await page.getByLabel("Amount").fill("5000");
  await page.getByRole("button", { name: /Record bid/ }).click();
  await expect(answer).toContainText(`Paddle ${guest.paddle}`);

  const log = page.getByRole("table", { name: "Log" });
  await expect(log.locator("tbody tr")).toHaveCount(2);
  await expect(log.locator("tbody tr").first()).toContainText(`Floor bid #${guest.paddle} $5,000.00`);
  for (const row of await log.locator("tbody tr time").all()) await expect(row).toHaveText(TIME);
  expectApart(await logBesideToasts(page, ".console__log"));

  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(log.locator("tbody tr")).toHaveCount(2);
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
});

test("@phone the paddle raise console: a notification leaves the log uncovered, 390 px wide", async ({
  page,
  database,
  gala,
}) => {
  const guests = await database
    .select({ paddle: usr_event_paddle.paddle })
    .from(usr_event_paddle)
    .where(eq(usr_event_paddle.event_id, gala.id))
    .orderBy(asc(usr_event_paddle.paddle))
    .limit(2);
  await signIn(page, gala.organiser);
  await page.goto(`/admin/bids/paddleraises?id=${gala.id}`);
  await expect(page.getByRole("status").filter({ hasText: "Live" })).toBeVisible();
  const paddle = page.getByLabel("Paddle", { exact: true });
  for (const { paddle: number } of guests) {
    await paddle.fill(String(number));
    await paddle.press("Enter");
    await expect(page.locator(".station-answer")).toContainText(`Paddle ${number} ·`);
  }

  const log = page.getByRole("table", { name: "Log" });
  await expect(log.locator("tbody tr")).toHaveCount(2);
  for (const row of await log.locator("tbody tr").all()) await expect(row.locator("td").first()).toHaveText(TIME);
  expectApart(await logBesideToasts(page, ".pledge-log"));

  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(log.locator("tbody tr")).toHaveCount(2);
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
});

test("@phone the design lab's silent auction pages fit 390 px", async ({ page, organiser }) => {
  await signIn(page, organiser);
  await page.setViewportSize(PHONE);
  for (const [path, heading] of [
    ["/admin/eric/silentauctionitem", "Silent auction item"],
    ["/admin/eric/silentauctiongallery", "Silent auction gallery"],
  ]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    expect(await pageWidth(page), path).toBeLessThanOrEqual(PHONE.width);
  }
});
