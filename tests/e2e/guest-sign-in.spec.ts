import { expect, test } from "./support/fixtures";

// A bidder who taps "Sign in" on an event's page stays in that event's pages (issue 20): the sign-in pages wear its
// colours, logo and name, lead back to the page, and bring the guest back to it signed in. The team's sign-in keeps
// Gavel's own look.

test("signing in from the bidding page keeps the event's look and comes back to the page @phone", async ({
  page,
  gala,
}) => {
  await page.goto(`/inroombid?id=${gala.id}`);
  await page.getByRole("link", { name: "Sign in", exact: true }).first().click();
  await expect(page).toHaveURL(/\/auth\/sign-in\?returnTo=/);

  const header = page.getByRole("banner");
  const home = header.getByRole("link", { name: /Harbor Lights Gala/ });
  await expect(home).toHaveAttribute("href", `/inroombid?id=${gala.id}`);
  await expect(header).toHaveCSS("background-color", "rgb(31, 58, 95)");
  // The event's fonts load here as on its own pages, so the heading is drawn in its heading font.
  await expect(page.locator("style[data-font-faces]")).toHaveCount(1);
  const faces = await page.evaluate(
    async () => (await document.fonts.load('16px "Playfair Display"', "Sign in")).length,
  );
  expect(faces).toBeGreaterThan(0);
  await expect(header.getByRole("link", { name: "Gavel" })).toHaveCount(0);
  await expect(page.getByText("Sign-in by")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Sign in", exact: true })).toBeVisible();
  await expect(page.getByText(/To bid, give and follow your bids at Harbor Lights Gala/)).toBeVisible();

  // On to "email me a code" and back: still the event's pages. Each step waits for its page, since the banner is the
  // same on both (a check of it alone passes before the navigation, and going back then leaves the sign-in page).
  await page.getByRole("link", { name: "Email me a sign-in code" }).click();
  await expect(page).toHaveURL(/\/auth\/code\?returnTo=/);
  await expect(page.getByRole("banner").getByRole("link", { name: /Harbor Lights Gala/ })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/auth\/sign-in\?returnTo=/);
  await expect(page.getByLabel("Password", { exact: true })).toBeVisible();

  await page.getByLabel("Email").fill(gala.organiser.email);
  await page.getByLabel("Password", { exact: true }).fill(gala.organiser.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/inroombid\\?id=${gala.id}$`));
});

test("the team's sign-in, and a return to the admin area, keep Gavel's look", async ({ page, gala }) => {
  await page.goto(`/auth/sign-in?returnTo=${encodeURIComponent(`/admin/dashboard?id=${gala.id}`)}`);
  await expect(page.getByRole("banner").getByRole("link", { name: "Gavel" })).toBeVisible();
  await expect(page.getByText("Sign-in by")).toHaveCount(0);
});
