// Issue 34: an admin a volunteer finds their way in. Item 4: organisers read words, not code: no admin screen shows a
// snake_case identifier (a setting's key, a template's id such as notify_registration) or an environment variable
// (SECRETS_KEY, SMTP_URL). Item 3: each report's page is named after its report; a toast goes when the page changes.
import { expect, test } from "./support/fixtures";
import { MENU_LINKS, organiserScreens, withTabScreens } from "./support/screens";
import { signIn } from "./support/sign-in";
import type { Page } from "@playwright/test";

/**
 * A word joined by underscores: an environment variable's name (SECRETS_KEY, SMTP_URL), a snake_case identifier
 * (notify_registration), a time zone's code name (America/New_York).
 */
const CODE_NAME = /\b[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+\b/g;

/**
 * Text in which a code name is what the organiser needs, each with its reason:
 * - {{first_name}}: the placeholders organisers type into their own messages (the template language);
 * - web addresses (a link shown as text, a page's address in a message preview): they are copied, not read.
 */
const ALLOWED = [/\{\{\s*[a-z_]+\s*\}\}/g, /\bhttps?:\/\/\S+/g, /(?:^|\s)\/[\w/.-]*(?:\?\S*)?/g];

/** What the page shows a person: its text with every collapsed section opened (a template's editor, say). */
async function visibleText(page: Page) {
  return page.evaluate(() => {
    for (const details of document.querySelectorAll("details")) details.open = true;
    return document.body.innerText;
  });
}

function codeNames(text: string) {
  const words = ALLOWED.reduce((rest, allowed) => rest.replace(allowed, " "), text);
  return [...new Set(words.match(CODE_NAME) ?? [])];
}

test("no admin screen shows a code name: a snake_case identifier or an environment variable", async ({
  page,
  gala,
}) => {
  test.setTimeout(240_000);
  const menus = await organiserScreens(page, gala, { links: MENU_LINKS });
  const screens = await withTabScreens(page, gala.id, menus);
  const found: string[] = [];
  for (const screen of screens) {
    const response = await page.goto(screen);
    expect(response?.status(), screen).toBe(200);
    for (const name of codeNames(await visibleText(page))) found.push(`${screen}: ${name}`);
  }
  expect(found).toEqual([]);
});

test("each report's page is named after its report, in its title and its heading", async ({ page, gala }) => {
  await signIn(page, gala.organiser);
  await page.goto(`/admin/setup/reporting?id=${gala.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reports");
  const reports = await page
    .getByRole("navigation", { name: "Reports" })
    .getByRole("link")
    .evaluateAll((links) => links.map((link) => [link.textContent!.trim(), link.getAttribute("href")!] as const));
  expect(reports.map(([label]) => label)).toEqual(["Revenue", "Items", "Guests", "Tax", "Procurement"]);
  const titles = new Set<string>();
  for (const [label, href] of reports) {
    await page.goto(href);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${label} report`);
    const title = await page.title();
    expect(title, href).toMatch(new RegExp(`^${label} report\\b`));
    titles.add(title);
  }
  expect(titles.size).toBe(reports.length);
});

test.describe("a toast goes when the page changes", () => {
  const STYLE_GUIDE = "/admin/eric/components";

  async function showToast(page: Page) {
    await page.goto(STYLE_GUIDE);
    await page.getByLabel("Guest name").fill("Ada Lovelace");
    await page.getByLabel("Pledge amount (US dollars)").fill("250");
    await page.getByRole("button", { name: "Record pledge" }).click();
    const toast = page.getByRole("region", { name: "Notifications" }).getByText("Pledge of $250 from Ada Lovelace");
    await expect(toast).toBeVisible();
    return toast;
  }

  test("following a link to another page takes it away at once", async ({ page, organiser }) => {
    await signIn(page, organiser);
    const toast = await showToast(page);
    await page.getByRole("link", { name: "Email", exact: true }).first().click();
    await expect(page).toHaveURL(/\/admin\/eric\/email/);
    // Well before the 5 seconds after which it closes by itself.
    await expect(toast).toBeHidden({ timeout: 1_500 });
  });

  test("opening another page by its address does not show it again", async ({ page, organiser }) => {
    await signIn(page, organiser);
    await showToast(page);
    await page.goto("/admin/eric/email");
    await page.waitForFunction(() => "__remixRouter" in window);
    await expect(page.getByRole("region", { name: "Notifications" })).not.toContainText("Pledge of $250", {
      timeout: 1_500,
    });
  });
});
