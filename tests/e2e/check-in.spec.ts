// The door on the night: two stations signed in as the gala's volunteer. One registers a walk-in (checked in at once);
// the other sees the counts move without reloading, finds the guest by typing, and checks them out and in again.
// Then the same door without JavaScript: a search form and plain buttons.
import { pngImagesIn } from "../support/mail-message";
import { expect, test } from "./support/fixtures";
import { waitForMail } from "./support/mail";
import { readQrCode } from "./support/qr";
import { signIn } from "./support/sign-in";
import type { Person } from "./support/galas";
import type { Browser } from "@playwright/test";

const DOOR = "/admin/registration/checkinout";

async function station(browser: Browser, volunteer: Person, javaScriptEnabled = true) {
  const context = await browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  await signIn(page, volunteer);
  await page.goto(DOOR);
  await expect(page.getByRole("heading", { name: "Check-in" })).toBeVisible();
  return { context, page };
}

test("a walk-in at one station shows at the other, which checks them out and in again", async ({ browser, gala }) => {
  const a = await station(browser, gala.volunteer);
  const b = await station(browser, gala.volunteer);
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
    await expect(
      a.page.getByRole("status").filter({ hasText: `Grace ${surname} is registered and checked in` }),
    ).toBeVisible();
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

test("without JavaScript: search, then check in with a plain form", async ({ browser, gala }) => {
  const { context, page } = await station(browser, gala.volunteer, false);
  try {
    await page.getByRole("button", { name: "Register a walk-in" }).or(page.getByText("Register a walk-in")).click();
    const surname = `Lamarr${Date.now() % 100_000}`;
    await page.getByLabel("First name").fill("Hedy");
    await page.getByLabel("Last name").fill(surname);
    await page.getByRole("button", { name: "Register and check in" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: `Hedy ${surname} is registered and checked in` }),
    ).toBeVisible();

    await page.getByLabel("Find a guest").fill(surname);
    await page.getByRole("button", { name: "Search" }).click();
    const row = page.getByRole("list", { name: "Guests found" }).getByRole("listitem");
    await expect(row).toHaveCount(1);
    await row.getByRole("button", { name: `Check out Hedy ${surname}` }).click();
    await expect(page.getByRole("status").filter({ hasText: `Hedy ${surname} is checked out.` })).toBeVisible();
    await page
      .getByRole("list", { name: "Guests found" })
      .getByRole("button", { name: `Check in Hedy ${surname}` })
      .click();
    await expect(page.getByRole("status").filter({ hasText: `Hedy ${surname} is checked in.` })).toBeVisible();
  } finally {
    await context.close();
  }
});

test("the QR code from the confirmation email checks the guest in, by handheld scanner or by a phone's camera", async ({
  browser,
  page,
  gala,
}) => {
  // A guest registers on /register and gets their ticket by email.
  const email = `qr.${Date.now()}@example.test`;
  const surname = `Curie${Date.now() % 100_000}`;
  await page.goto(`/register?slug=${gala.slug}`);
  await page.getByLabel("How many Individual").fill("1");
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByLabel("First name").fill("Marie");
  await page.getByLabel("Last name").fill(surname);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("button", { name: "Complete registration" }).click();
  await expect(page.getByRole("heading", { name: "You are registered" })).toBeVisible();
  const mail = await waitForMail(email, /^Your registration for/);
  const scanned = readQrCode(pngImagesIn(mail.raw)[0]);
  expect(scanned).toMatch(/\/admin\/registration\/checkinout\?id=\d+&token=[0-9a-f]{32}$/);

  const door = await station(browser, gala.volunteer);
  try {
    // A handheld scanner types what it read into the search box and presses Enter.
    await door.page.getByLabel("Find a guest").fill(scanned);
    await door.page.getByLabel("Find a guest").press("Enter");
    await expect(door.page.getByRole("status").filter({ hasText: `Marie ${surname} is checked in.` })).toBeVisible();
    await door.page
      .getByRole("list", { name: "Guests found" })
      .getByRole("button", { name: `Check out Marie ${surname}` })
      .click();
    await expect(door.page.getByRole("status").filter({ hasText: `Marie ${surname} is checked out.` })).toBeVisible();

    // A phone's camera app opens the code's address: the door shows that guest, ready to check in.
    await door.page.goto(new URL(scanned).pathname + new URL(scanned).search);
    const row = door.page.getByRole("list", { name: "Guests found" }).getByRole("listitem");
    await expect(row).toHaveCount(1);
    await row.getByRole("button", { name: `Check in Marie ${surname}` }).click();
    await expect(door.page.getByRole("status").filter({ hasText: `Marie ${surname} is checked in.` })).toBeVisible();
  } finally {
    await door.context.close();
  }
});
