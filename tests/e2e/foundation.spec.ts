import { expect, test } from "./support/fixtures";

test("the health endpoint reports the database as reachable", async ({ request }) => {
  const response = await request.get("/health");
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("no-store");
  expect(await response.json()).toEqual({ status: "ok", database: "ok" });
});

test("an unknown path answers 404 with the not-found page @phone", async ({ page }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: /page not found/i })).toBeVisible();
  await page.getByRole("link", { name: /home/i }).first().click();
  await expect(page).toHaveURL("/");
});

test("the spec's /404 path is the not-found page too", async ({ request }) => {
  expect((await request.get("/404")).status()).toBe(404);
});

test("the home page says what Gavel is @phone", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/Gavel/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});
