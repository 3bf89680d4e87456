import { expect, test } from "./support/fixtures";
import { hydrated } from "./support/hydrated";
import { signIn } from "./support/sign-in";

// The home page for a person signed in: their events, their role on each, and the way into the admin area.

test("the demo organiser sees the demo events with their role @phone", async ({ page, gala }) => {
  await signIn(page, gala.organiser);
  await page.goto("/");
  await expect(page.getByText("Signed in as Morgan Ellis")).toBeVisible();
  const events = page.getByRole("region", { name: "Your events" }).getByRole("listitem");
  const galaItem = events.filter({ hasText: "Harbor Lights Gala" }).filter({ hasNotText: "Archived" });
  await expect(galaItem).toHaveCount(1);
  await expect(galaItem).toContainText("Harbor Light Children's Fund");
  await expect(galaItem).toContainText("Owner · every permission");
  await expect(events.filter({ hasText: "Archived" })).not.toHaveCount(0);
  await expect(galaItem.getByRole("button", { name: /^Open / })).toBeVisible();
});

test("the demo volunteer sees the gala with the role they hold", async ({ page, gala }) => {
  await signIn(page, gala.volunteer);
  await page.goto("/");
  const events = page.getByRole("region", { name: "Your events" }).getByRole("listitem");
  await expect(events).toHaveCount(1);
  await expect(events.first()).toContainText("Team member · check guests in and out, register guests");
});

test("signing out is a form post; a link to it signs nobody out", async ({ page, organiser }) => {
  await signIn(page, organiser);
  await page.goto("/auth/sign-out");
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("button", { name: "Sign out", exact: true })).toBeVisible();
  await hydrated(page);
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
});

test("signing out everywhere ends the session in the other browser too; the admin header signs out", async ({
  page,
  browser,
  organiser,
}) => {
  const laptop = await (await browser.newContext()).newPage();
  await signIn(laptop, organiser);
  await laptop.goto(`/admin/dashboard?id=${organiser.eventId}`);
  await expect(laptop.getByRole("heading", { level: 1 })).toBeVisible();

  await signIn(page, organiser);
  await page.goto("/");
  await hydrated(page);
  await page.getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();

  // The laptop's cookie is still in its browser, but its session no longer counts: the dashboard's live stream
  // ends, the page loads itself again, and the admin sends it home.
  await expect(laptop).toHaveURL("/");
  await expect(laptop.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();

  await signIn(laptop, organiser);
  await laptop.goto(`/admin/dashboard?id=${organiser.eventId}`);
  await hydrated(laptop);
  await laptop.getByRole("banner").getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(laptop.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
  await laptop.context().close();
});
