// Auction items: a live item created on /admin/auction_items/auction_item_page with two images, a rich-text
// description and the starting bid proposed from its value as it is typed, found in the live packages grid; a
// package built from two inventory items, worth their sum; and the live lots numbered.
import sharp from "sharp";
import { expect, test } from "./support/fixtures";
import { signIn } from "./support/sign-in";
import type { Page } from "@playwright/test";

const tag = () => Math.random().toString(36).slice(2, 7);

async function png(name: string, background: { r: number; g: number; b: number }) {
  const buffer = await sharp({ create: { width: 160, height: 120, channels: 3, background } })
    .png()
    .toBuffer();
  return { name, mimeType: "image/png", buffer };
}

const toast = (page: Page) => page.getByRole("region", { name: "Notifications" });

async function newLiveItem(page: Page, title: string) {
  await page.goto("/admin/auction_items/live_packages");
  await page.getByRole("link", { name: "New live item" }).first().click();
  await expect(page.getByRole("heading", { name: "New auction item", level: 1 })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Type", exact: true })).toHaveValue("live");
  await page.getByRole("textbox", { name: "Title", exact: true }).fill(title);
}

async function newInventory(page: Page, title: string, value: string) {
  await page.goto("/admin/auction_items/inventory/new");
  await page.getByRole("textbox", { name: "Title", exact: true }).fill(title);
  await page.getByRole("textbox", { name: "Value (USD)" }).fill(value);
  await page.getByRole("button", { name: "Create inventory item" }).click();
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
}

test("an organiser creates a live item with images and a proposed starting bid, and finds it in the live packages", async ({
  page,
  gala,
}) => {
  await signIn(page, gala.organiser);
  const title = `Private chef dinner ${tag()}`;
  await newLiveItem(page, title);

  // The proposal follows the value as it is typed (the demo event proposes 40% and 10%).
  const startingBid = page.getByRole("textbox", { name: "Starting bid (USD)" });
  await page.getByRole("textbox", { name: "Fair market value (USD)" }).fill("1,000");
  await expect(startingBid).toHaveAttribute("placeholder", "Proposed: 400");
  await expect(page.getByRole("textbox", { name: "Increment (USD)" })).toHaveAttribute("placeholder", "Proposed: 100");
  await page.getByRole("textbox", { name: "Fair market value (USD)" }).fill("1,500");
  await expect(startingBid).toHaveAttribute("placeholder", "Proposed: 600");
  await page.getByRole("button", { name: "Use 600 as the starting bid" }).click();
  await expect(startingBid).toHaveValue("600");

  await expect(page.getByRole("toolbar", { name: "Description formatting" })).toBeVisible();
  await page.getByRole("textbox", { name: "Description" }).click();
  await page.keyboard.type("Dinner for ");
  await page.keyboard.press("Control+b");
  await page.keyboard.type("eight");
  await page.keyboard.press("Control+b");
  await page.keyboard.type(" at home.");
  await page
    .getByLabel("Images", { exact: true })
    .setInputFiles([await png("red.png", { r: 200, g: 40, b: 40 }), await png("blue.png", { r: 40, g: 40, b: 200 })]);
  await page.getByRole("button", { name: "Create auction item" }).click();

  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  await expect(toast(page)).toContainText(`Auction item “${title}” created`);
  await expect(page).toHaveURL(/\/admin\/auction_items\/auction_item_page\?item=\d+/);
  await expect(page.getByRole("textbox", { name: "Description" }).locator("strong")).toHaveText("eight");
  await expect(page.getByRole("list", { name: `Images of ${title}` }).getByRole("listitem")).toHaveCount(2);
  await expect(startingBid).toHaveValue("600");
  // The increment was left blank: it was proposed on save.
  await expect(page.getByRole("textbox", { name: "Increment (USD)" })).toHaveValue("150");

  await page.getByRole("link", { name: "Back to the live packages" }).click();
  const grid = page.getByRole("table", { name: "Live packages" });
  await page.getByRole("searchbox", { name: "Search live packages" }).fill(title);
  await expect(grid.locator("tbody tr")).toHaveCount(1);
  const row = grid.getByRole("row", { name: new RegExp(title) });
  await expect(row).toContainText("$1,500.00");
  await expect(row).toContainText("$600.00");
  await expect(row).toContainText("draft");
  await row.getByRole("link", { name: title }).click();
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
});

test("an organiser bundles two inventory items into a package worth their sum, and numbers the live lots", async ({
  page,
  gala,
}) => {
  await signIn(page, gala.organiser);
  const t = tag();
  const hotel = `Harbor hotel ${t}`;
  const dinner = `Harbor dinner ${t}`;
  await newInventory(page, hotel, "600");
  await newInventory(page, dinner, "250.50");

  const title = `Harbor weekend ${t}`;
  await newLiveItem(page, title);
  await page.getByRole("combobox", { name: "Subtype" }).selectOption({ label: "Package" });
  await page.getByRole("button", { name: "Create auction item" }).click();
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();

  const free = page.getByRole("group", { name: "Inventory not yet in an auction item" });
  await free.getByRole("checkbox", { name: new RegExp(hotel) }).check();
  await free.getByRole("checkbox", { name: new RegExp(dinner) }).check();
  await page.getByRole("button", { name: "Add the ticked ones" }).click();
  await expect(toast(page)).toContainText("2 inventory items added");
  const contents = page.getByRole("list", { name: "Inventory in this item" });
  await expect(contents.getByRole("listitem")).toHaveCount(2);
  // The value was blank: it is now their sum, and the bids are proposed from it.
  await expect(page.getByText("Sum of their values: $850.50. Value of the item: $850.50.")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Fair market value (USD)" })).toHaveValue("850.50");
  await expect(page.getByRole("textbox", { name: "Starting bid (USD)" })).toHaveValue("340");

  // Numbering the live lots gives this one a number.
  await page.getByRole("link", { name: "Back to the live packages" }).click();
  await page.getByRole("button", { name: "Number lots" }).click();
  await expect(toast(page)).toContainText(/lots? numbered from \d+/);
  await page.getByRole("searchbox", { name: "Search live packages" }).fill(title);
  const row = page.getByRole("table", { name: "Live packages" }).getByRole("row", { name: new RegExp(title) });
  await expect(row.getByRole("cell").nth(1)).toHaveText(/^\d+/);
  await expect(row).toContainText("Package");
  await expect(row).toContainText("$850.50");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the item page creates an item from a plain form, with messages at the fields and bids proposed on save", async ({
    gala,
    page,
  }) => {
    await signIn(page, gala.organiser);
    const title = `Harbor cruise ${tag()}`;
    await page.goto("/admin/auction_items/auction_item_page?type=silent");
    await expect(page.getByRole("heading", { name: "New auction item", level: 1 })).toBeVisible();
    await page.getByRole("textbox", { name: "Title", exact: true }).fill(title);
    await page.getByRole("textbox", { name: "Fair market value (USD)" }).fill("-50");
    await page.getByRole("button", { name: "Create auction item" }).click();

    const value = page.getByRole("textbox", { name: "Fair market value (USD)" });
    await expect(value).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Amounts cannot be negative.")).toBeVisible();
    // What was typed is kept.
    await expect(page.getByRole("textbox", { name: "Title", exact: true })).toHaveValue(title);

    await value.fill("1,000");
    await page.getByRole("button", { name: "Create auction item" }).click();
    await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Starting bid (USD)" })).toHaveValue("400");
    await expect(page.getByRole("textbox", { name: "Increment (USD)" })).toHaveValue("100");
  });
});

test("a new auction item's long form comes in named sections, its save bar always in view, its image picked with a preview", async ({
  page,
  gala,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await signIn(page, gala.organiser);
  await page.goto(`/admin/auction_items/auction_item_page?id=${gala.id}`);
  for (const section of ["The item", "Value and bidding", "In the catalogue", "Pictures", "Notes"])
    await expect(page.getByRole("group", { name: section, exact: true })).toBeVisible();
  // The save bar sits at the bottom of the window while the form runs past it, at the top as at the end.
  const save = page.getByRole("button", { name: "Create auction item" });
  const insideWindow = async () => {
    const box = (await save.boundingBox())!;
    return box.y >= 0 && box.y + box.height <= 720;
  };
  expect(
    await page.getByLabel("Internal notes").evaluate((field) => field.getBoundingClientRect().top),
  ).toBeGreaterThan(720);
  expect(await insideWindow()).toBe(true);
  await page.getByLabel("Quantity").scrollIntoViewIfNeeded();
  expect(await insideWindow()).toBe(true);

  // The image field: a drop zone with a button, and the chosen file shown with its name before the save.
  const picture = page.getByRole("group", { name: "Pictures" });
  await expect(picture.getByText("No image yet")).toBeVisible();
  const png = await sharp({ create: { width: 60, height: 40, channels: 4, background: "#ffffff" } })
    .png()
    .toBuffer();
  await page.getByLabel("Featured image").setInputFiles({ name: "wordmark.png", mimeType: "image/png", buffer: png });
  await expect(picture.getByRole("img", { name: "The chosen image, not saved yet" })).toBeVisible();
  await expect(picture.getByText(/^wordmark\.png · \d+ KB, saved with the form$/)).toBeVisible();
  await expect(picture.getByText("Choose another image")).toBeVisible();
});
