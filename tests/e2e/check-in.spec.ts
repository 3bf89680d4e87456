// The door on the night: two stations signed in as the demo volunteer. One registers a walk-in (checked in at once);
// the other sees the counts move without reloading, finds the guest by typing, and checks them out and in again.
// Then the same door without JavaScript: a search form and plain buttons.
import type { Browser } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { DEMO_VOLUNTEER, signIn } from "./support/sign-in";

const DOOR = "/admin/registration/checkinout";

async function station(browser: Browser, javaScriptEnabled = true) {
  const context = await browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  await signIn(page, DEMO_VOLUNTEER);
  await page.goto(DOOR);
  await expect(page.getByRole("heading", { name: "Check-in" })).toBeVisible();
  return { context, page };
}

test("a walk-in at one station shows at the other, which checks them out and in again", async ({ browser }) => {
  const a = await station(browser);
  const b = await station(browser);
  try {
    await expect(b.page.getByText("Live", { exact: true })).toBeVisible();
    const arrived = Number((await b.page.getByLabel("Arrivals").locator("dd").nth(1).textContent())!.split(" ")[0]);
    const surname = `Hopper${Date.now() % 100_000}`;

    await a.page.getByText("Register a walk-in").click();
    await a.page.getByLabel("First name").fill("Grace");
    await a.page.getByRole("button", { name: "Register and check in" }).click();
    await expect(a.page.getByText("Enter the guest's last name.")).toBeVisible();
    await a.page.getByLabel("Last name").fill(surname);
    await a.page.getByLabel("Payment").selectOption({ label: "Paid in cash" });
    await a.page.getByRole("button", { name: "Register and check in" }).click();
    await expect(a.page.getByRole("status").filter({ hasText: `Grace ${surname} is registered and checked in` })).toBeVisible();
    await expect(a.page.getByLabel("Last name")).toHaveValue("");

    // Station B hears of it over the live stream.
    await expect(b.page.getByLabel("Arrivals").locator("dd").nth(1)).toContainText(String(arrived + 1));
    await b.page.getByLabel("Find a guest").fill(surname.toLowerCase());
    const row = b.page.getByRole("list", { name: "Guests found" }).getByRole("listitem");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Checked in at");
    await row.getByRole("button", { name: `Check out Grace ${surname}` }).click();
    await expect(b.page.getByRole("status").filter({ hasText: `Grace ${surname} is checked out.` })).toBeVisible();
    // Enter checks in the one guest found.
    await b.page.getByLabel("Find a guest").press("Enter");
    await expect(b.page.getByRole("status").filter({ hasText: `Grace ${surname} is checked in.` })).toBeVisible();
    await expect(row.getByRole("button", { name: `Check out Grace ${surname}` })).toBeVisible();
  } finally {
    await a.context.close();
    await b.context.close();
  }
});

test("without JavaScript: search, then check in with a plain form", async ({ browser }) => {
  const { context, page } = await station(browser, false);
  try {
    await page.getByRole("button", { name: "Register a walk-in" }).or(page.getByText("Register a walk-in")).click();
    const surname = `Lamarr${Date.now() % 100_000}`;
    await page.getByLabel("First name").fill("Hedy");
    await page.getByLabel("Last name").fill(surname);
    await page.getByRole("button", { name: "Register and check in" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Hedy ${surname} is registered and checked in` })).toBeVisible();

    await page.getByLabel("Find a guest").fill(surname);
    await page.getByRole("button", { name: "Search" }).click();
    const row = page.getByRole("list", { name: "Guests found" }).getByRole("listitem");
    await expect(row).toHaveCount(1);
    await row.getByRole("button", { name: `Check out Hedy ${surname}` }).click();
    await expect(page.getByRole("status").filter({ hasText: `Hedy ${surname} is checked out.` })).toBeVisible();
    await page.getByRole("list", { name: "Guests found" }).getByRole("button", { name: `Check in Hedy ${surname}` }).click();
    await expect(page.getByRole("status").filter({ hasText: `Hedy ${surname} is checked in.` })).toBeVisible();
  } finally {
    await context.close();
  }
});
