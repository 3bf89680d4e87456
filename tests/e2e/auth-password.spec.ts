import { expect, test } from "./support/fixtures";
import { linkTo, waitForMail } from "./support/mail";
import { signIn } from "./support/sign-in";
import type { Page } from "@playwright/test";

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
}

// Email and password: sign-up through the emailed link, sign-out, sign-in, a wrong password, and a forgotten
// password reset through the emailed link. Mail goes through the suite's SMTP server (support/smtp-sink.mjs).

test("sign up, sign out, sign in, and reset a forgotten password", async ({ page }) => {
  // A whole account's story, with two mails and several password hashes: 15 s on a quiet machine, 53 s once on a
  // loaded one, near the 60 s limit for one test.
  test.slow();
  const email = `nia.${Date.now()}@example.test`;
  const password = "lantern harbour midnight";
  const newPassword = "seven silent auctions";

  await page.goto("/");
  await page.getByRole("link", { name: "Create an account" }).first().click();
  await expect(page.getByRole("heading", { name: "Create your Gavel account" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send me the link" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();

  const welcome = await waitForMail(email, "Finish signing up for Gavel");
  await page.goto(linkTo(welcome, "/auth/finish-sign-up"));
  await expect(page.getByText(`a password for ${email}`)).toBeVisible();
  await page.getByLabel("First name").fill("Nia");
  await page.getByLabel("Last name").fill("Okafor");
  await page.getByLabel("Choose a password").fill("too short");
  await page.getByRole("button", { name: "Create my account" }).click();
  await expect(page.getByText("Use at least 10 characters.")).toBeVisible();
  await expect(page.getByLabel("Choose a password")).toBeFocused();
  // The server's refusal goes beside the field too.
  await page.getByLabel("Choose a password").fill(email);
  await page.getByRole("button", { name: "Create my account" }).click();
  await expect(page.getByText("Your password cannot be your email address.")).toBeVisible();
  await expect(page.getByLabel("Choose a password")).toBeFocused();
  await page.getByLabel("Choose a password").fill(password);
  await page.getByRole("button", { name: "Create my account" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("region", { name: "Notifications" })).toContainText("Welcome to Gavel");
  await expect(page.getByText("Signed in as Nia Okafor")).toBeVisible();

  await signOut(page);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByText("Signed in as Nia Okafor")).toBeVisible();
  await signOut(page);

  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("not my password");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "The email address or password is not right." }),
  ).toBeVisible();

  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send me a link" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  const reset = await waitForMail(email, "Reset your Gavel password");
  await page.goto(linkTo(reset, "/auth/reset-password"));
  await page.getByLabel("New password").fill("too short");
  await page.getByRole("button", { name: "Change my password" }).click();
  await expect(page.getByText("Use at least 10 characters.")).toBeVisible();
  await expect(page.getByLabel("New password")).toBeFocused();
  await page.getByLabel("New password").fill(email);
  await page.getByRole("button", { name: "Change my password" }).click();
  await expect(page.getByText("Your password cannot be your email address.")).toBeVisible();
  await expect(page.getByLabel("New password")).toBeFocused();
  await page.getByLabel("New password").fill(newPassword);
  await page.getByRole("button", { name: "Change my password" }).click();
  await expect(page.getByRole("region", { name: "Notifications" })).toContainText("Your password has been changed");
  await signOut(page);

  await signIn(page, { email, password: newPassword });
  // The used link does not work twice.
  await page.goto(linkTo(reset, "/auth/reset-password"));
  await expect(page.getByRole("heading", { name: "This link no longer works" })).toBeVisible();
});

test("signing in works without JavaScript, with the message beside the form and status 400", async ({
  browser,
  organiser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/");
  await page.getByLabel("Email").fill(organiser.email);
  await page.getByLabel("Password", { exact: true }).fill("a wrong password");
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST"),
    page.getByRole("button", { name: "Sign in", exact: true }).click(),
  ]);
  expect(response.status()).toBe(400);
  await expect(page.getByText("The email address or password is not right.")).toBeVisible();

  await page.getByLabel("Password", { exact: true }).fill(organiser.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("button", { name: "Sign out", exact: true })).toBeVisible();
  await context.close();
});

test("without JavaScript, the choose-a-password forms refuse a password beside the field with status 400", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const email = `omar.${Date.now()}@example.test`;
  const choose = async (label: string, button: string, password: string) => {
    await page.getByLabel(label).fill(password);
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      page.getByRole("button", { name: button }).click(),
    ]);
    return response.status();
  };

  await page.goto("/auth/sign-up");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send me the link" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await page.goto(linkTo(await waitForMail(email, "Finish signing up for Gavel"), "/auth/finish-sign-up"));
  await page.getByLabel("First name").fill("Omar");
  expect(await choose("Choose a password", "Create my account", "too short")).toBe(400);
  await expect(page.getByText("Use at least 10 characters.")).toBeVisible();
  await expect(page.getByLabel("First name")).toHaveValue("Omar");
  await expect(page.getByLabel("Choose a password")).toHaveValue("");
  expect(await choose("Choose a password", "Create my account", email)).toBe(400);
  await expect(page.getByText("Your password cannot be your email address.")).toBeVisible();
  await choose("Choose a password", "Create my account", "lantern harbour midnight");
  await page.getByRole("button", { name: "Sign out", exact: true }).click();

  await page.goto("/auth/forgot-password");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send me a link" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await page.goto(linkTo(await waitForMail(email, "Reset your Gavel password"), "/auth/reset-password"));
  expect(await choose("New password", "Change my password", "too short")).toBe(400);
  await expect(page.getByText("Use at least 10 characters.")).toBeVisible();
  expect(await choose("New password", "Change my password", email)).toBe(400);
  await expect(page.getByText("Your password cannot be your email address.")).toBeVisible();
  await choose("New password", "Change my password", "seven silent auctions");
  await expect(page.getByRole("button", { name: "Sign out", exact: true })).toBeVisible();
  await context.close();
});
