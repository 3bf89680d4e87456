import type { Page } from "@playwright/test";

/** The menus' links: the hub's, the workspace's side menu, a screen's own sections. */
export const MENU_LINKS = 'nav a[href^="/admin/"]';

/**
 * The admin screens of an event that its menus offer, as the navigation links them: the hub's on the dashboard, the
 * workspace's on a workspace screen. Signed in as someone with every permission (the gala's organiser), that is every
 * admin screen. `links` picks the links to follow (by default every admin link of those two pages, the contents'
 * too: an item's page, a sorted list); `open` loads each start page (a test that inspects what it opens passes its
 * own). The addresses come back with the event's id.
 */
export async function adminScreens(
  page: Page,
  eventId: number,
  {
    links: linkSelector = 'a[href^="/admin/"]',
    open = (path) => page.goto(path),
  }: { links?: string; open?: (path: string) => Promise<unknown> } = {},
): Promise<string[]> {
  const screens = new Set<string>();
  for (const start of [`/admin/dashboard?id=${eventId}`, `/admin/auction_items/inventory?id=${eventId}`]) {
    await open(start);
    const links = await page
      .locator(linkSelector)
      .evaluateAll((found) => found.map((link) => link.getAttribute("href")!));
    for (const link of links) screens.add(link);
  }
  return [...screens].map((href) => withEvent(href, eventId));
}

/** An `<a>` of a screen's own tabs (app/ui/tabs.tsx), as the server renders it. */
const TAB_LINK = /<a\b[^>]*\bclass="[^"]*\btabs__tab\b[^>]*>/g;

/**
 * The screens, and after them the screens their own tabs lead to (the reports, the design lab's pages), read from
 * each screen's HTML: all fetched at once, quicker than opening each in the browser.
 */
export async function withTabScreens(page: Page, eventId: number, screens: string[]): Promise<string[]> {
  const pages = await Promise.all(screens.map(async (screen) => (await page.request.get(screen)).text()));
  const all = new Set(screens);
  for (const html of pages) {
    for (const [link] of html.matchAll(TAB_LINK)) {
      const href = /\bhref="([^"]+)"/.exec(link)?.[1].replaceAll("&amp;", "&");
      if (href?.startsWith("/admin/")) all.add(withEvent(href, eventId));
    }
  }
  return [...all];
}

function withEvent(href: string, eventId: number) {
  return href.includes("id=") ? href : `${href}${href.includes("?") ? "&" : "?"}id=${eventId}`;
}
