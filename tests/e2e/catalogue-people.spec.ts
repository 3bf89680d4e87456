// The organisation's people and partners in the auction items section: donors (create with a refusal first, edit,
// find in the grid), sponsors (a logo uploaded through the dialog, then shown at this event) and staff (their
// row colour tints their row).
import sharp from "sharp";
import { expect, test } from "./support/fixtures";
import { signIn } from "./support/sign-in";
import type { Locator, Page } from "@playwright/test";

const tag = () => Math.random().toString(36).slice(2, 7);
const toasts = (page: Page) => page.getByRole("region", { name: "Notifications" });

/** The cell of a row under the column with this header (columns can be shown and hidden, so never by position). */
async function cellUnder(grid: Locator, row: Locator, header: string): Promise<Locator> {
  const headers = (await grid.locator("thead tr").first().locator("th").allTextContents()).map((text) =>
    text.replace(/[▲▼]/g, "").trim(),
  );
  const index = headers.indexOf(header);
  expect(index, `a column "${header}" among ${headers.join(", ")}`).toBeGreaterThan(-1);
  return row.locator("td").nth(index);
}

test("an organiser adds a donor, corrects it, edits it and finds it in the grid", async ({ page, gala }) => {
  await signIn(page, gala.organiser);
  await page.goto("/admin/auction_items/donors");
  const grid = page.getByRole("table", { name: "Donors" });
  // The demo's donors, with what they gave to the gala in dollars.
  const kessler = grid.getByRole("row", { name: /The Kessler Family/ });
  await expect(kessler).toBeVisible();
  await expect(await cellUnder(grid, kessler, "Value")).toHaveText(/^\$[\d,]+\.00$/);

  // A refusal first: no name at all, and a phone number that is not one.
  const last = `Whitfield ${tag()}`;
  await page.getByRole("button", { name: "New donor" }).click();
  const dialog = page.getByRole("dialog", { name: "New donor" });
  await dialog.getByLabel("Phone").fill("call the front desk");
  await dialog.getByLabel("Website").fill("whitfield.example.org");
  await dialog.getByRole("button", { name: "Add donor" }).click();
  await expect(dialog.getByText("Give the donor's name, their organisation's, or both.")).toBeVisible();
  await expect(dialog.getByText("Use digits, spaces and + ( ) . - only, and x12 for an extension.")).toBeVisible();
  await expect(dialog.getByLabel("First name")).toBeFocused();
  // What was typed is still there.
  await expect(dialog.getByLabel("Website")).toHaveValue("whitfield.example.org");

  await dialog.getByLabel("First name").fill("Nora");
  await dialog.getByLabel("Last name").fill(last);
  await dialog.getByLabel("Phone").fill("(617) 555-0199");
  await dialog.getByLabel("Email").fill("nora@whitfield.example.org");
  await dialog.getByRole("button", { name: "Add donor" }).click();
  await expect(dialog).toBeHidden();
  await expect(toasts(page)).toContainText(`Donor “Nora ${last}” added`);

  // Found by search; the website was normalised.
  await page.getByRole("searchbox", { name: "Search donors" }).fill(last);
  await expect(grid.locator("tbody tr")).toHaveCount(1);
  const row = grid.getByRole("row", { name: new RegExp(last) });
  await expect(row).toContainText("nora@whitfield.example.org");
  await expect(await cellUnder(grid, row, "Value")).toHaveText("$0.00");

  // Edit in the dialog.
  await row.getByRole("button", { name: `Edit Nora ${last}` }).click();
  const edit = page.getByRole("dialog", { name: `Edit Nora ${last}` });
  await expect(edit.getByLabel("Website")).toHaveValue("https://whitfield.example.org");
  await edit.getByLabel("Organisation").fill("Whitfield Bakery");
  await edit.getByLabel(/^Active/).uncheck();
  await edit.getByRole("button", { name: "Save donor" }).click();
  await expect(edit).toBeHidden();
  await expect(toasts(page)).toContainText(`Donor “Nora ${last}” saved`);
  await expect(row).toContainText("Whitfield Bakery");
  await expect(await cellUnder(grid, row, "Active")).toContainText(/^No/);

  // Inline: back to active with the Yes/No select.
  await row.getByRole("button", { name: `Edit Active of Nora ${last}` }).click();
  await row.getByRole("combobox", { name: `Active of Nora ${last}` }).selectOption("yes");
  await row.getByRole("combobox", { name: `Active of Nora ${last}` }).press("Enter");
  await expect(row.getByRole("combobox")).toHaveCount(0);
  await page.reload();
  await expect(await cellUnder(grid, grid.getByRole("row", { name: new RegExp(last) }), "Active")).toContainText(
    /^Yes/,
  );

  // A donor who gave items is not deleted, and the bar says why and how many.
  await page.getByRole("searchbox", { name: "Search donors" }).fill("Kessler");
  await grid.getByRole("checkbox", { name: "Select Richard Kessler" }).check();
  await page.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("alertdialog", { name: "Delete this donor?" }).getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Nothing was deleted." })).toContainText(
    /“Richard Kessler” gave \d+ items/,
  );
});

test("an organiser uploads a sponsor's logo and shows the sponsor at this event", async ({ page, gala }) => {
  await signIn(page, gala.organiser);
  await page.goto("/admin/auction_items/sponsors");
  const grid = page.getByRole("table", { name: "Sponsors" });
  // The demo's sponsors, the top level first.
  await expect(grid.locator("tbody tr").first()).toContainText("Coastal Trust Bank");
  await expect(grid.getByRole("img", { name: "Coastal Trust Bank logo" })).toBeVisible();

  const name = `Lighthouse Credit Union ${tag()}`;
  const logo = await sharp({ create: { width: 240, height: 80, channels: 3, background: { r: 20, g: 90, b: 160 } } })
    .png()
    .toBuffer();
  await page.getByRole("button", { name: "New sponsor" }).click();
  const dialog = page.getByRole("dialog", { name: "New sponsor" });
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Level").selectOption("Gold");
  await dialog.getByLabel("Logo").setInputFiles({ name: "lighthouse.png", mimeType: "image/png", buffer: logo });
  await expect(dialog.getByRole("img", { name: "The chosen image, not saved yet" })).toBeVisible();
  await dialog.getByLabel("Show at this event").uncheck();
  await dialog.getByRole("button", { name: "Add sponsor" }).click();
  await expect(dialog).toBeHidden();
  await expect(toasts(page)).toContainText(`Sponsor “${name}” added`);

  const row = grid.getByRole("row", { name: new RegExp(name) });
  const image = row.getByRole("img", { name: `${name} logo` });
  await expect(image).toBeVisible();
  await expect(image).toHaveAttribute("src", /^\/images\/[0-9a-f]{32}\/w240\.webp$/);
  expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(240);
  await expect(await cellUnder(grid, row, "Shown at this event")).toContainText(/^No/);

  // Show it at this event with the bar's action; the Gold sponsors then include it.
  await row.getByRole("checkbox", { name: `Select ${name}` }).check();
  await page.getByRole("button", { name: "Show at this event" }).click();
  await expect(toasts(page)).toContainText("1 sponsor now shown at this event");
  await page.getByRole("combobox", { name: "Filter Shown at this event" }).selectOption("yes");
  await expect(grid.getByRole("row", { name: new RegExp(name) })).toBeVisible();
  await expect(grid.getByRole("row", { name: new RegExp(name) })).toContainText("Gold");

  // Sorting by level follows the tiers, not the alphabet.
  await page.getByRole("combobox", { name: "Filter Shown at this event" }).selectOption("");
  await grid.getByRole("link", { name: "Level", exact: true }).click();
  await expect(grid.getByRole("columnheader", { name: "Level", exact: true })).toHaveAttribute(
    "aria-sort",
    "ascending",
  );
  const levels = await grid.locator("tbody tr").evaluateAll((rows) => rows.map((r) => r.textContent ?? ""));
  const firstGold = levels.findIndex((text) => text.includes("Gold"));
  const lastPlatinum = levels.map((text) => text.includes("Platinum")).lastIndexOf(true);
  expect(lastPlatinum).toBeLessThan(firstGold);
});

test("each staff member's rows are tinted with their row colour", async ({ page, gala }) => {
  await signIn(page, gala.organiser);
  await page.goto("/admin/auction_items/staff");
  const grid = page.getByRole("table", { name: "Staff" });
  // The demo gives Allison Reed a yellow.
  const allison = grid.getByRole("row", { name: /Allison Reed/ });
  await expect(allison).toHaveAttribute("data-colored", "");
  await expect(allison).toHaveAttribute("style", /--grid-row-color:\s*#fff3c4/);

  // A new person with a colour of their own.
  const last = `Nakamura ${tag()}`;
  await page.getByRole("button", { name: "New staff member" }).click();
  const dialog = page.getByRole("dialog", { name: "New staff member" });
  await dialog.getByLabel("First name").fill("Kei");
  await dialog.getByLabel("Last name").fill(last);
  await dialog.getByLabel("Row colour", { exact: true }).fill("#FFD6D6");
  await dialog.getByRole("button", { name: "Add to staff" }).click();
  await expect(dialog).toBeHidden();
  await expect(toasts(page)).toContainText(`“Kei ${last}” added to your staff`);

  const row = grid.getByRole("row", { name: new RegExp(last) });
  await expect(row).toHaveAttribute("style", /--grid-row-color:\s*#ffd6d6/);
  await expect(row).toContainText("#ffd6d6");
  const plain = await grid
    .getByRole("row", { name: /Carla Mendes/ })
    .locator("td")
    .nth(1)
    .evaluate((td) => getComputedStyle(td).backgroundColor);
  const tinted = await row
    .locator("td")
    .nth(1)
    .evaluate((td) => getComputedStyle(td).backgroundColor);
  expect(tinted).not.toBe(plain);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the sponsor form still uploads a logo, in place of the dialog", async ({ page, gala }) => {
    await signIn(page, gala.organiser);
    await page.goto("/admin/auction_items/sponsors");
    const name = `Zz Plain Sponsor ${tag()}`;
    const logo = await sharp({ create: { width: 120, height: 60, channels: 3, background: { r: 200, g: 40, b: 40 } } })
      .png()
      .toBuffer();
    await page.getByRole("link", { name: "New sponsor" }).click();
    const form = page.getByRole("region", { name: "New sponsor" });
    // Refused first (no name): the page shows the form again with the message.
    await form.getByLabel("Logo").setInputFiles({ name: "plain.png", mimeType: "image/png", buffer: logo });
    await form.getByLabel("Name").evaluate((input: HTMLInputElement) => input.removeAttribute("required"));
    await form.getByRole("button", { name: "Add sponsor" }).click();
    await expect(page.getByRole("region", { name: "New sponsor" }).getByText("Give the sponsor's name.")).toBeVisible();
    // The logo uploaded with the refused form is kept: no need to choose it again.
    await expect(page.getByRole("img", { name: "The logo chosen, not saved yet" })).toBeVisible();
    await page.getByRole("region", { name: "New sponsor" }).getByLabel("Name").fill(name);
    await page.getByRole("region", { name: "New sponsor" }).getByRole("button", { name: "Add sponsor" }).click();
    const row = page.getByRole("table", { name: "Sponsors" }).getByRole("row", { name: new RegExp(name) });
    await expect(row.getByRole("img", { name: `${name} logo` })).toHaveAttribute(
      "src",
      /^\/images\/[0-9a-f]{32}\/w120\.webp$/,
    );
  });

  test("a donor's edit form shows above the grid, not squeezed into its row", async ({ page, gala }) => {
    await signIn(page, gala.organiser);
    await page.goto("/admin/auction_items/donors?q=Seaglass");
    const grid = page.getByRole("table", { name: "Donors" });
    await grid.getByRole("link", { name: "Edit Naomi Park" }).click();
    await expect(grid.getByText("Editing above")).toBeVisible();
    const form = page.getByRole("region", { name: "Edit Naomi Park" });
    await expect(form.getByLabel("Organisation")).toHaveValue("Seaglass Spa");
    await form.getByLabel("Internal notes").fill("Prefers a call, not email.");
    await form.getByRole("button", { name: "Save donor" }).click();
    await expect(page.getByRole("region", { name: "Edit Naomi Park" })).toHaveCount(0);
    // The search is kept; the notes column is shown with the Columns menu, which needs JavaScript, so check the
    // form again instead.
    await expect(page).toHaveURL(/q=Seaglass/);
    await grid.getByRole("link", { name: "Edit Naomi Park" }).click();
    await expect(page.getByRole("region", { name: "Edit Naomi Park" }).getByLabel("Internal notes")).toHaveValue(
      "Prefers a call, not email.",
    );
  });
});
