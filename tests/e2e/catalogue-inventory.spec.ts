// The inventory, /admin/auction_items/inventory: a new item with a rich-text description and two images, its
// gallery reordered from the keyboard, the item found in the grid and moved to another category in bulk; and the
// gallery without JavaScript.
import sharp from "sharp";
import { expect, test } from "./support/fixtures";
import { signIn } from "./support/sign-in";
import type { Locator, Page } from "@playwright/test";

const tag = () => Math.random().toString(36).slice(2, 7);

/** A small PNG of one colour: each colour is a different file, so a different stored image. */
async function png(name: string, background: { r: number; g: number; b: number }) {
  const buffer = await sharp({ create: { width: 160, height: 120, channels: 3, background } })
    .png()
    .toBuffer();
  return { name, mimeType: "image/png", buffer };
}

/** The sources of the gallery's images, in the order shown. */
async function gallerySources(gallery: Locator): Promise<string[]> {
  return gallery
    .getByRole("listitem")
    .getByRole("img")
    .evaluateAll((images) => images.map((image) => image.getAttribute("src") ?? ""));
}

async function createItem(page: Page, title: string, { richText }: { richText: boolean }) {
  await page.goto("/admin/auction_items/inventory");
  await page.getByRole("link", { name: "New inventory item" }).first().click();
  await expect(page.getByRole("heading", { name: "New inventory item" })).toBeVisible();
  await page.getByRole("textbox", { name: "Title" }).fill(title);
  await page.getByRole("textbox", { name: "Value (USD)" }).fill("1,250.50");
  await page.getByRole("combobox", { name: "Category" }).selectOption({ label: "Travel & Getaways" });
  if (richText) {
    await expect(page.getByRole("toolbar", { name: "Description formatting" })).toBeVisible();
    await page.getByRole("textbox", { name: "Description" }).click();
    await page.keyboard.type("Two nights for ");
    await page.keyboard.press("Control+b");
    await page.keyboard.type("two");
    await page.keyboard.press("Control+b");
    await page.keyboard.type(" by the sea.");
  } else {
    await page
      .getByRole("textbox", { name: "Description" })
      .fill("<p>Two nights for <strong>two</strong> by the sea.</p>");
  }
  await page
    .getByLabel("Images")
    .setInputFiles([await png("red.png", { r: 200, g: 40, b: 40 }), await png("blue.png", { r: 40, g: 40, b: 200 })]);
  await page.getByRole("button", { name: "Create inventory item" }).click();
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/auction_items\/inventory\/\d+/);
}

test("an organiser records an item with images, orders them, and files it in the grid", async ({ page, gala }) => {
  await signIn(page, gala.organiser);
  const title = `Seaside weekend ${tag()}`;
  await createItem(page, title, { richText: true });
  await expect(page.getByRole("region", { name: "Notifications" })).toContainText(`Inventory item “${title}” created`);
  await expect(page.getByText("Not yet in an auction item.")).toBeVisible();

  // The description was saved with its formatting.
  await expect(page.getByRole("textbox", { name: "Description" }).locator("strong")).toHaveText("two");

  // The two images, in the order chosen; the second moves up with the keyboard, and the focus follows it.
  const gallery = page.getByRole("list", { name: `Images of ${title}` });
  await expect(gallery.getByRole("listitem")).toHaveCount(2);
  await expect(gallery.getByRole("listitem").first()).toContainText("Main image");
  const [first, second] = await gallerySources(gallery);
  expect(first).toMatch(/^\/images\/[0-9a-f]{32}\/w160\.webp$/);
  expect(second).not.toBe(first);
  await expect(gallery.getByRole("button", { name: "Move image 1 up" })).toBeDisabled();

  await gallery.getByRole("button", { name: "Move image 2 up" }).focus();
  await page.keyboard.press("Enter");
  await expect.poll(() => gallerySources(gallery)).toEqual([second, first]);
  // Now first, it cannot go up: the focus is on its Down button.
  await expect(gallery.getByRole("button", { name: "Move image 1 down" })).toBeFocused();
  await expect(page.getByRole("status").filter({ hasText: "Image moved to position 1 of 2." })).toBeAttached();
  await page.reload();
  await expect.poll(() => gallerySources(gallery)).toEqual([second, first]);

  // In the grid: found by its title, with its value, category and images.
  await page.getByRole("link", { name: "Back to the inventory" }).click();
  const grid = page.getByRole("table", { name: "Inventory" });
  await page.getByRole("searchbox", { name: "Search inventory" }).fill(title);
  await expect(grid.locator("tbody tr")).toHaveCount(1);
  const row = grid.getByRole("row", { name: new RegExp(title) });
  await expect(row).toContainText("$1,250.50");
  await expect(row).toContainText("Travel & Getaways");
  await expect(row).toContainText("Not yet in an auction item");
  await expect(row.getByRole("cell").nth(8)).toHaveText("2");

  // Moved to another category in bulk.
  await row.getByRole("checkbox", { name: `Select ${title}` }).check();
  await expect(page.getByText("1 selected")).toBeVisible();
  await page.getByRole("combobox", { name: "Category", exact: true }).selectOption({ label: "Food & Wine" });
  await page.getByRole("button", { name: "Change category" }).click();
  await expect(page.getByRole("region", { name: "Notifications" })).toContainText("1 item moved to the category");
  await expect(row).toContainText("Food & Wine");
  await expect(row).not.toContainText("Travel & Getaways");

  // The title links to the item's page.
  await row.getByRole("link", { name: title }).click();
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Category" })).toHaveValue(/\d+/);
  await expect(page.getByRole("combobox", { name: "Category" }).locator("option:checked")).toHaveText("Food & Wine");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the item is created with its images, and the gallery reorders and removes with plain forms", async ({
    gala,
    page,
  }) => {
    await signIn(page, gala.organiser);
    const title = `Plain gallery ${tag()}`;
    await createItem(page, title, { richText: false });

    const gallery = page.getByRole("list", { name: `Images of ${title}` });
    const [first, second] = await gallerySources(gallery);
    await gallery.getByRole("button", { name: "Move image 2 up" }).click();
    await expect.poll(() => gallerySources(gallery)).toEqual([second, first]);
    await gallery.getByRole("button", { name: "Move image 1 down" }).click();
    await expect.poll(() => gallerySources(gallery)).toEqual([first, second]);

    // Without JavaScript, Remove posts at once (with it, it asks first).
    await gallery.getByRole("button", { name: "Remove image 1" }).click();
    await expect.poll(() => gallerySources(gallery)).toEqual([second]);

    // The description kept its formatting, cleaned.
    await expect(page.getByRole("textbox", { name: "Description" })).toHaveValue(
      "<p>Two nights for <strong>two</strong> by the sea.</p>",
    );
  });
});
