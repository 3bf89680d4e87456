// Signing in with a code sent by email (/auth/code), as a bidder on a phone would: from the sign-in page's link,
// through the suite's SMTP server (support/smtp-sink.mjs), back to the page that asked; with and without JavaScript.
import { expect, test } from "./support/fixtures";
import { signInCodeIn, waitForMail } from "./support/mail";

const codeOf = async (email: string) => signInCodeIn(await waitForMail(email, "Your Gavel sign-in code"));

test("with JavaScript, a new code replaces the first, and the newest one signs in", async ({ page }) => {
  const email = `grace.${Date.now()}@example.test`;
  await page.goto("/auth/code");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Email me a code" }).click();
  await expect(page.getByText(`We sent a code to ${email}`)).toBeVisible();
  const first = await codeOf(email);

  await page.getByRole("button", { name: "Send a new code" }).click();
  await expect(page.getByRole("region", { name: "Notifications" })).toContainText("A new code is on its way");
  await expect.poll(() => codeOf(email)).not.toBe(first);
  const newest = await codeOf(email);

  await page.getByLabel("Code").fill(newest!);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("button", { name: "Sign out", exact: true })).toBeVisible();
});

test("with JavaScript, the browser refuses a code of the wrong length and the server a wrong one, until a new code", async ({
  page,
}) => {
  const email = `alan.${Date.now()}@example.test`;
  await page.goto("/auth/code");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Email me a code" }).click();
  await expect(page.getByText(`We sent a code to ${email}`)).toBeVisible();
  const code = await codeOf(email);
  const signIn = page.getByRole("button", { name: "Sign in", exact: true });

  // Checked in the browser with the action's schema: nothing is sent.
  await page.getByLabel("Code").fill("12345");
  await signIn.click();
  await expect(page.getByText("Enter the code from the email: its 6 or 10 digits.")).toBeVisible();
  await expect(page.getByLabel("Code")).toBeFocused();

  await page.getByLabel("Code").fill(String((Number(code) + 1) % 1_000_000).padStart(6, "0"));
  const [response] = await Promise.all([page.waitForResponse((r) => r.request().method() === "POST"), signIn.click()]);
  expect(response.status()).toBe(400);
  await expect(page.getByText("That code is not right. You can try 4 more times.")).toBeVisible();
  await expect(page.getByLabel("Code")).toBeFocused();
  await expect(page.getByLabel("Code")).toHaveAttribute("aria-invalid", "true");

  // A new code: the refusal of the one before goes.
  await page.getByRole("button", { name: "Send a new code" }).click();
  await expect(page.getByRole("region", { name: "Notifications" })).toContainText("A new code is on its way");
  await expect(page.getByText("That code is not right.")).toBeHidden();
  await expect(page.getByLabel("Code")).not.toHaveAttribute("aria-invalid", "true");
  await expect.poll(() => codeOf(email)).not.toBe(code);

  await page.getByLabel("Code").fill((await codeOf(email))!);
  await signIn.click();
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("button", { name: "Sign out", exact: true })).toBeVisible();
});

test("a team member's code is 10 digits, typed as the email groups them", async ({ page, organiser }) => {
  await page.goto("/auth/code");
  await page.getByLabel("Email").fill(organiser.email);
  await page.getByRole("button", { name: "Email me a code" }).click();
  await expect(page.getByText(`We sent a code to ${organiser.email}`)).toBeVisible();
  const code = await codeOf(organiser.email);
  expect(code).toMatch(/^\d{10}$/);

  await page.getByLabel("Code").fill(`${code!.slice(0, 5)} ${code!.slice(5)}`);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("button", { name: "Sign out", exact: true })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a new bidder gets a code by email, enters it, and is signed in and sent back", async ({ page }) => {
    const email = `ada.${Date.now()}@example.test`;
    const returnTo = "/?from=bidding";

    await page.goto(`/auth/sign-in?returnTo=${encodeURIComponent(returnTo)}`);
    await page.getByRole("link", { name: "Email me a sign-in code" }).click();
    await expect(page.getByRole("heading", { name: "Sign in with a code" })).toBeVisible();
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Email me a code" }).click();
    await expect(page.getByText(`We sent a code to ${email}`)).toBeVisible();
    // The address stays out of the page's address.
    expect(page.url()).not.toContain("example.test");

    const code = await codeOf(email);
    expect(code).toMatch(/^\d{6}$/);

    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    await page.getByLabel("Code").fill(wrong);
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      page.getByRole("button", { name: "Sign in", exact: true }).click(),
    ]);
    expect(response.status()).toBe(400);
    await expect(page.getByText("That code is not right. You can try 4 more times.")).toBeVisible();

    await page.getByLabel("Code").fill(code!);
    await page.getByLabel("First name").fill("Ada");
    await page.getByLabel("Last name").fill("Lovelace");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(returnTo);
    await expect(page.getByText("Signed in as Ada Lovelace")).toBeVisible();

    // Signed in, the code page sends people straight on.
    await page.goto(`/auth/code?returnTo=${encodeURIComponent(returnTo)}`);
    await expect(page).toHaveURL(returnTo);
  });
});
