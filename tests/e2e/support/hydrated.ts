import type { Page } from "@playwright/test";

/**
 * Waits until React has hydrated the page (the root's first commit marks <html data-hydrated>, app/root.tsx): a click
 * that loads another document while React is still hydrating interrupts it, and React reports an error (#345) in the
 * console. The router's presence is not enough: it is there before a slow machine has finished hydrating.
 */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated !== undefined);
}
