import { expect, test } from "./support/fixtures";
import { signIn } from "./support/sign-in";

// The home page for a person signed in: their events, their role on each, and the way into the admin area.

test("the demo organiser sees the demo events with their role @phone", async ({ page, gala }) => {
  await signIn(page, gala.organiser);
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
  const events = page.getByRole("region", { name: "Your events" }).getByRole("listitem");
  await expect(events).toHaveCount(1);
  await expect(events.first()).toContainText("Team member · check guests in and out, register guests");
});

test("signing out is a form post; a link to it signs nobody out", async ({ page, organiser }) => {
  await signIn(page, organiser);
  await page.goto("/auth/sign-out");
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
});
