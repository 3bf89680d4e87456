// The design lab (/admin/eric/*, can_design) and the shared public-page components (/admin/setup/components): each
// page doing its job, and the refusal for a team member without can_design. Their accessibility is checked on the
// admin walk (admin-look.spec.ts), which reaches each of them through the menus and the lab's tabs.
import { expect, test } from "./support/fixtures";
import { signIn } from "./support/sign-in";

test("the lab opens on its home, which leads to each of its pages", async ({ page, organiser }) => {
  await signIn(page, organiser);
  await page.goto("/admin/eric");
  await expect(page).toHaveURL(/\/admin\/eric\/home/);
  await expect(page.getByRole("heading", { level: 1, name: "Design lab" })).toBeVisible();
  const lab = page.getByRole("navigation", { name: "Design lab pages" });
  for (const name of ["Piano", "Components", "Silent auction item", "Silent auction gallery", "Email", "About"]) {
    await expect(lab.getByRole("link", { name, exact: true })).toBeVisible();
  }
  await page
    .getByRole("listitem")
    .filter({ hasText: "The app's version" })
    .getByRole("link", { name: "About" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "About" })).toBeVisible();
});

test("the piano plays a pair with its contrast, and saves it to the event's branding", async ({ page, organiser }) => {
  await signIn(page, organiser);
  await page.goto("/admin/eric/piano");
  const background = page.getByRole("group", { name: "Background", exact: true });
  const text = page.getByRole("group", { name: "Text", exact: true });
  // The defaults (spec): secondary #307697, text #161616; white on the secondary colour is 5.04:1.
  await background.getByRole("radio", { name: /Secondary/ }).check();
  await text.getByRole("radio", { name: /White/ }).check();
  await expect(page.getByTestId("piano-contrast")).toContainText("5.0:1");
  await expect(page.getByTestId("piano-contrast")).toContainText("body text AA pass, AAA fail");
  // Text colour on the text colour cannot be read at all.
  await text.getByRole("radio", { name: /Text/ }).check();
  await background.getByRole("radio", { name: /^Text/ }).check();
  await expect(page.getByTestId("piano-contrast")).toContainText("1.0:1");
  // Back to a pair that reads, and use it.
  await text.getByRole("radio", { name: /White/ }).check();
  await background.getByRole("radio", { name: /Secondary/ }).check();
  await expect(page.getByText("Primary colour: #37474f → #307697")).toBeVisible();
  await page.getByRole("button", { name: "Use this", exact: true }).click();
  await expect(page.getByRole("region", { name: "Notifications" })).toContainText("Saved to the event's branding");

  await page.goto("/admin/setup/branding");
  await expect(page.getByLabel("Primary", { exact: true })).toHaveValue("#307697");
});

test("the piano works without JavaScript: the keys are a form, and use this posts", async ({
  browser,
  page: signingIn,
  organiser,
}) => {
  await signIn(signingIn, organiser);
  const context = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await signingIn.context().storageState(),
  });
  const page = await context.newPage();
  await page.goto("/admin/eric/piano");
  await page
    .getByRole("group", { name: "Background", exact: true })
    .getByRole("radio", { name: /Accent/ })
    .check();
  await page.getByRole("group", { name: "Text", exact: true }).getByRole("radio", { name: /^Text/ }).check();
  await page.getByRole("button", { name: "Play this combination" }).click();
  await expect(page).toHaveURL(/bg=accent/);
  await expect(page.getByRole("heading", { name: "Text on Accent" })).toBeVisible();
  await page.getByRole("button", { name: "Use this", exact: true }).click();
  await page.goto("/admin/setup/branding");
  await expect(page.getByLabel("Primary", { exact: true })).toHaveValue("#d5c9b3");
  await context.close();
});

test("components edited once show on the landing, registration and bidding pages", async ({ page, gala }) => {
  await signIn(page, gala.organiser);
  await page.goto(`/admin/setup/components?id=${gala.id}`);
  await page.getByLabel("Show the announcement bar").check();
  await page.getByLabel("Announcement", { exact: true }).fill("Valet parking opens at 5 pm.");
  await page.getByLabel("Link words (optional)").fill("Directions");
  await page.getByLabel("Link address (optional)").fill("example.org/directions");
  await page.getByLabel("Show the sponsors' logos above the footer").check();
  await page.getByLabel("Strip title").fill("With thanks to");
  await page.getByLabel("Footer text").fill("Registered charity no. 12-3456789.");
  await page.getByLabel("Link 1: words").fill("Privacy notice");
  await page.getByLabel("Link 1: address").fill("https://example.org/privacy");
  // The preview follows the form before it is saved.
  await expect(page.getByTestId("components-preview")).toContainText("Valet parking opens at 5 pm.");
  await page.getByRole("button", { name: "Save components" }).click();
  await expect(page.getByRole("region", { name: "Notifications" })).toContainText("Components saved");

  for (const path of [`/event?id=${gala.id}`, `/register?id=${gala.id}`, `/inroombid?id=${gala.id}`]) {
    await page.goto(path);
    const announcement = page.getByRole("complementary", { name: "Announcement" });
    await expect(announcement, path).toContainText("Valet parking opens at 5 pm.");
    await expect(announcement.getByRole("link", { name: "Directions" })).toHaveAttribute(
      "href",
      "https://example.org/directions",
    );
    // The landing page's own sponsors section thanks them there: the strip shows on the other pages only.
    const strip = page.getByRole("complementary", { name: "With thanks to" });
    if (path.startsWith("/event")) await expect(strip, path).toHaveCount(0);
    else await expect(strip, path).toBeVisible();
    const footer = page.getByRole("contentinfo");
    await expect(footer, path).toContainText("Registered charity no. 12-3456789.");
    await expect(footer.getByRole("link", { name: "Privacy notice" }), path).toBeVisible();
  }
});

test("a link that is not a web address is refused beside its field, and nothing changes", async ({
  page,
  organiser,
}) => {
  await signIn(page, organiser);
  await page.goto("/admin/setup/components");
  await page.getByLabel("Link 1: words").fill("Home");
  await page.getByLabel("Link 1: address").fill("javascript:alert(1)");
  await page.getByRole("button", { name: "Save components" }).click();
  await expect(page.getByText("Enter a web address such as https://example.org.")).toBeVisible();
  await expect(page.getByLabel("Link 1: address")).toHaveAttribute("aria-invalid", "true");
});

test("the gallery and item pages show every state, from samples, at both widths", async ({ page, organiser }) => {
  await signIn(page, organiser);
  await page.goto("/admin/eric/silentauctiongallery");
  const phone = page.frameLocator('iframe[title="The gallery, at a phone\'s width"]');
  for (const standing of ["You're winning", "Outbid", "You won"]) {
    await expect(phone.getByText(standing, { exact: true })).toBeVisible();
  }
  await expect(phone.getByText("Closed", { exact: true }).first()).toBeAttached();
  await expect(
    page.frameLocator('iframe[title="The gallery, at a desktop\'s width"]').getByText("Outbid"),
  ).toBeAttached();

  await page.goto("/admin/eric/silentauctionitem");
  const won = page.frameLocator('iframe[title="The item page, won, at a phone\'s width"]');
  await page.getByRole("link", { name: "Won", exact: true }).click();
  await expect(won.getByText("You won", { exact: true })).toBeVisible();
  await expect(won.getByText("Bidding on this item has closed.")).toBeVisible();
});

test("about lists the app's version and its dependencies' licences", async ({ page, organiser }) => {
  await signIn(page, organiser);
  await page.goto("/admin/eric/about");
  await expect(page.getByTestId("app-version")).toHaveText(/^\d+\.\d+\.\d+/);
  const react = page.getByRole("row", { name: /^react 18\./ });
  await expect(react.getByRole("cell").last()).toHaveText("MIT");
  await expect(
    page.getByRole("row", { name: /^Silent auction/ }).getByRole("link", { name: /Change/ }),
  ).toHaveAttribute("href", /\/admin\/setup\/silent_auction\?id=/);
});

test("a team member without can_design is refused the lab and the components, and has no menu entry", async ({
  page,
  gala,
}) => {
  await signIn(page, gala.volunteer);
  for (const path of ["/admin/eric/home", "/admin/eric/piano", "/admin/setup/components", "/admin/eric/about"]) {
    await page.goto(`${path}?id=${gala.id}`);
    await expect(page.getByRole("heading", { name: "No access to this page" }), path).toBeVisible();
  }
  await expect(page.getByRole("link", { name: "Design lab" })).toHaveCount(0);
  const frame = await page.goto(`/design-lab/frame?id=${gala.id}&view=gallery`);
  expect(frame?.status()).toBe(403);
});
