import { expect, test } from "./support/fixtures";
import { signIn } from "./support/sign-in";

// The style guide is in the admin area, so every test signs in first.
const STYLE_GUIDE = "/admin/eric/components";

test.describe("the style guide's working form", () => {
  test("shows errors beside the fields, then a toast once the input is valid", async ({ page, organiser }) => {
    await signIn(page, organiser);
    await page.goto(STYLE_GUIDE);
    const name = page.getByLabel("Guest name");
    const amount = page.getByLabel("Pledge amount (US dollars)");

    await amount.fill("12.50");
    await page.getByRole("button", { name: "Record pledge" }).click();
    await expect(name).toHaveAttribute("aria-invalid", "true");
    await expect(name).toBeFocused();
    await expect(page.getByText("Enter the name of the guest making the pledge.")).toBeVisible();
    await expect(page.getByText("Enter a whole number of dollars, without cents.")).toBeVisible();

    await name.fill("Ada Lovelace");
    await amount.fill("250");
    await page.getByRole("button", { name: "Record pledge" }).click();
    await expect(page.getByRole("region", { name: "Notifications" })).toContainText("Pledge of $250 from Ada Lovelace");
    await expect(name).not.toHaveAttribute("aria-invalid", "true");
  });

  test("works without JavaScript: status 400 and the message at the field", async ({
    browser,
    page: signingIn,
    organiser,
  }) => {
    await signIn(signingIn, organiser);
    const storageState = await signingIn.context().storageState();
    const context = await browser.newContext({ javaScriptEnabled: false, storageState });
    const page = await context.newPage();
    await page.goto(STYLE_GUIDE);
    await page.getByLabel("Pledge amount (US dollars)").fill("0");
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      page.getByRole("button", { name: "Record pledge" }).click(),
    ]);
    expect(response.status()).toBe(400);
    await expect(page.getByText("The amount must be at least $1.")).toBeVisible();
    await context.close();
  });
});

test("the confirmation dialog asks first, and cancelling changes nothing", async ({ page, organiser }) => {
  await signIn(page, organiser);
  await page.goto(STYLE_GUIDE);
  const trigger = page.getByRole("button", { name: "Close the demo auction" });
  await trigger.click();
  const dialog = page.getByRole("alertdialog", { name: "Close the demo auction?" });
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();

  await trigger.click();
  await dialog.getByRole("button", { name: "Close auction" }).click();
  await expect(page.getByRole("region", { name: "Notifications" })).toContainText("Confirmed");
});
