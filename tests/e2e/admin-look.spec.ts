// Issue 20, "a polished admin": every admin screen of a gala, a few of their states (an item's page, a dialog, a
// refused form, a missing item) and the gala's guest pages: no serious or critical accessibility problem found by
// axe, and none wider than the screen at 1280 and 1920 px (the admin's at 390 px too, issue 34); on the same walk, no admin screen shows a code name
// (support/code-names.ts). The screens come from the menus, so a new screen is checked the day it is linked.
// `npm run test:long` (@look) also keeps full-page screenshots at both sizes in the test report (npx playwright
// show-report, or test-results/) to look at; the suite skips them, the costliest part (docs/testing.md).
import { seriousViolations } from "./support/axe";
import { codeNamesShown } from "./support/code-names";
import { expect, test } from "./support/fixtures";
import { framesDrawn } from "./support/frames";
import { hydrated } from "./support/hydrated";
import { guestPages, MENU_LINKS, organiserScreens, withTabScreens } from "./support/screens";
import { signIn } from "./support/sign-in";
import type { Page, TestInfo } from "@playwright/test";

/** The sizes each page is looked at: a laptop's, where a screen is most crowded (axe looks there), and a desktop's. */
const SCREENS = [
  { name: "1280", viewport: { width: 1280, height: 900 } },
  { name: "1920", viewport: { width: 1920, height: 1080 } },
];

/** An admin screen is also looked at on a phone (issue 34): none may scroll sideways there either. */
const ADMIN_SCREENS = [...SCREENS, { name: "390", viewport: { width: 390, height: 844 } }];

/** Screenshots for people to look at, in `npm run test:long`. */
const KEEP_SCREENSHOTS = process.env.E2E_LONG === "1";

/** The admin screens are shared among this many tests, so that both workers take a part. */
const ADMIN_PARTS = 3;

/** Waits until React has hydrated the page and its fonts are in, so that axe and the screenshot see what a person works with. */
async function settled(page: Page) {
  await hydrated(page);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await framesDrawn(page);
}

/**
 * Returns what is wrong with the page: its serious and critical axe violations, each naming the page, the rule and
 * where, and a page wider than the screen at each size; in a long run, attaches its full-page screenshots too.
 */
async function lookAt(page: Page, name: string, testInfo: TestInfo, sizes = SCREENS) {
  const problems: string[] = [];
  for (const [index, { name: size, viewport }] of sizes.entries()) {
    await page.setViewportSize(viewport);
    await framesDrawn(page);
    if (KEEP_SCREENSHOTS) {
      const shot = testInfo.outputPath(`${name.replace(/^\//, "").replace(/[^\w.-]+/g, "_")}@${size}.png`);
      await page.screenshot({ path: shot, fullPage: true });
      await testInfo.attach(`${name} at ${size} px`, { path: shot, contentType: "image/png" });
    }
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    if (width > viewport.width) problems.push(`${name}: ${width} px wide, wider than a ${size} px screen`);
    // Axe once a page: what it checks (names, labels, contrast, landmarks) does not change with the width.
    if (index > 0) continue;
    for (const violation of await seriousViolations(page)) problems.push(`${name}: ${violation}`);
  }
  return problems;
}

/** Opens a page (answering `status`, 200 by default) and looks at it once hydrated. */
async function open(page: Page, path: string, testInfo: TestInfo, status = 200, sizes = SCREENS) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(status);
  await settled(page);
  return lookAt(page, path, testInfo, sizes);
}

test.describe("every screen at 1280 and 1920 px, the admin's at 390 px too @look", () => {
  for (let part = 0; part < ADMIN_PARTS; part++) {
    test(`admin screens, part ${part + 1} of ${ADMIN_PARTS}: no serious axe violation, none too wide, no code name`, async ({
      page,
      gala,
    }, testInfo) => {
      test.setTimeout(240_000);
      const menus = await organiserScreens(page, gala, { links: MENU_LINKS });
      const screens = await withTabScreens(page, gala.id, menus);
      const problems: string[] = [];
      for (const [index, path] of screens.entries()) {
        if (index % ADMIN_PARTS !== part) continue;
        problems.push(...(await open(page, path, testInfo, 200, ADMIN_SCREENS)));
        // Words for organisers, not code (issue 34): on the same walk, last, as it opens collapsed sections.
        for (const name of await codeNamesShown(page)) problems.push(`${path}: shows the code name ${name}`);
      }
      expect(problems).toEqual([]);
    });
  }

  test("states: an item's page, a new item, a dialog, its refusal, a missing item", async ({
    page,
    gala,
  }, testInfo) => {
    test.setTimeout(120_000);
    await signIn(page, gala.organiser);
    const problems: string[] = [];
    await page.goto(`/admin/auction_items/inventory?id=${gala.id}`);
    const item = await page
      .locator('a[href^="/admin/auction_items/inventory/"]')
      .evaluateAll((links) => links.map((link) => link.getAttribute("href")!).find((href) => /\/\d+/.test(href)));
    problems.push(...(await open(page, item!, testInfo, 200, ADMIN_SCREENS)));
    for (const path of ["/admin/auction_items/inventory/new", "/admin/auction_items/auction_item_page?type=live"])
      problems.push(
        ...(await open(page, `${path}${path.includes("?") ? "&" : "?"}id=${gala.id}`, testInfo, 200, ADMIN_SCREENS)),
      );
    problems.push(
      ...(await open(page, `/admin/auction_items/inventory/999999999?id=${gala.id}`, testInfo, 404, ADMIN_SCREENS)),
    );
    // An admin list's dialog, then the same dialog refusing an empty form beside its fields.
    problems.push(...(await open(page, `/admin/auction_items/donors?id=${gala.id}`, testInfo)));
    await page.getByRole("button", { name: "New donor" }).click();
    const dialog = page.getByRole("dialog", { name: "New donor" });
    await expect(dialog).toBeVisible();
    problems.push(...(await lookAt(page, "New donor dialog", testInfo)));
    await dialog.locator('button[type="submit"]').click();
    await expect(dialog.locator(".field__error").first()).toBeVisible();
    problems.push(...(await lookAt(page, "New donor dialog, refused", testInfo)));
    expect(problems).toEqual([]);
  });

  test("guest pages and room screens: no serious axe violation, none too wide", async ({ page, gala }, testInfo) => {
    test.setTimeout(180_000);
    const problems: string[] = [];
    // The bidders' sign-in, in the event's fonts and colours.
    const bidderSignIn = `/auth/sign-in?returnTo=${encodeURIComponent(`/inroombid?id=${gala.id}`)}`;
    for (const path of [...guestPages(gala.id), bidderSignIn]) problems.push(...(await open(page, path, testInfo)));
    // Signed in, the bidder's pages show their own bids and the clerk's console opens.
    await signIn(page, gala.organiser);
    problems.push(...(await open(page, `/inroombid?id=${gala.id}`, testInfo)));
    const item = await page.locator('a[href^="/inroombid?"][href*="item="]').first().getAttribute("href");
    for (const path of [item!, `/livec?id=${gala.id}`]) problems.push(...(await open(page, path, testInfo)));
    expect(problems).toEqual([]);
  });

  test("guest pages and room screens fit a 390 px phone, with JavaScript and without", async ({
    browser,
    gala,
  }, testInfo) => {
    const problems: string[] = [];
    for (const javaScriptEnabled of [true, false]) {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        javaScriptEnabled,
        baseURL: testInfo.project.use.baseURL,
      });
      const phone = await context.newPage();
      for (const path of [...guestPages(gala.id), `/livec?id=${gala.id}`, `/lun2025monitor?id=${gala.id}`]) {
        const response = await phone.goto(path);
        expect(response?.status(), path).toBe(200);
        if (javaScriptEnabled) await settled(phone);
        const name = `${path} at 390 px${javaScriptEnabled ? "" : " without JavaScript"}`;
        if (KEEP_SCREENSHOTS) {
          const shot = testInfo.outputPath(`${name.replace(/^\//, "").replace(/[^\w.-]+/g, "_")}.png`);
          await phone.screenshot({ path: shot, fullPage: true });
          await testInfo.attach(name, { path: shot, contentType: "image/png" });
        }
        const width = await phone.evaluate(() => document.documentElement.scrollWidth);
        if (width > 390) problems.push(`${name}: ${width} px wide`);
      }
      await context.close();
    }
    expect(problems).toEqual([]);
  });
});

test.describe("the registrants grid", () => {
  const rowsInView = (page: Page) =>
    page
      .getByRole("table", { name: "Registrants" })
      .locator("tbody tr")
      .evaluateAll((rows) => {
        const box = rows[0].closest(".grid__scroll")!.getBoundingClientRect();
        const bottom = Math.min(box.bottom, window.innerHeight);
        return rows.filter((row) => {
          const { top, bottom: rowBottom } = row.getBoundingClientRect();
          return top >= box.top && rowBottom <= bottom;
        }).length;
      });

  test("shows at least 15 guests, a line each, on a 1280x900 screen", async ({ page, gala }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, gala.organiser);
    await page.goto(`/admin/registration/registrants?id=${gala.id}`);
    await settled(page);
    expect(await rowsInView(page)).toBeGreaterThanOrEqual(15);
  });

  test("fits a phone: the grid scrolls in its box and a guest's actions are reached @phone", async ({ page, gala }) => {
    await signIn(page, gala.organiser);
    await page.goto(`/admin/registration/registrants?id=${gala.id}`);
    await settled(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const edit = page
      .getByRole("table", { name: "Registrants" })
      .getByRole("button", { name: /^Edit / })
      .first();
    await edit.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog")).toBeVisible();
  });
});

test.describe("the admin error panel", () => {
  test("a 403 names the missing permission and offers the dashboard and the previous page", async ({ page, gala }) => {
    await signIn(page, gala.volunteer);
    await page.goto(`/admin/dashboard?id=${gala.id}`);
    await settled(page);
    const response = await page.goto(`/admin/setup/team?id=${gala.id}`);
    expect(response?.status()).toBe(403);
    await settled(page);
    const heading = page.getByRole("heading", { level: 1, name: "No access to this page" });
    await expect(heading).toBeFocused();
    await expect(page.getByText("does not include the “Configure the event (admin)” permission")).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to the dashboard" })).toHaveAttribute(
      "href",
      `/admin/dashboard?id=${gala.id}`,
    );
    await expect(page.getByRole("link", { name: "Sign in again" })).toHaveCount(0);
    await page.getByRole("button", { name: "Previous page" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/dashboard\\?id=${gala.id}$`));
  });

  test("a 404 inside the workspace leads back to the event's dashboard", async ({ page, gala }) => {
    await signIn(page, gala.organiser);
    const response = await page.goto(`/admin/auction_items/inventory/999999999?id=${gala.id}`);
    expect(response?.status()).toBe(404);
    await settled(page);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeFocused();
    await page.getByRole("link", { name: "Back to the dashboard" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/dashboard\\?id=${gala.id}$`));
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });
});

test("a disclosure draws the shared chevron, turns it when open, and shows the focus ring", async ({ page, gala }) => {
  await signIn(page, gala.organiser);
  await page.goto(`/admin/registration/registrants?id=${gala.id}`);
  await settled(page);
  const summary = page.locator("summary", { hasText: "Import guests from a CSV file" });
  const look = () =>
    summary.evaluate((element) => {
      const chevron = getComputedStyle(element, "::before");
      return {
        marker: getComputedStyle(element).listStyleType,
        mask: chevron.maskImage,
        turn: chevron.transform,
        height: element.getBoundingClientRect().height,
        ring: element.matches(":focus-visible") ? getComputedStyle(element).outlineStyle : "none",
      };
    });
  const closed = await look();
  expect(closed).toMatchObject({ marker: "none", turn: "none", ring: "none" });
  expect(closed.mask).toContain("svg");
  expect(closed.height).toBeGreaterThanOrEqual(32);

  await summary.focus();
  await page.keyboard.press("Enter");
  await expect(page.locator("details", { has: summary })).toHaveAttribute("open", "");
  // A quarter turn: the chevron points down.
  await expect.poll(async () => (await look()).turn).toMatch(/^matrix\([^,]+, 1, -1, /);
  expect((await look()).ring).toBe("solid");
});

test("an empty list shows the shared empty state with the way to fill it", async ({ page, gala }) => {
  await signIn(page, gala.organiser);
  await page.goto(`/admin/billing/winners?id=${gala.id}&q=nobody-by-this-name`);
  const empty = page.locator(".empty-state");
  await expect(empty.getByRole("heading", { name: "Nobody matches “nobody-by-this-name”" })).toBeVisible();
  await empty.getByRole("link", { name: "Show everyone who owes" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/billing/winners\\?id=${gala.id}$`));
});
