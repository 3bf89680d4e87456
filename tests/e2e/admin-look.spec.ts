// Issue 20, "a polished admin": every admin screen of a gala, and its guest pages, at a laptop's and a desktop's size,
// with a full-page screenshot of each in the test report (to look at: npx playwright show-report, or test-results/)
// and no serious or critical accessibility problem found by axe. The screens come from the side menus, so a new
// screen is checked the day it is linked.
import AxeBuilder from "@axe-core/playwright";
import { sql } from "drizzle-orm";
import { adminScreens } from "./support/admin-screens";
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
        const screens = await adminScreens(page, gala.id);
        expect(screens.length).toBeGreaterThan(30);
        const problems: string[] = [];
        for (const [index, path] of screens.entries()) {
          if (index % ADMIN_PARTS === part) problems.push(...(await lookAt(page, path, testInfo)));
        }
        expect(problems).toEqual([]);
      });
    }

    test("guest pages and room screens: screenshots and no serious axe violation", async ({
      page,
      gala,
      database,
    }, testInfo) => {
      test.setTimeout(180_000);
      const [item] = (await database.execute(
        sql`select auction_item_id from auction_item where event_id = ${gala.id} and status = 'published' limit 1`,
      )) as unknown as { auction_item_id: number }[];
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
      const signedIn = [
        `/inroombid?id=${gala.id}`,
        `/inroombid?id=${gala.id}&item=${item.auction_item_id}`,
        `/livec?id=${gala.id}`,
      ];
      for (const path of signedIn) {
        problems.push(...(await lookAt(page, path, testInfo)));
      }
      expect(problems).toEqual([]);
    });
  });
}
