import type { Page } from "@playwright/test";

/**
 * Resolves once the page has drawn two more frames: the first runs what was waiting for the next frame (a layout
 * after a resize, an editor giving its selection back), the second starts after that frame's work is done.
 */
export async function framesDrawn(page: Page) {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}
