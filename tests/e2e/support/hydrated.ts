import type { Page } from "@playwright/test";

/**
 * Waits until React has hydrated the page (the root's first commit marks <html data-hydrated>, app/root.tsx): a click
 * that loads another document while React is still hydrating interrupts it, and React reports an error (#345) in the
 * console. The router's presence is not enough: it is there before a slow machine has finished hydrating. Waited for
 * with a locator, which Playwright polls itself: neither a page's fake clock nor a page in the background (no
 * animation frames) holds it back.
 */
export async function hydrated(page: Page) {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/**
 * Waits for hydration when the page is one of the app's that hydrates (it carries Remix's context): nothing for a page
 * sent without scripts, a file, or a page of the test's own.
 */
export async function hydratedIfItHydrates(page: Page) {
  if (await page.evaluate(() => "__remixContext" in window)) await hydrated(page);
}
