import { expect, test } from "./support/fixtures";
import { hydrated } from "./support/hydrated";
import type { Page } from "@playwright/test";

// The whole Google round trip in Chromium, against the local OpenID Connect provider playwright.config.ts starts
// in Google's place: the button, the provider's login and consent pages, the callback, the session.

/** At the provider: its development login page (any login and password), then its consent page. */
async function approveAtProvider(page: Page, login: string) {
  await page.getByPlaceholder("Enter any login").fill(login);
  await page.getByPlaceholder("and password").fill("any password");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
}

test.beforeEach(async ({ page }) => {
  // The provider's development pages import a web font; the test machine has no outside network.
  await page.route("https://fonts.googleapis.com/**", (route) =>
    route.fulfill({ status: 200, contentType: "text/css", body: "" }),
  );
});

test("signs in with Google as a new person, then as the same person again", async ({ page, context }) => {
  const login = `grace.${Date.now()}@example.test`;

  await page.goto("/");
  await hydrated(page);
  await page.getByRole("button", { name: "Sign in with Google" }).click();
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/interaction\//);
  await approveAtProvider(page, login);

  await expect(page).toHaveURL("/");
  await expect(page.getByRole("button", { name: "Sign out", exact: true })).toBeVisible();
  await expect(page.getByText("Signed in as Grace Tester")).toBeVisible();
  await expect(page.getByRole("heading", { name: "No events yet" })).toBeVisible();

  // Something of this person's own, to recognise them by after signing in again. The callback's redirect loaded the
  // page anew: its links and forms are React's once it has hydrated.
  const eventTitle = `Google Gala ${Date.now()}`;
  await hydrated(page);
  await page.getByRole("link", { name: "Set up your organisation" }).first().click();
  await page.getByLabel("Organisation name").fill(`Grace's Fund ${Date.now()}`);
  await page.getByLabel("Event name").fill(eventTitle);
  await page.getByRole("button", { name: "Create organisation and event" }).click();
  await expect(page).toHaveURL("/admin");

  await page.goto("/");
  await hydrated(page);
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
  // Forget the provider's own session too, so the second round trip goes through its pages again.
  await context.clearCookies();

  await hydrated(page);
  await page.getByRole("button", { name: "Sign in with Google" }).click();
  await approveAtProvider(page, login);
  await expect(page).toHaveURL("/");
  await expect(page.getByText("Signed in as Grace Tester")).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: eventTitle })).toContainText("Owner · every permission");
});

test("returns to the page that asked for the sign-in", async ({ page }) => {
  await page.goto("/teamsignup");
  await hydrated(page);
  await page.getByRole("button", { name: "Sign in with Google" }).click();
  await approveAtProvider(page, `return.${Date.now()}@example.test`);
  await expect(page).toHaveURL("/teamsignup");
  await expect(page.getByRole("heading", { name: "Set up your organisation" })).toBeVisible();
  await expect(page.getByLabel("Organisation name")).toBeVisible();
});
