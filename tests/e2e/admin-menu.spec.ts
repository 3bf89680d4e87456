// Issue 34, items 1 and 2: one header and one side menu on every admin screen. Walked from the dashboard, the menu
// (and the tabs of the screens it opens) reaches every admin route of the build's route manifest for a person with
// every permission, and only the routes a volunteer's role opens for them; on a 390 px phone no admin page scrolls
// sideways, the menu waits behind a button (a link without JavaScript) and the screen's content comes first; at
// 1440 px a grid wider than its box says so at its edge.
import { and, eq } from "drizzle-orm";
import { ADMIN_ROUTE_ACCESS, ruleAllows } from "~/auth/route-access";
import { usr, usr_event_role } from "~drizzle/schema";
import { expect, test } from "./support/fixtures";
import { hydrated } from "./support/hydrated";
import { addressOf, routeManifest, routesOpenedBy } from "./support/route-manifest";
import { signIn } from "./support/sign-in";
import type { Page } from "@playwright/test";

const PHONE = { width: 390, height: 844 };

/** The links of the one frame every admin screen has: its header's and its side menu's. */
const SHELL_LINKS = '.admin-header a[href^="/admin"], #admin-menu a[href^="/admin"]';

/**
 * Admin routes that no menu links, each reached from the screen named, by a link matching `link`: a record's own page,
 * a new record's form, a file to download or print.
 */
const REACHED_FROM_A_SCREEN: Record<string, { from: string; link: RegExp; why: string }> = {
  "routes/admin._workspace.auction_items.inventory_.$inventoryId": {
    from: "/admin/auction_items/inventory",
    link: /^\/admin\/auction_items\/inventory\/\d+/,
    why: "one inventory item's page: its title in Inventory",
  },
  "routes/admin._workspace.auction_items.inventory_.new": {
    from: "/admin/auction_items/inventory",
    link: /^\/admin\/auction_items\/inventory\/new/,
    why: "the form of a new inventory item: Inventory's New inventory item",
  },
  "routes/admin._workspace.auction_items.auction_item_page": {
    from: "/admin/auction_items/live_packages",
    link: /^\/admin\/auction_items\/auction_item_page\?/,
    why: "one auction item's page, or a new one's: its title in a package list, and New live item",
  },
  "routes/admin._workspace.auction_items.print": {
    from: "/admin/auction_items/live_packages",
    link: /^\/admin\/auction_items\/print\?/,
    why: "a PDF of bid sheets or item cards: the package lists' print links",
  },
  "routes/admin._workspace.registration.seating_.print": {
    from: "/admin/registration/seating",
    link: /^\/admin\/registration\/seating\/print\?/,
    why: "the seating chart or place cards as a PDF: Seating's print links",
  },
  "routes/admin._workspace.solemen.donations_.letter": {
    from: "/admin/solemen/donations",
    link: /^\/admin\/solemen\/donations\/letter\?/,
    why: "one gift's thank-you letter as a PDF: its row in Donations",
  },
  "routes/admin._workspace.billing.payments_.csv": {
    from: "/admin/billing/payments",
    link: /^\/admin\/billing\/payments\/csv\?/,
    why: "the payments as a CSV file: Payments' download",
  },
  "routes/admin._workspace.billing.winnersreport_.download": {
    from: "/admin/billing/winnersreport",
    link: /^\/admin\/billing\/winnersreport\/download\?/,
    why: "the winners report as CSV or PDF: the report's downloads",
  },
  "routes/admin._hub.events_.import": {
    from: "/admin/events",
    link: /^\/admin\/events\/import\?/,
    why: "an event archive imported as a new event: Events' Import an event from an archive",
  },
  "routes/admin._workspace.setup.event_.archive": {
    from: "/admin/setup/event",
    link: /^\/admin\/setup\/event\/archive\?/,
    why: "the whole event as one archive: the event setup's download",
  },
  "routes/admin._workspace.setup.reporting_.download": {
    from: "/admin/setup/reporting/revenue",
    link: /^\/admin\/setup\/reporting\/download\?/,
    why: "a report as CSV or XLSX: each report's downloads",
  },
};

/**
 * The addresses of whole sections: no page of their own, they send to the section's first screen the person's role
 * opens, which the menu links.
 */
const SECTION_ADDRESSES = [
  "routes/admin._workspace.setup._index",
  "routes/admin._workspace.pages._index",
  "routes/admin._workspace.auction_items._index",
  "routes/admin._workspace.solemen._index",
  "routes/admin._workspace.registration._index",
  "routes/admin._workspace.bids._index",
  "routes/admin._workspace.billing._index",
];

/** The live streams screens listen to (/admin/stream, …/stream): no page, opened by the screen's script. */
const isStream = (id: string) => id === "routes/admin.stream" || id.endsWith("_.stream");

/** The stations' queues (…/sync, decision 041): posted to by the station's script; opened, they are the station. */
const isStationQueue = (id: string) => id.endsWith("_.sync");

async function hrefsOf(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((links) => links.map((link) => link.getAttribute("href")!));
}

/** How much wider than the window the page is (0 when it fits); page.evaluate works with the page's scripts off. */
async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
}

/** The admin addresses a page's HTML links to or posts to, as written (with their queries). */
function adminLinksIn(html: string): string[] {
  return [...html.matchAll(/\b(?:href|action)="(\/admin[^"]*)"/g)].map(([, href]) => href.replaceAll("&amp;", "&"));
}

/** A screen's own tabs (app/ui/tabs.tsx) in its HTML: the reports, the design lab's pages, the silent bids' views. */
function tabLinksIn(html: string): string[] {
  return [...html.matchAll(/<a\b[^>]*\bclass="[^"]*\btabs__tab\b[^>]*>/g)].flatMap(([tag]) => {
    const href = /\bhref="(\/admin[^"]+)"/.exec(tag)?.[1];
    return href ? [href.replaceAll("&amp;", "&")] : [];
  });
}

const pathnameOf = (href: string) => new URL(href, "http://gala.test").pathname;

test("walking the menu from the dashboard reaches every admin route of the build", async ({ page, gala }) => {
  await signIn(page, gala.organiser);
  await page.goto(`/admin/dashboard?id=${gala.id}`);
  await hydrated(page);
  const routes = await routeManifest(page);
  // The walk: every link of the header and the side menu, then the tabs of the screens they open. (Each screen's look
  // at 390, 1280 and 1920 px is admin-look.spec.ts's walk over the same menu.)
  // A link may lead through a redirect (the design lab's address opens its home page): both routes are reached.
  const pages = new Map<string, string>();
  const reached = new Set<string>();
  for (let round = await hrefsOf(page, SHELL_LINKS); round.length > 0;) {
    const fresh = [...new Set(round)].filter((href) => !pages.has(href));
    const answers = await Promise.all(fresh.map((href) => page.request.get(href)));
    for (const [index, answer] of answers.entries()) {
      expect(answer.status(), fresh[index]).toBe(200);
      pages.set(fresh[index], await answer.text());
      for (const href of [fresh[index], answer.url()])
        for (const id of routesOpenedBy(routes, pathnameOf(href))) reached.add(id);
    }
    round = fresh.flatMap((href) => tabLinksIn(pages.get(href)!));
  }

  const admin = Object.keys(routes).filter((id) => id === "routes/admin" || id.startsWith("routes/admin."));
  const elsewhere = (id: string) =>
    id in REACHED_FROM_A_SCREEN || SECTION_ADDRESSES.includes(id) || isStream(id) || isStationQueue(id);
  expect(
    admin.filter((id) => !reached.has(id) && !elsewhere(id)),
    "admin routes the menu does not reach",
  ).toEqual([]);
  expect(
    admin.filter((id) => reached.has(id) && elsewhere(id)),
    "routes said to be reached elsewhere",
  ).toEqual([]);

  // Each route left to a screen is linked from that screen.
  for (const [id, { from, link, why }] of Object.entries(REACHED_FROM_A_SCREEN)) {
    expect(routes[id], `${id} (${why}) is in the build`).toBeDefined();
    const screen = [...pages.keys()].find((href) => pathnameOf(href) === from);
    expect(screen, `${from} is in the walk`).toBeDefined();
    expect(
      adminLinksIn(pages.get(screen!)!).some((href) => link.test(href)),
      `${from} links to ${addressOf(routes, id)} (${why})`,
    ).toBe(true);
  }
  // A section's own address sends to a screen of the menu.
  for (const id of SECTION_ADDRESSES) {
    const answer = await page.request.get(`${addressOf(routes, id)}?id=${gala.id}`, { maxRedirects: 0 });
    expect(answer.status(), addressOf(routes, id)).toBe(302);
    expect([...pages.keys()], `${addressOf(routes, id)} sends to a screen of the walk`).toContain(
      answer.headers().location,
    );
  }
});

test("a volunteer's menu holds the screens their role opens, and only those", async ({ page, gala, database }) => {
  const [role] = await database
    .select()
    .from(usr_event_role)
    .innerJoin(usr, eq(usr.usr_id, usr_event_role.usr_id))
    .where(and(eq(usr.email_address, gala.volunteer.email), eq(usr_event_role.event_id, gala.id)));
  const volunteerMay = (id: string) => ruleAllows(ADMIN_ROUTE_ACCESS[id].loader, role.usr_event_role);

  // The organiser's menu: every screen of the menu, with the route each opens.
  await signIn(page, gala.organiser);
  await page.goto(`/admin/dashboard?id=${gala.id}`);
  await hydrated(page);
  const routes = await routeManifest(page);
  const screenOf = (href: string) => {
    const opened = [...routesOpenedBy(routes, pathnameOf(href))];
    return opened.find((id) => !Object.values(routes).some((route) => route.parentId === id))!;
  };
  const everyEntry = await hrefsOf(page, "#admin-menu a");
  const permitted = everyEntry.filter((href) => volunteerMay(screenOf(href)));
  expect(permitted.length).toBeGreaterThan(2);
  expect(permitted.length).toBeLessThan(everyEntry.length);

  // Leave the organiser's dashboard first: its live stream, reopened without a session, would be answered by the
  // sign-in page.
  await page.goto("about:blank");
  await page.context().clearCookies();
  await signIn(page, gala.volunteer);
  await page.goto(`/admin/dashboard?id=${gala.id}`);
  await hydrated(page);
  const theirs = await hrefsOf(page, "#admin-menu a");
  expect(theirs).toEqual(permitted);
  for (const href of theirs) expect((await page.request.get(href)).status(), href).toBe(200);
  // The rest of the organiser's menu is closed to them, by the server.
  for (const href of everyEntry.filter((entry) => !theirs.includes(entry)))
    expect((await page.request.get(href)).status(), href).toBe(403);
});

/** Screens whose pages differ without JavaScript: grids with bulk forms and print links, long forms, the designer. */
const WITHOUT_SCRIPTS = [
  "/admin/auction_items/inventory",
  "/admin/auction_items/live_packages",
  "/admin/auction_items/inventory/new",
  "/admin/auction_items/auction_item_page?type=live",
  "/admin/registration/registrants",
  "/admin/solemen/donations",
  "/admin/pages/landing_page",
  "/admin/pages/silent_auction_page",
  "/admin/setup/team",
  "/admin/events",
];

test.describe("on a 390 px phone", () => {
  test.use({ viewport: PHONE });

  test("the screen comes first; the menu button opens the menu, Escape closes it and a new page does too", async ({
    page,
    gala,
  }) => {
    await signIn(page, gala.organiser);
    await page.goto(`/admin/registration/checkinout?id=${gala.id}`);
    await hydrated(page);
    // The door's search field comes after the screen's heading, figures and station bar (about 400 px, more while
    // the bar says it is connecting), not under the whole menu (760 px down).
    const search = page.getByRole("searchbox", { name: "Find a guest" });
    expect((await search.boundingBox())!.y).toBeLessThan(500);
    const menu = page.locator("#admin-menu");
    await expect(menu).toBeHidden();

    const button = page.getByRole("button", { name: "Menu", exact: true });
    await expect(button).toHaveAttribute("aria-controls", "admin-menu");
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await button.click();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await expect(menu.getByRole("navigation", { name: "Admin" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Check-in/out" })).toHaveAttribute("aria-current", "page");
    // From the button, the keyboard goes on into the menu.
    await page.keyboard.press("Tab");
    await expect(menu.getByRole("link", { name: "Dashboard" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(button).toBeFocused();

    await button.click();
    await menu.getByText("Messages").click();
    await menu.getByRole("link", { name: "Write to guests" }).click();
    await expect(page).toHaveURL(/\/admin\/auction_items\/email_page\/guests\?id=/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(menu).toBeHidden();
    await expect(button).toHaveAttribute("aria-expanded", "false");
  });

  test("without JavaScript the menu button is a link to the menu, and Close menu leaves it", async ({
    browser,
    gala,
  }, testInfo) => {
    const context = await browser.newContext({
      viewport: PHONE,
      javaScriptEnabled: false,
      baseURL: testInfo.project.use.baseURL,
    });
    const page = await context.newPage();
    await signIn(page, gala.organiser);
    await page.goto(`/admin/registration/checkinout?id=${gala.id}`);
    const menu = page.locator("#admin-menu");
    await expect(menu).toBeHidden();
    await page.getByRole("link", { name: "Menu", exact: true }).click();
    await expect(menu.getByRole("navigation", { name: "Admin" })).toBeVisible();
    await page.getByRole("link", { name: "Close menu" }).click();
    await expect(menu).toBeHidden();
    await page.getByRole("link", { name: "Menu", exact: true }).click();
    await menu.getByText("Auction items").click();
    await menu.getByRole("link", { name: "Inventory" }).click();
    await expect(page).toHaveURL(/\/admin\/auction_items\/inventory\?id=/);
    await expect(page.getByRole("heading", { level: 1, name: "Inventory" })).toBeVisible();
    await expect(menu).toBeHidden();

    // What a page offers without JavaScript (a grid's bulk form, Apply and print links, a form's plain controls) keeps
    // to the phone's width too; with it, admin-look.spec.ts's walk looks at every screen at 390 px.
    const tooWide: string[] = [];
    for (const screen of WITHOUT_SCRIPTS) {
      expect((await page.goto(`${screen}${screen.includes("?") ? "&" : "?"}id=${gala.id}`))?.status(), screen).toBe(
        200,
      );
      const overflow = await sidewaysOverflow(page);
      if (overflow > 0) tooWide.push(`${screen}: ${overflow} px wider than the phone`);
    }
    expect(tooWide).toEqual([]);
    await context.close();
  });
});

test.describe("at 1440 px", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  for (const screen of ["/admin/auction_items/inventory", "/admin/bids/silentbids"]) {
    test(`${screen}: a grid wider than its box scrolls in it, shaded at the edge with more columns`, async ({
      page,
      gala,
    }) => {
      await signIn(page, gala.organiser);
      await page.goto(`${screen}?id=${gala.id}`);
      await hydrated(page);
      const box = page.getByRole("region").filter({ has: page.locator("table.grid__table") });
      await expect(box).toHaveAttribute("tabindex", "0");
      const edges = () =>
        box.evaluate((scroller) => {
          const frame = scroller.parentElement!;
          const lastHeading = scroller.querySelector("thead tr:first-child > :last-child")!;
          return {
            lastColumnShown: lastHeading.getBoundingClientRect().right <= scroller.getBoundingClientRect().right + 1,
            shadeAfter: Number(getComputedStyle(frame, "::after").opacity),
            shadeBefore: Number(getComputedStyle(frame, "::before").opacity),
            page: document.scrollingElement!.scrollWidth - window.innerWidth,
          };
        });
      const start = await edges();
      expect(start.page).toBe(0);
      // Either every column fits, or the edge past which they go is shaded.
      if (start.lastColumnShown) return;
      expect(start).toMatchObject({ shadeAfter: 1, shadeBefore: 0 });
      // A keyboard scrolls the box; at its end the last column is in view and the shade has moved to the start.
      // Focus and key again until the box moves: on a loaded machine a first key was once seen to move nothing.
      await expect(async () => {
        await box.focus();
        await page.keyboard.press("ArrowRight");
        await expect.poll(() => box.evaluate((scroller) => scroller.scrollLeft), { timeout: 2_000 }).toBeGreaterThan(0);
      }).toPass();
      await box.evaluate((scroller) => scroller.scrollTo({ left: scroller.scrollWidth }));
      await expect.poll(edges).toMatchObject({ lastColumnShown: true, shadeAfter: 0, shadeBefore: 1 });
    });
  }
});
