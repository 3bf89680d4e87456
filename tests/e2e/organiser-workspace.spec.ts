// The organiser's workspace in Chromium: create an event, switch its modules, brand it with colours, fonts and a
// logo, and see all of it on the event's public page; archive it at the end.
import sharp from "sharp";
import { expect, test } from "./support/fixtures";
import { signIn } from "./support/sign-in";

/** A small PNG logo, made here so the upload goes through the real image pipeline. */
async function logoPng(): Promise<Buffer> {
  return sharp({ create: { width: 240, height: 80, channels: 4, background: { r: 11, g: 61, b: 145, alpha: 1 } } })
    .png()
    .toBuffer();
}

/** A serif catalogue font and the fallbacks after it (app/styles/tokens.css --font-serif). */
const PLAYFAIR_STACK =
  '"Playfair Display", "Playfair Display fallback: Georgia", "Playfair Display fallback: Times New Roman", ' +
  '"Playfair Display fallback: Noto Serif", Georgia, Cambria, "Times New Roman", Times, serif';

/** In the page: whether a web font of this family has loaded (a system font of the name would not count). */
async function fontLoaded(family: string): Promise<boolean> {
  await document.fonts.ready;
  return [...document.fonts].some((face) => face.family.replace(/"/g, "") === family && face.status === "loaded");
}

test("create an event, switch on its landing page, brand it and see it in public", async ({
  page,
  browser,
  organiser,
}) => {
  const tag = Date.now().toString(36);
  const title = `Lantern Ball ${tag}`;
  const slug = `lantern-ball-${tag}`;
  const notifications = page.getByRole("region", { name: "Notifications" });

  await signIn(page, organiser);
  await page.goto("/admin/events");
  await page.getByText("Create an event").click();
  await page.getByLabel("Event name").fill(title);
  // The zone is chosen by its city (its code name, pasted, is taken too) and shown back by its city.
  await page.getByLabel("Time zone").fill("London (Europe)");
  await page.getByRole("button", { name: "Create the event" }).click();
  await expect(page).toHaveURL(/\/admin\/setup\/modules$/);
  await expect(notifications).toContainText(`${title} is created`);
  await expect(page.getByText(`Current event: ${title}`)).toBeVisible();
  await page.goto("/admin/setup/event");
  await expect(page.getByLabel("Time zone")).toHaveValue("London (Europe)");
  await page.goto("/admin/setup/modules");

  // The landing page is off: nobody sees /event.
  const visitor = await (await browser.newContext()).newPage();
  expect((await visitor.goto(`/event?slug=${slug}`))?.status()).toBe(404);

  // Enabled, it is in testing: the team previews it under a banner; the public still does not see it.
  const landingRow = page.getByRole("row", { name: /Landing page/ });
  // The switch shows its new state at once (optimistic): wait for the save itself before leaving the page.
  const saved = page.waitForResponse((response) => response.request().method() === "POST" && response.ok());
  await landingRow.getByRole("button", { name: /Landing page enabled/ }).click();
  await saved;
  await expect(landingRow.getByText("Testing: team preview only")).toBeVisible();
  await expect(landingRow.getByRole("button", { name: /Landing page enabled/ })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await page.goto(`/event?slug=${slug}`);
  await expect(page.getByRole("note")).toContainText("Preview.");
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  expect((await visitor.goto(`/event?slug=${slug}`))?.status()).toBe(404);

  // Testing off: live for everyone.
  await page.goto("/admin/setup/modules");
  // Again the switch shows its new state before the save: the reload waits for the save.
  const savedLive = page.waitForResponse((response) => response.request().method() === "POST" && response.ok());
  await landingRow.getByRole("button", { name: /Landing page in testing/ }).click();
  await expect(landingRow.getByText("Live", { exact: true })).toBeVisible();
  await savedLive;
  await page.reload();
  await expect(landingRow.getByText("Live", { exact: true })).toBeVisible();

  // Branding: a colour the preview follows as it is typed, a warning for unreadable text, and a logo.
  await page.goto("/admin/setup/branding");
  const preview = page.getByTestId("branding-preview");
  await page.getByRole("textbox", { name: "Primary", exact: true }).fill("#0b3d91");
  await expect(preview).toHaveCSS("--color-primary", "#0b3d91");
  await page.getByRole("textbox", { name: "Text", exact: true }).fill("#cccccc");
  await expect(page.getByText("Some text may be hard to read.")).toBeVisible();
  await page.getByRole("textbox", { name: "Text", exact: true }).fill("#1a1a1a");
  await expect(page.getByText("All text in these colours meets the WCAG AA contrast level.")).toBeVisible();
  // Fonts come from a list; a weight the new font lacks moves to the nearest it has, and the preview uses the real face.
  const headingFont = page.getByLabel("Headings: font", { exact: true });
  const headingWeight = page.getByLabel("Headings: weight", { exact: true });
  await headingWeight.selectOption("900");
  await headingFont.selectOption("Lora");
  await expect(headingWeight).toHaveValue("700");
  await expect(headingWeight.locator("option")).toHaveText([
    "Regular (400)",
    "Medium (500)",
    "Semibold (600)",
    "Bold (700)",
  ]);
  await headingFont.selectOption("Playfair Display");
  await expect(preview.locator(".brand-preview__heading")).toHaveCSS("font-family", PLAYFAIR_STACK);
  await expect(preview.locator(".brand-preview__heading")).toHaveCSS("font-weight", "700");
  await expect.poll(() => page.evaluate(fontLoaded, "Playfair Display")).toBe(true);
  await page
    .getByLabel("Event logo")
    .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: await logoPng() });
  await page.getByRole("button", { name: "Save branding" }).click();
  await expect(notifications).toContainText("Branding saved");
  await expect(headingFont).toHaveValue("Playfair Display");
  await expect(page.getByRole("img", { name: `Logo of ${title}` }).first()).toBeVisible();

  // A file that is not an image is refused beside the field, and the logo stays.
  await page
    .getByLabel("Event logo")
    .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: Buffer.from("not a picture") });
  await page.getByRole("button", { name: "Save branding" }).click();
  await expect(page.getByText("This file is not a JPEG, PNG, WebP or GIF image.")).toBeVisible();

  // The public page, for a visitor: the event's colour, fonts and logo, no preview banner; every file from Gavel.
  const requested: string[] = [];
  visitor.on("request", (request) => requested.push(request.url()));
  const headingFontFile = visitor.waitForResponse(/\/build\/_assets\/playfair-display-latin-wght-normal-\w+\.woff2$/);
  const response = await visitor.goto(`/event?slug=${slug}`);
  expect(response?.status()).toBe(200);
  await expect(visitor.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(visitor.getByRole("note")).toHaveCount(0);
  await expect(visitor.locator(".landing__bar")).toHaveCSS("background-color", "rgb(11, 61, 145)");
  expect((await headingFontFile).status()).toBe(200);
  await expect.poll(() => visitor.evaluate(fontLoaded, "Playfair Display")).toBe(true);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveCSS("font-family", PLAYFAIR_STACK);
  const origin = new URL(visitor.url()).origin;
  expect(requested.filter((url) => !url.startsWith(`${origin}/`) && !url.startsWith("data:"))).toEqual([]);
  // Only the files the text needs: the headings' upright latin face, and the body font's, preloaded.
  const fontFiles = requested
    .filter((url) => url.endsWith(".woff2"))
    .map((url) => url.replace(/^.*\/|-\w+\.woff2$/g, ""));
  expect(fontFiles.sort()).toEqual(["playfair-display-latin-wght-normal", "roboto-latin-wght-normal"]);
  const logo = visitor.getByRole("img", { name: title });
  await expect(logo).toBeVisible();
  expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(240);
  await visitor.context().close();

  // Archived, it leaves the list of current events.
  await page.goto("/admin/events");
  await page.getByRole("button", { name: `Archive ${title}` }).click();
  await page
    .getByRole("alertdialog", { name: `Archive ${title}?` })
    .getByRole("button", { name: "Archive" })
    .click();
  await expect(notifications).toContainText(`${title} is archived`);
  await expect(page.getByRole("row", { name: new RegExp(title) })).toHaveCount(0);
  await page.getByRole("link", { name: /Show archived events/ }).click();
  await expect(page.getByRole("row", { name: new RegExp(title) })).toContainText("Archived");
});

test("the event details save with rich text and a date in the event's time zone", async ({ page, organiser }) => {
  await signIn(page, organiser);
  await page.goto("/admin/setup/company");
  const about = page.getByRole("textbox", { name: "About the organisation" });
  await about.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("We light the harbour for ");
  await page.keyboard.press("ControlOrMeta+b");
  await page.keyboard.type("every child");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("region", { name: "Notifications" })).toContainText("Company details saved");
  await page.reload();
  await expect(page.getByRole("textbox", { name: "About the organisation" }).locator("strong")).toHaveText(
    "every child",
  );
});
