// A guest registers for a copy of the demo gala on their phone: with JavaScript (the stepper feels like one page),
// and without it (every step a plain form post, errors at the field, going back keeps what was entered). Then the
// buyer's email arrives with the QR codes, and a guest named later fills in their own details through their personal
// link.
import { expect, test } from "./support/fixtures";
import { framesDrawn } from "./support/frames";
import { hydrated } from "./support/hydrated";
import { waitForMail } from "./support/mail";
import type { Gala } from "./support/galas";
import type { Page } from "@playwright/test";

const registration = (gala: Gala) => `/register?slug=${gala.slug}`;

async function fillBuyer(page: Page, email: string) {
  await page.getByLabel("First name").fill("Rosa");
  await page.getByLabel("Last name").fill("Parks");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Phone").fill("617-555-0199");
}

test("register a couple, name one guest later, and receive the confirmation @phone", async ({ page, gala }) => {
  // A long address, as people have: the pages that repeat it wrap it rather than widen the phone's page.
  const email = `rosa.louise.mccauley.parks.${Date.now()}@example.test`;
  const fitsTheScreen = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  await page.goto(registration(gala));
  await expect(page.getByRole("heading", { name: "Choose your tickets" })).toBeVisible();
  // A refusal of the whole step (no field of its own) takes focus too, so that it is read out where the person is.
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Choose at least one ticket." })).toBeFocused();
  await page.getByLabel("How many Couple").fill("1");
  await page.getByRole("button", { name: "Continue" }).click();

  await expect(page.getByRole("heading", { name: "Your details" })).toBeFocused();
  // The browser checks the step with the action's schema: nothing is sent, and focus goes to the first problem.
  let posted = 0;
  page.on("request", (request) => {
    if (request.method() === "POST") posted++;
  });
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByLabel("First name")).toBeFocused();
  await expect(page.getByLabel("First name")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Enter your first name.")).toBeVisible();
  await expect(page.getByText("Enter your last name.")).toBeVisible();
  // Once the form has been sent, a field is checked again as it is typed.
  await page.getByLabel("Email").fill("rosa");
  await expect(page.getByText("Enter an email address like name@example.org.")).toBeVisible();
  expect(posted).toBe(0);
  await fillBuyer(page, email);
  await page.getByRole("button", { name: "Continue" }).click();

  // The buyer's own seat is filled in for them; the second is left for later.
  await expect(page.getByRole("heading", { name: "Guests" })).toBeVisible();
  const first = page.getByRole("group", { name: /Guest 1/ });
  await expect(first.getByLabel("First name")).toHaveValue("Rosa");
  await page.getByRole("button", { name: "Continue" }).click();

  await expect(page.getByRole("heading", { name: "Questions" })).toBeVisible();
  await page
    .getByRole("group", { name: "Rosa Parks" })
    .getByLabel("Meal choice")
    .selectOption({ label: "Pan-Seared Salmon: With lemon risotto and asparagus." });
  await page.getByRole("button", { name: "Continue" }).click();

  await expect(page.getByRole("heading", { name: "Payment" })).toBeVisible();
  await expect(page.getByLabel("Order summary")).toContainText("$450.00");
  await expect(page.getByLabel("Pay at the event")).toBeChecked();
  expect(await fitsTheScreen()).toBe(true);
  await page.getByRole("button", { name: "Complete registration" }).click();

  await expect(page.getByRole("heading", { name: "You are registered" })).toBeVisible();
  expect(await fitsTheScreen()).toBe(true);
  await expect(page.getByRole("img", { name: "Check-in code for Rosa Parks" })).toBeVisible();
  await expect(page.getByText(/Paddle \d+/)).toBeVisible();
  const guestLink = await page.getByLabel("Personal link to send to this guest").inputValue();
  expect(guestLink).toMatch(/\/register\?id=\d+&guest=[0-9a-f]{32}$/);

  const mail = await waitForMail(email, /^Your registration for Harbor Lights Gala \d{4}$/);
  expect(mail.raw).toContain("Content-Type: image/png");
  expect(mail.links.some((link) => link.includes("&order="))).toBe(true);

  // The second guest opens their personal link and adds their details.
  await page.goto(new URL(guestLink).pathname + new URL(guestLink).search);
  await expect(page.getByRole("heading", { name: "Add your details" })).toBeVisible();
  await page.getByRole("button", { name: "Save my details" }).click();
  await expect(page.getByText("Enter your first name.")).toBeVisible();
  await page.getByLabel("First name").fill("Raymond");
  await page.getByLabel("Last name").fill("Parks");
  await page.getByRole("button", { name: "Save my details" }).click();
  await expect(page.getByLabel("Meal choice")).toHaveAttribute("aria-invalid", "true");
  await page.getByLabel("Meal choice").selectOption({ label: "Wild Mushroom Risotto: Vegetarian; can be made vegan." });
  await page.getByRole("button", { name: "Save my details" }).click();
  await expect(page.getByText("Thank you, your details are saved.")).toBeVisible();
  await expect(page.getByRole("img", { name: "Check-in code for Raymond Parks" })).toBeVisible();
});

test("nothing moves when the event's fonts arrive: the local faces shown until then take the same room", async ({
  page,
  gala,
}) => {
  await page.setViewportSize({ width: 412, height: 823 });
  // The font files held back until measured: the page as a phone on slow Wi-Fi shows it before they arrive.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/*.woff2", async (route) => {
    await held;
    await route.continue();
  });
  const form = page.locator("main.register-main");
  // Where the form starts in the page, and the height of each block above it: what moved, should anything move.
  const place = () =>
    form.evaluate((main) => ({
      top: main.getBoundingClientRect().top + window.scrollY,
      above: [...document.querySelectorAll("header *")]
        .map(
          (element) => `${element.getAttribute("class") || element.tagName} ${element.getBoundingClientRect().height}`,
        )
        .join(", "),
    }));
  const webFontsLoaded = () =>
    page.evaluate(() =>
      [...document.fonts]
        .filter((face) => face.status === "loaded" && !/fallback/.test(face.family))
        .map((face) => face.family),
    );
  await page.goto(registration(gala), { waitUntil: "commit" });
  await expect(form).toBeVisible();
  // The page once its own scripts have run and laid it out, so that only the fonts change what is measured after.
  await hydrated(page);
  await framesDrawn(page);
  expect(await webFontsLoaded()).toHaveLength(0);
  const before = await place();

  release();
  await expect.poll(async () => (await webFontsLoaded()).length).toBeGreaterThan(0);
  await page.evaluate(() => document.fonts.ready);
  const after = await place();
  expect(after.top, `above the form, before: ${before.above}; after: ${after.above}`).toBeCloseTo(before.top, 0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("every step is a plain form: errors at the field, back keeps what was entered", async ({ page, gala }) => {
    const email = `rosa.nojs.${Date.now()}@example.test`;
    await page.goto(registration(gala));
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("Choose at least one ticket.")).toBeVisible();

    await page.getByLabel("How many Individual").fill("2");
    await page.getByLabel("Promo code").fill("NOT-A-CODE");
    await page.getByRole("button", { name: "Apply" }).click();
    // The server's refusal, at its field (the promo code is checked against the event's codes).
    await expect(page.getByText("This promo code is not valid.")).toBeVisible();
    await expect(page.getByLabel("Promo code")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Promo code")).toHaveValue("NOT-A-CODE");
    await expect(page.getByLabel("How many Individual")).toHaveValue("2");
    await page.getByLabel("Promo code").fill("");
    await page.getByRole("button", { name: "Continue" }).click();

    await page.getByLabel("First name").fill("Rosa");
    await page.getByLabel("Email").fill("not an email");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("Enter your last name.")).toBeVisible();
    await expect(page.getByLabel("Last name")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Enter an email address like name@example.org.")).toBeVisible();
    await expect(page.getByLabel("First name")).toHaveValue("Rosa");

    // Back to the tickets and forward again: nothing entered is lost.
    await page.getByRole("button", { name: "Back" }).click();
    await expect(page.getByLabel("How many Individual")).toHaveValue("2");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByLabel("First name")).toHaveValue("Rosa");
    await fillBuyer(page, email);
    await page.getByRole("button", { name: "Continue" }).click();

    const second = page.getByRole("group", { name: /Guest 2/ });
    await second.getByLabel("First name").fill("Elaine");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(
      page.getByText("Enter the guest's last name, or clear the first name to add them later."),
    ).toBeVisible();
    await second.getByLabel("Last name").fill("Steele");
    await page.getByRole("button", { name: "Continue" }).click();

    await expect(page.getByRole("heading", { name: "Questions" })).toBeVisible();
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByLabel("Order summary")).toContainText("$500.00");
    await page.getByRole("button", { name: "Complete registration" }).click();
    await expect(page.getByRole("heading", { name: "You are registered" })).toBeVisible();
    await expect(page.getByRole("img", { name: "Check-in code for Elaine Steele" })).toBeVisible();
    await waitForMail(email, /^Your registration for Harbor Lights Gala \d{4}$/);
  });
});
