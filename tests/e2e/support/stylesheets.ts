import type { Page } from "@playwright/test";

/**
 * Waits until every stylesheet the page links has loaded. The browser paints nothing before then, but a measurement
 * taken sooner (the page's scripts held back, goto waiting only for the answer) lays the page out without them: the
 * landing page's slides ended 815 px higher without the shared stylesheet, a page no guest ever sees.
 */
export async function stylesheetsLoaded(page: Page) {
  // Polled on a timer: a page still waiting for its stylesheets has drawn no frame to poll on.
  await page.waitForFunction(
    () => [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((link) => link.sheet),
    undefined,
    { polling: 50 },
  );
}
