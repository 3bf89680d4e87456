import type { Page } from "@playwright/test";

/**
 * Waits until React has hydrated the page: a click that posts a form while React is still hydrating starts a page
 * load that interrupts it, and React reports an error (#345) in the console.
 */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => "__remixRouter" in window);
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}
