// Admin screens stay current (their data areas stay current from pushed updates): the gala's organiser in two
// browsers; what one changes (the event's name, a team member's permission) shows on the other's open screen
// within a moment, without a reload, and so does putting it back.
import { expect, test } from "./support/fixtures";
import { signIn } from "./support/sign-in";
import type { Person } from "./support/galas";
import type { Browser, Page } from "@playwright/test";

// Two browsers signing in take most of the default 30 s on a busy machine.
test.describe.configure({ timeout: 60_000 });

/** The organiser in a second browser; its console errors fail the test as the first page's do. */
async function secondBrowser(browser: Browser, organiser: Person) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console.error: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  await signIn(page, organiser);
  return { page, problems, close: () => context.close() };
}

/** Opens the gala's dashboard (the organiser's current event, so both browsers follow it); returns the gala's name. */
async function openGalaDashboard(page: Page, organiser: Person): Promise<string> {
  await signIn(page, organiser);
  await page.goto("/admin/dashboard");
  const heading = page.getByRole("heading", { level: 1, name: /^Harbor Lights Gala/ });
  await expect(heading).toBeVisible();
  return (await heading.textContent())!;
}

/** Marks the page, so that a reload (which would lose the mark) can be told from a live update. */
async function markPage(page: Page) {
  await page.evaluate(() => Object.assign(window, { notReloaded: true }));
}
const stillTheSamePage = (page: Page) =>
  page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded === true);

async function renameEvent(page: Page, title: string) {
  await page.getByLabel("Event name").fill(title);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("region", { name: "Notifications" })).toContainText("Event details saved");
}

test("renaming the event in one browser renames it on the other's open dashboard", async ({
  page,
  browser,
  gala: { organiser },
}) => {
  const gala = await openGalaDashboard(page, organiser);
  const other = await secondBrowser(browser, organiser);
  const renamed = `${gala} (${Date.now().toString(36)})`;
  try {
    await markPage(page);
    await other.page.goto("/admin/setup/event");
    await expect(other.page.getByLabel("Event name")).toHaveValue(gala);

    await renameEvent(other.page, renamed);
    await expect(page.getByRole("heading", { level: 1, name: renamed })).toBeVisible();
    await expect(page.getByText(`Current event: ${renamed}`)).toBeVisible();
    expect(await stillTheSamePage(page)).toBe(true);

    await renameEvent(other.page, gala);
    await expect(page.getByRole("heading", { level: 1, name: gala, exact: true })).toBeVisible();
    await expect(page.getByText(`Current event: ${gala}`, { exact: true })).toBeVisible();
    expect(await stillTheSamePage(page)).toBe(true);
    expect(other.problems, "errors in the second browser's console").toEqual([]);
  } finally {
    await other.close();
  }
});

test("a permission given in one browser shows on the other's open team screen", async ({
  page,
  browser,
  gala: { organiser },
}) => {
  await openGalaDashboard(page, organiser);
  const other = await secondBrowser(browser, organiser);
  const volunteer = "Priya Shah";
  const reports = (on: Page) => on.getByRole("checkbox", { name: `${volunteer}: Reports and exports` });
  const save = async (checked: boolean) => {
    await reports(other.page).setChecked(checked);
    await other.page.getByRole("button", { name: `Save ${volunteer}` }).click();
    await expect(other.page.getByRole("region", { name: "Notifications" })).toContainText("Permissions saved");
  };
  try {
    await page.goto("/admin/setup/team");
    await expect(reports(page)).not.toBeChecked();
    await markPage(page);
    await other.page.goto("/admin/setup/team");

    await save(true);
    await expect(reports(page)).toBeChecked();
    expect(await stillTheSamePage(page)).toBe(true);

    await save(false);
    await expect(reports(page)).not.toBeChecked();
    expect(await stillTheSamePage(page)).toBe(true);
    expect(other.problems, "errors in the second browser's console").toEqual([]);
  } finally {
    await other.close();
  }
});
