// The page designer's previews of the registration and silent-auction pages are the real pages (issue 8): the
// event's ticket types and auction items, following the settings as the organiser types, without saving anything.
import { GALLERY_STEP } from "~/bidding/ui/gallery-view";
import { expect, test } from "./support/fixtures";
import { addSilentItems } from "./support/galas";
import { signIn } from "./support/sign-in";

test("the registration page's preview is the real page with the event's tickets", async ({ page, gala }) => {
  await signIn(page, gala.organiser);
  await page.goto("/admin/pages/registration_page");
  const preview = page.locator(".designer__frame");
  await expect(preview.locator(".register-ticket h3", { hasText: "Table of 8" })).toBeVisible();
  await expect(preview.locator(".register-ticket__price").first()).toContainText("$250.00");

  await page.locator("summary", { hasText: /^Tickets/ }).click();
  const tickets = page.getByRole("group", { name: "Tickets" });
  await tickets.getByLabel("Heading", { exact: true }).fill("Book your seats");
  await expect(preview.locator(".register-form__heading")).toHaveText("Book your seats");
  await page.getByLabel("Primary colour", { exact: true }).fill("#7a1f3d");
  await expect(preview.locator(".register-header")).toHaveCSS("background-color", "rgb(122, 31, 61)");
  // Nothing in the picture can be used: the form is inert.
  await expect(preview.locator(".register-form").locator("xpath=ancestor::*[@inert]")).toHaveCount(1);
});

test("the silent-auction page's preview is the real gallery with the event's items", async ({ page, gala }) => {
  await signIn(page, gala.organiser);
  await page.goto("/admin/pages/silent_auction_page");
  const preview = page.locator(".designer__frame");
  await expect(preview.locator(".item-card").first()).toBeVisible();
  const cards = await preview.locator(".item-card").count();
  expect(cards).toBeGreaterThan(5);

  await page.locator("summary", { hasText: /^Items/ }).click();
  const items = page.getByRole("group", { name: "Items" });
  await items.getByLabel("Heading", { exact: true }).fill("Tonight's treasures");
  await expect(preview.locator(".gallery__title")).toHaveText("Tonight's treasures");
  await items.getByLabel("Show the items").uncheck();
  await expect(preview.locator(".item-card")).toHaveCount(0);
});

test("the preview of a long gallery shows its first cards and stays where it is when scrolled", async ({
  page,
  gala,
  database,
}) => {
  await addSilentItems(database, gala, GALLERY_STEP);
  await signIn(page, gala.organiser);
  await page.goto("/admin/pages/silent_auction_page");
  const preview = page.locator(".designer__frame");
  await expect(preview.locator(".item-card")).toHaveCount(GALLERY_STEP);
  const designer = page.url();
  // The guest's page would fetch the next cards here; the picture of it loads nothing, nor moves the designer.
  await preview.locator(".gallery__more").scrollIntoViewIfNeeded();
  await expect(preview.getByText(/^Showing 48 of \d+ items/)).toBeVisible();
  await page.waitForTimeout(1_000);
  expect(page.url()).toBe(designer);
  await expect(preview.locator(".item-card")).toHaveCount(GALLERY_STEP);
});
