// A gala's gallery of many items: the first cards at once, the next as the guest scrolls (or asks, without
// JavaScript), and the same list on coming back from an item (app/bidding/ui/more-cards.tsx).
import { GALLERY_STEP } from "~/bidding/ui/gallery-view";
import { expect, test } from "./support/fixtures";
import { addSilentItems, type Gala } from "./support/galas";

const gallery = (gala: Gala, query = "") => `/inroombid?id=${gala.id}${query}`;

test("the gallery shows its first cards, the next as the guest scrolls, and the same list after an item", async ({
  page,
  gala,
  database,
}) => {
  await addSilentItems(database, gala, 2 * GALLERY_STEP);
  await page.goto(gallery(gala));
  const cards = page.locator(".item-card");
  await expect(cards).toHaveCount(GALLERY_STEP);
  const total = Number((await page.getByText(/^Showing \d+ of \d+ items/).textContent())!.match(/of (\d+)/)![1]);
  expect(total).toBeGreaterThan(2 * GALLERY_STEP);

  await cards.last().scrollIntoViewIfNeeded();
  await expect(cards).toHaveCount(2 * GALLERY_STEP);
  await expect(page).toHaveURL(new RegExp(`shown=${2 * GALLERY_STEP}`));
  await page.getByRole("link", { name: /^Show \d+ more$/ }).click();
  await expect(cards).toHaveCount(total);
  await expect(page.getByText(/^Showing \d+ of \d+ items/)).toHaveCount(0);

  // An item far down the list, then back: the list is as long as it was.
  const far = cards.nth(2 * GALLERY_STEP + 1);
  const title = (await far.locator(".item-card__title").textContent())!;
  await far.getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1, name: title.replace(/^#\d+ /, "") })).toBeVisible();
  await page.goBack();
  await expect(cards).toHaveCount(total);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the link to more cards loads the page with them, at the first new one", async ({ page, gala, database }) => {
    await addSilentItems(database, gala, GALLERY_STEP);
    await page.goto(gallery(gala, "&sort=value"));
    const cards = page.locator(".item-card");
    await expect(cards).toHaveCount(GALLERY_STEP);
    const firstNew = await page.getByRole("link", { name: /^Show \d+ more$/ }).getAttribute("href");
    await page.getByRole("link", { name: /^Show \d+ more$/ }).click();
    await expect(page).toHaveURL(new RegExp(`sort=value.*shown=${2 * GALLERY_STEP}#card-\\d+$`));
    expect(await cards.count()).toBeGreaterThan(GALLERY_STEP);
    const target = page.locator(firstNew!.slice(firstNew!.indexOf("#")));
    await expect(target).toBeInViewport();
    await expect(target).toHaveAttribute("data-item-id", /\d+/);
  });
});
