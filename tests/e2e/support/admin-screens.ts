import type { Page } from "@playwright/test";

/**
 * Every admin screen of an event that its side menus offer, as the navigation links them: the hub's on the dashboard,
 * the workspace's on a workspace screen. Signed in as someone with every permission (the gala's organiser), that is
 * every admin screen. `open` loads each start page (a test that inspects what it opens passes its own); the addresses
 * come back with the event's id.
 */
export async function adminScreens(
  page: Page,
  eventId: number,
  open: (path: string) => Promise<unknown> = (path) => page.goto(path),
): Promise<string[]> {
  const screens = new Set<string>();
  for (const start of [`/admin/dashboard?id=${eventId}`, `/admin/auction_items/inventory?id=${eventId}`]) {
    await open(start);
    const links = await page
      .locator('a[href^="/admin/"]')
      .evaluateAll((found) => found.map((link) => link.getAttribute("href")!));
    for (const link of links) screens.add(link);
  }
  return [...screens].map((href) =>
    href.includes("id=") ? href : `${href}${href.includes("?") ? "&" : "?"}id=${eventId}`,
  );
}
