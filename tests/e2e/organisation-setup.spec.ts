import { expect, test } from "./support/fixtures";
import { linkTo, waitForMail } from "./support/mail";

// /teamsignup: a new visitor signs up on the way (the emailed link brings them back), then creates an organisation
// and its first event and lands in the admin area as its owner.

test("a new person signs up, creates an organisation and its first event, and lands in /admin", async ({ page }) => {
  const email = `ola.${Date.now()}@example.test`;
  const stamp = Date.now();

  await page.goto("/");
  await page.getByRole("link", { name: "Set up your organisation" }).first().click();
  await expect(page).toHaveURL("/teamsignup");
  await expect(page.getByText("Sign in first, or create an account")).toBeVisible();
  await page.getByRole("link", { name: "Create an account" }).click();
  await expect(page.getByRole("heading", { name: "Create your Gavel account" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send me the link" }).click();
  const welcome = await waitForMail(email, "Finish signing up for Gavel");
  await page.goto(linkTo(welcome, "/auth/finish-sign-up"));
  await page.getByLabel("Choose a password").fill("northern lights auction");
  await page.getByRole("button", { name: "Create my account" }).click();
  await expect(page).toHaveURL("/teamsignup");
  await expect(page.getByRole("heading", { name: "Set up your organisation" })).toBeVisible();

  await page.getByLabel("Organisation name").fill(`Northern Lights Trust ${stamp}`);
  await page.getByLabel("Event name").fill(`Aurora Ball ${stamp}`);
  await page.getByLabel("Time zone").selectOption("Europe/Oslo");
  await page.getByLabel("Subdomain (optional)").fill("-not-a-label");
  await page.getByRole("button", { name: "Create organisation and event" }).click();
  await expect(
    page.getByText("Use up to 63 letters, digits and hyphens, not starting or ending with a hyphen."),
  ).toBeVisible();
  await expect(page.getByLabel("Subdomain (optional)")).toBeFocused();
  await page.getByLabel("Subdomain (optional)").fill(`aurora${stamp}`);
  await page.getByRole("button", { name: "Create organisation and event" }).click();

  await expect(page).toHaveURL("/admin");
  await expect(page.getByRole("region", { name: "Notifications" })).toContainText(
    `Northern Lights Trust ${stamp} is set up`,
  );

  await page.goto("/");
  const mine = page.getByRole("region", { name: "Your events" }).getByRole("listitem");
  await expect(mine).toHaveCount(1);
  await expect(mine.first()).toContainText(`Aurora Ball ${stamp}`);
  await expect(mine.first()).toContainText("Owner · every permission");
});
