// The data grid on its first screen, /admin/auction_items/categories: create in a dialog, find, sort, rename in
// place, delete with confirmation (refused while in use), export, and the same jobs without JavaScript.
import { readFile } from "node:fs/promises";
import { expect, test } from "./support/fixtures";
import { signIn } from "./support/sign-in";

const tag = () => Math.random().toString(36).slice(2, 7);

test("an organiser manages categories in the grid", async ({ page, gala }) => {
  await signIn(page, gala.organiser);
  await page.goto("/admin/auction_items");
  await expect(page).toHaveURL(/\/admin\/auction_items\/inventory|\/admin\/auction_items\/categories/);
  await page.goto("/admin/auction_items/categories");
  const grid = page.getByRole("table", { name: "Categories" });
  // The demo's categories, with the items in them.
  await expect(grid.getByRole("row", { name: /Travel & Getaways/ })).toBeVisible();

  // Create, with a refusal first.
  const name = `Art ${tag()}`;
  await page.getByRole("button", { name: "New category" }).click();
  const dialog = page.getByRole("dialog", { name: "New category" });
  await dialog.getByLabel("Name").fill("travel & getaways");
  await dialog.getByRole("button", { name: "Create category" }).click();
  await expect(dialog.getByText("A category named “Travel & Getaways” already exists.")).toBeVisible();
  await expect(dialog.getByLabel("Name")).toBeFocused();
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByRole("button", { name: "Create category" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("region", { name: "Notifications" })).toContainText(`Category “${name}” created`);
  await expect(grid.getByRole("row", { name: new RegExp(name) })).toBeVisible();

  // Search narrows the rows at once and stays in the address.
  await page.getByRole("searchbox", { name: "Search categories" }).fill(name);
  await expect(grid.locator("tbody tr")).toHaveCount(1);
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(name).replace(/%20/g, "\\+")}`));
  await page.reload();
  await expect(grid.locator("tbody tr")).toHaveCount(1);
  await page.getByRole("searchbox", { name: "Search categories" }).fill("");

  // Sorting by name, descending.
  await grid.getByRole("link", { name: "Name" }).click();
  await expect(grid.getByRole("columnheader", { name: "Name" })).toHaveAttribute("aria-sort", "ascending");
  await grid.getByRole("link", { name: "Name" }).click();
  await expect(grid.getByRole("columnheader", { name: "Name" })).toHaveAttribute("aria-sort", "descending");

  // Rename in place: a refusal shows by the field, Enter saves.
  const row = grid.getByRole("row", { name: new RegExp(name) });
  await row.getByRole("button", { name: `Edit Name of ${name}` }).click();
  const cell = row.getByRole("textbox", { name: `Name of ${name}` });
  await cell.fill("Food & Wine");
  await cell.press("Enter");
  await expect(row.getByRole("alert")).toHaveText("A category named “Food & Wine” already exists.");
  await expect(cell).toHaveAttribute("aria-invalid", "true");
  const renamed = `${name} and Design`;
  await cell.fill(renamed);
  await cell.press("Enter");
  await expect(grid.getByRole("cell", { name: renamed, exact: false }).first()).toBeVisible();
  await expect(grid.getByRole("textbox", { name: `Name of ${name}` })).toHaveCount(0);

  // Export the rows shown.
  await page.getByRole("searchbox", { name: "Search categories" }).fill(renamed);
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const file = await (await download).path();
  const csv = await readFile(file, "utf8");
  expect(csv).toContain(`Name,Items,Internal notes\r\n${renamed},0,`);

  // Delete: a category in use is refused, with the reason; an unused one goes after confirmation.
  await page.getByRole("searchbox", { name: "Search categories" }).fill("");
  await grid.getByRole("checkbox", { name: "Select Travel & Getaways" }).check();
  await grid.getByRole("checkbox", { name: `Select ${renamed}` }).check();
  await expect(page.getByText("2 selected")).toBeVisible();
  await page.getByRole("button", { name: "Delete" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete 2 categories?" });
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Nothing was deleted." })).toContainText(
    "“Travel & Getaways” is used by",
  );
  await expect(grid.getByRole("row", { name: new RegExp(renamed) })).toBeVisible();

  await grid.getByRole("checkbox", { name: `Select ${renamed}` }).check();
  await page.getByRole("button", { name: "Delete" }).click();
  await page
    .getByRole("alertdialog", { name: "Delete this category?" })
    .getByRole("button", { name: "Delete" })
    .click();
  await expect(page.getByRole("region", { name: "Notifications" })).toContainText("Category deleted");
  await expect(grid.getByRole("row", { name: new RegExp(renamed) })).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the grid still searches, sorts, creates and deletes with links and forms", async ({ page, gala }) => {
    await signIn(page, gala.organiser);
    await page.goto("/admin/auction_items/categories");
    const grid = page.getByRole("table", { name: "Categories" });

    const name = `Zz plain ${tag()}`;
    await page.getByRole("link", { name: "New category" }).click();
    await page.getByRole("textbox", { name: "Name" }).fill(name);
    await page.getByRole("button", { name: "Create category" }).click();
    await expect(grid.getByRole("row", { name: new RegExp(name) })).toBeVisible();

    await page.getByRole("searchbox", { name: "Search categories" }).fill(name);
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(grid.locator("tbody tr")).toHaveCount(1);

    await grid.getByRole("link", { name: "Name" }).click();
    await expect(page).toHaveURL(/sort=title\.asc/);
    await expect(grid.locator("tbody tr")).toHaveCount(1);

    await grid.getByRole("checkbox", { name: `Select ${name}` }).check();
    await page.getByRole("button", { name: "Delete" }).click();
    await expect(grid.getByRole("row", { name: new RegExp(name) })).toHaveCount(0);
  });
});

test("a dialog closes when its post is taken, even when a live reload overtakes its redirect", async ({
  page,
  gala,
}) => {
  await signIn(page, gala.organiser);
  await page.goto(`/admin/auction_items/categories?id=${gala.id}`);
  await expect(page.getByRole("table", { name: "Categories" })).toBeVisible();
  const name = `Lab ${tag()}`;
  await page.getByRole("button", { name: "New category" }).click();
  const dialog = page.getByRole("dialog", { name: "New category" });
  await dialog.getByLabel("Name").fill(name);

  // The server takes the post, but its answer (a redirect) is held until the page has started reloading its data, as
  // a live update about the new category does: the router then lets that reload stand for the redirect, and the
  // page's address does not change.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let taken!: () => void;
  const serverTook = new Promise<void>((resolve) => (taken = resolve));
  await page.route(
    (url) => url.pathname === "/admin/auction_items/categories.data",
    async (route) => {
      if (route.request().method() !== "POST") return route.fallback();
      const response = await route.fetch();
      taken();
      await released;
      await route.fulfill({ response });
    },
  );
  await dialog.getByRole("button", { name: "Create category" }).click();
  await serverTook;
  await page.evaluate(() =>
    (window as unknown as { __remixRouter: { revalidate(): void } }).__remixRouter.revalidate(),
  );
  release();

  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole("table", { name: "Categories" }).getByRole("row", { name: new RegExp(name) }),
  ).toBeVisible();
});
