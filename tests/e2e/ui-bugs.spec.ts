// Bugs a new user met (issue 20), each held by a test that failed before its fix.
import { and, count, eq, gt } from "drizzle-orm";
import { auction_item, auction_item_image, event } from "~drizzle/schema";
import { expect, test } from "./support/fixtures";
import { signIn } from "./support/sign-in";
import type { Page } from "@playwright/test";

const fitsTheScreen = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test.describe("in a browser whose time zone is not the event's", () => {
  test.use({ timezoneId: "Asia/Tokyo" });

  test("saving Setup → Event unchanged keeps the gala's times", async ({ page, database, gala }) => {
    const times = async () =>
      (
        await database
          .select({ start: event.start_date_time, end: event.end_date_time })
          .from(event)
          .where(eq(event.event_id, gala.id))
      )[0];
    const before = await times();
    await signIn(page, gala.organiser);
    await page.goto(`/admin/setup/event?id=${gala.id}`);
    await expect(page.getByLabel("Starts")).toHaveAttribute("type", "text");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText(/saved/i).first()).toBeVisible();
    expect(await times()).toEqual(before);
  });

  test("without JavaScript too", async ({ browser, database, gala }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, timezoneId: "Asia/Tokyo" });
    const page = await context.newPage();
    const [before] = await database
      .select({ start: event.start_date_time })
      .from(event)
      .where(eq(event.event_id, gala.id));
    await signIn(page, gala.organiser);
    await page.goto(`/admin/setup/event?id=${gala.id}`);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText(/saved/i).first()).toBeVisible();
    const [after] = await database
      .select({ start: event.start_date_time })
      .from(event)
      .where(eq(event.event_id, gala.id));
    expect(after.start).toEqual(before.start);
    await context.close();
  });
});

test("the phone item page of an item with two pictures fits the phone @phone", async ({ page, database, gala }) => {
  const [item] = await database
    .select({ id: auction_item.auction_item_id })
    .from(auction_item)
    .innerJoin(auction_item_image, eq(auction_item_image.auction_item_id, auction_item.auction_item_id))
    .where(and(eq(auction_item.event_id, gala.id), eq(auction_item.type, "silent")))
    .groupBy(auction_item.auction_item_id)
    .having(gt(count(auction_item_image.auction_item_image_id), 1))
    .limit(1);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/inroombid?id=${gala.id}&item=${item.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(await fitsTheScreen(page)).toBe(true);
  await signIn(page, gala.organiser);
  await page.goto(`/inroombid?id=${gala.id}&item=${item.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(await fitsTheScreen(page)).toBe(true);
});

test("ticket descriptions on the event page show as text, never as tags", async ({ page, gala }) => {
  await page.goto(`/event?id=${gala.id}`);
  const tickets = page.locator(".landing-tickets");
  await expect(tickets).toBeVisible();
  await expect(tickets).not.toContainText("<p>");
  await expect(tickets).not.toContainText("</");
});

for (const width of [1280, 1440]) {
  test(`the page designer's preview fits a ${width} px screen`, async ({ page, gala }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, gala.organiser);
    await page.goto(`/admin/pages/landing_page?id=${gala.id}`);
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(await fitsTheScreen(page)).toBe(true);
  });
}

test("the page designer's preview does not make the page longer than its form", async ({ page, gala }) => {
  // The preview scrolls inside its frame; the public page's visually hidden texts (absolutely placed) used to escape
  // it and leave a screenful of blank page after the form, the length of the whole previewed page.
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, gala.organiser);
  await page.goto(`/admin/pages/landing_page?id=${gala.id}`);
  await expect(page.locator(".designer__frame")).toBeVisible();
  const { pageBottom, layoutBottom } = await page.evaluate(() => ({
    pageBottom: document.documentElement.scrollHeight,
    layoutBottom: document.querySelector(".designer__layout")!.getBoundingClientRect().bottom + window.scrollY,
  }));
  expect(pageBottom).toBeLessThan(layoutBottom + 200);
});

test("the landing hero says the date once, over a picture with no words of its own", async ({
  page,
  request,
  gala,
}) => {
  await page.goto(`/event?id=${gala.id}`);
  const hero = page.locator(".landing-hero");
  await expect(hero).toBeVisible();
  const text = (await hero.innerText()).replace(/\s+/g, " ");
  const dates =
    text.match(/(January|February|March|April|May|June|July|August|September|October|November|December)/g) ?? [];
  expect(dates).toHaveLength(1);
  const picture = await hero.locator("img.landing-hero__image").getAttribute("src");
  expect(await (await request.get(picture!)).text()).not.toContain("<text");
  // The charity's name in the navy header is in light lettering.
  const logo = await page
    .locator(".landing__logo img, img.landing__logo, img.chrome-brand__logo")
    .first()
    .getAttribute("src");
  expect(await (await request.get(logo!)).text()).toContain('fill="#ffffff">Harbor Light');
});

test("the page designer has one main landmark, and /favicon.ico is the app's mark", async ({ page, request, gala }) => {
  await signIn(page, gala.organiser);
  await page.goto(`/admin/pages/landing_page?id=${gala.id}`);
  await expect(page.getByTestId("landing-page")).toBeVisible();
  await expect(page.getByRole("main")).toHaveCount(1);
  const icon = await request.get("/favicon.ico");
  expect(icon.status()).toBe(200);
  expect((await icon.body()).subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]));
});
