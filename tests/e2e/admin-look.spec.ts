// Issue 20, "a polished admin": every admin screen of a gala, and its guest pages, at a laptop's and a desktop's size,
// with a full-page screenshot of each in the test report (to look at: npx playwright show-report, or test-results/)
// and no serious or critical accessibility problem found by axe. The screens come from the side menus, so a new
// screen is checked the day it is linked.
import AxeBuilder from "@axe-core/playwright";
import { adminScreens, MENU_LINKS } from "./support/admin-screens";
import { expect, test } from "./support/fixtures";
import { signIn } from "./support/sign-in";
import type { Page, TestInfo } from "@playwright/test";

const SCREENS = [
  { name: "laptop", viewport: { width: 1280, height: 900 } },
  { name: "desktop", viewport: { width: 1920, height: 1080 } },
] as const;

/** The admin screens are shared among this many tests per screen size, so that both workers take a part. */
const ADMIN_PARTS = 2;

/** Waits until React has hydrated the page, so that axe and the screenshot see what a person works with. */
async function hydrated(page: Page) {
  await page.waitForFunction(() => "__remixRouter" in window);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/**
 * Opens a page, attaches its full-page screenshot to the report and returns its serious and critical axe violations,
 * each naming the page, the rule and where.
 */
async function lookAt(page: Page, path: string, testInfo: TestInfo) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBeLessThan(400);
  await hydrated(page);
  const shot = testInfo.outputPath(`${path.replace(/^\//, "").replace(/[^\w.-]+/g, "_")}.png`);
  await page.screenshot({ path: shot, fullPage: true });
  await testInfo.attach(path, { path: shot, contentType: "image/png" });
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${path}: ${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes
          .map((node) => node.target.join(" "))
          .join(", ")}`,
    );
}

for (const { name, viewport } of SCREENS) {
  test.describe(`at ${viewport.width}x${viewport.height} (${name})`, () => {
    test.use({ viewport });

    for (let part = 0; part < ADMIN_PARTS; part++) {
      test(`admin screens, part ${part + 1} of ${ADMIN_PARTS}: screenshots and no serious axe violation`, async ({
        page,
        gala,
      }, testInfo) => {
        test.setTimeout(240_000);
        await signIn(page, gala.organiser);
        const screens = await adminScreens(page, gala.id, { links: MENU_LINKS });
        expect(screens.length).toBeGreaterThan(30);
        const problems: string[] = [];
        for (const [index, path] of screens.entries()) {
          if (index % ADMIN_PARTS === part) problems.push(...(await lookAt(page, path, testInfo)));
        }
        expect(problems).toEqual([]);
      });
    }

    test("guest pages and room screens: screenshots and no serious axe violation", async ({ page, gala }, testInfo) => {
      test.setTimeout(180_000);
      const paths = [
        `/event?id=${gala.id}`,
        `/inroombid?id=${gala.id}`,
        `/register?id=${gala.id}`,
        `/dp?id=${gala.id}`,
        `/raffle?id=${gala.id}`,
        `/duel?id=${gala.id}`,
        `/pi?id=${gala.id}`,
        `/live?id=${gala.id}`,
        `/woa2025monitor?id=${gala.id}`,
        `/teamsignup?id=${gala.id}`,
      ];
      const problems: string[] = [];
      for (const path of paths) problems.push(...(await lookAt(page, path, testInfo)));
      // Signed in, the bidder's pages show their own bids and the clerk's console opens.
      await signIn(page, gala.organiser);
      problems.push(...(await lookAt(page, `/inroombid?id=${gala.id}`, testInfo)));
      const item = await page.locator('a[href^="/inroombid?"][href*="item="]').first().getAttribute("href");
      for (const path of [item!, `/livec?id=${gala.id}`]) {
        problems.push(...(await lookAt(page, path, testInfo)));
      }
      expect(problems).toEqual([]);
    });
  });
}

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
    await hydrated(page);
    expect(await rowsInView(page)).toBeGreaterThanOrEqual(15);
  });

  test("fits a phone: the grid scrolls in its box and a guest's actions are reached @phone", async ({ page, gala }) => {
    await signIn(page, gala.organiser);
    await page.goto(`/admin/registration/registrants?id=${gala.id}`);
    await hydrated(page);
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
