// Issue 34: an admin a volunteer finds their way in. Item 3: each report's page is named after its report; a toast
// goes when the page changes. (Item 4, no code names on an admin screen, is checked on the walk through every admin
// screen that admin-look.spec.ts makes.)
import { expect, test } from "./support/fixtures";
import { hydrated } from "./support/hydrated";
import { signIn } from "./support/sign-in";
import type { Page } from "@playwright/test";

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
    await hydrated(page);
    await expect(page.getByRole("region", { name: "Notifications" })).not.toContainText("Pledge of $250", {
      timeout: 1_500,
    });
  });
});
