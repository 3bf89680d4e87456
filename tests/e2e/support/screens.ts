// The screens of a gala that the specs looking at every screen (admin-look, untrusted-content) walk: its guest pages
// and room screens, and its admin screens as the organiser's menus offer them.
import { expect, type Page } from "@playwright/test";
import { signIn } from "./sign-in";
import type { Gala } from "./galas";

/** Guest pages and room screens that open without signing in, a bidder's four first (landing, bid, register, give). */
const GUEST_PAGES = [
  "/event",
  "/inroombid",
  "/register",
  "/dp",
  "/raffle",
  "/duel",
  "/pi",
  "/live",
  "/woa2025monitor",
  "/teamsignup",
];

/** The gala's guest pages and room screens, then `more` of its pages, each with the gala's id. */
export function guestPages(eventId: number, more: string[] = []) {
  return [...GUEST_PAGES, ...more].map((path) => `${path}?id=${eventId}`);
}

/** The menus' links: the hub's, the workspace's side menu, a screen's own sections. */
export const MENU_LINKS = 'nav a[href^="/admin/"]';

/**
 * Signs in as the gala's organiser and returns the gala's admin screens that the menus offer, as the navigation links
 * them: the hub's on the dashboard, the workspace's on a workspace screen. With every permission, that is every admin
 * screen (more than 30). `links` picks the links to follow (by default every admin link of those two pages, the
 * contents' too: an item's page, a sorted list); `open` loads each start page (a test that inspects what it opens
 * passes its own). The addresses come back with the gala's id.
 */
export async function organiserScreens(
  page: Page,
  gala: Gala,
  {
    links: linkSelector = 'a[href^="/admin/"]',
    open = (path) => page.goto(path),
  }: { links?: string; open?: (path: string) => Promise<unknown> } = {},
): Promise<string[]> {
  await signIn(page, gala.organiser);
  const screens = new Set<string>();
  for (const start of [`/admin/dashboard?id=${gala.id}`, `/admin/auction_items/inventory?id=${gala.id}`]) {
    await open(start);
    const links = await page
      .locator(linkSelector)
      .evaluateAll((found) => found.map((link) => link.getAttribute("href")!));
    for (const link of links) screens.add(link);
  }
  expect(screens.size).toBeGreaterThan(30);
  return [...screens].map((href) => withEvent(href, gala.id));
}

/** An `<a>` of a screen's own tabs (app/ui/tabs.tsx), as the server renders it. */
const TAB_LINK = /<a\b[^>]*\bclass="[^"]*\btabs__tab\b[^>]*>/g;

/**
 * The screens, and after them the screens their own tabs lead to (the reports, the design lab's pages), read from
 * each screen's HTML: all fetched at once, quicker than opening each in the browser. A screen that sends on to another
 * (the lab's /admin/eric to its home) is listed once, where it lands.
 */
export async function withTabScreens(page: Page, eventId: number, screens: string[]): Promise<string[]> {
  const answers = await Promise.all(screens.map((screen) => page.request.get(screen)));
  const all = new Set(answers.map((answer) => addressOf(answer.url())));
  for (const answer of answers) {
    for (const [link] of (await answer.text()).matchAll(TAB_LINK)) {
      const href = /\bhref="([^"]+)"/.exec(link)?.[1].replaceAll("&amp;", "&");
      if (href?.startsWith("/admin/")) all.add(withEvent(href, eventId));
    }
  }
  return [...all];
}

/** A URL's path and query, as the menus' links give them. */
function addressOf(url: string) {
  const { pathname, search } = new URL(url);
  return pathname + search;
}

function withEvent(href: string, eventId: number) {
  return href.includes("id=") ? href : `${href}${href.includes("?") ? "&" : "?"}id=${eventId}`;
}
