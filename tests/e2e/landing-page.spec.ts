// The public event site (issue 8): the page designer's draft, preview and publish flow on a copy of the demo gala,
// the landing page without JavaScript and on a phone, the event subdomain in a browser, and an accessibility check
// with axe.
import { seriousViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { signIn } from "./support/sign-in";
import { stylesheetsLoaded } from "./support/stylesheets";

test("an organiser edits the hero title and a colour, previews the draft, publishes, and the public sees it", async ({
  page,
  browser,
  gala,
}) => {
  const { id } = gala;
  const title = `Night of Harbor Lights ${Date.now()}`;
  await signIn(page, gala.organiser);
  await page.goto(`/admin/pages/landing_page?id=${id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Landing page" })).toBeVisible();

  // The look: the primary colour, followed at once by the preview beside the form.
  const preview = page.getByTestId("landing-page");
  await page.getByLabel("Primary colour", { exact: true }).fill("#7a1f3d");
  await expect(preview.locator(".landing__bar")).toHaveCSS("background-color", "rgb(122, 31, 61)");

  // The hero title: typing in it turns its "use default" off; the preview follows.
  await page.locator("summary", { hasText: /^Hero/ }).click();
  const hero = page.getByRole("group", { name: "Hero" });
  await hero.getByLabel("Title", { exact: true }).fill(title);
  await expect(hero.locator('input[name="heroSection.title.useDefault"]')).not.toBeChecked();
  await expect(preview.getByRole("heading", { level: 1 })).toHaveText(title);

  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("region", { name: "Notifications" })).toContainText("Draft saved");
  await expect(page.getByText("Unpublished draft")).toBeVisible();

  // The public still sees the published page; the organiser (can_preview_event) sees the draft.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/event?id=${id}`);
  await expect(visitor.getByRole("heading", { level: 1 })).not.toHaveText(title);
  const draftPage = await page.context().newPage();
  await draftPage.goto(`/event?id=${id}&draft`);
  await expect(draftPage.getByRole("note")).toContainText("unpublished draft");
  await expect(draftPage.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(draftPage.locator(".landing__bar")).toHaveCSS("background-color", "rgb(122, 31, 61)");
  await draftPage.close();

  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("region", { name: "Notifications" })).toContainText("Landing page published");
  await expect(page.getByText("No unpublished changes.")).toBeVisible();

  await visitor.reload();
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(visitor.locator(".landing__bar")).toHaveCSS("background-color", "rgb(122, 31, 61)");
  await expect(visitor.locator('meta[property="og:title"]')).toHaveAttribute("content", title);
  await expect(visitor.getByRole("note")).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the landing page is complete: hero, countdown, sections, slides that scroll, links that work", async ({
    page,
    gala,
  }) => {
    const response = await page.goto(`/event?id=${gala.id}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("timer")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Thank you to our sponsors" })).toBeVisible();
    await expect(page.locator(".landing-slides")).toBeVisible();
    // Without keen-slider the slides are a row that scrolls sideways; no carousel buttons that could not work.
    await expect(page.getByRole("button", { name: "Next slide" })).toHaveCount(0);
    expect(await page.locator(".landing-slides__track").evaluate((el) => getComputedStyle(el).overflowX)).toBe("auto");
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.+/);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /^http/);
  });

  test("every live lot of the slides can be reached, by scrolling or by its numbered link", async ({ page, gala }) => {
    await page.goto(`/event?id=${gala.id}`);
    const carousel = page.locator(".landing-slides");
    // The demo's six lots, each in the page with its caption (the tester saw one of six, and nothing to say so).
    const slides = carousel.getByRole("group", { name: /^\d of 6$/ });
    await expect(slides).toHaveCount(6);
    await carousel.scrollIntoViewIfNeeded();
    await expect(slides.nth(5).locator("figcaption")).not.toBeEmpty();
    // The row shows that there is more than the first: the slides beside it are on the screen too.
    await expect(slides.nth(0)).toBeInViewport();
    await expect(slides.nth(1)).toBeInViewport({ ratio: 0.1 });
    await expect(slides.nth(5)).not.toBeInViewport();
    // A link per slide, named after its lot, scrolls the row to it.
    const links = carousel.getByRole("navigation", { name: /go to a slide/ }).getByRole("link");
    await expect(links).toHaveCount(6);
    const lastCaption = (await slides.nth(5).locator("figcaption").textContent()) ?? "";
    const lastLink = carousel.getByRole("link", { name: `Slide 6: ${lastCaption}`, exact: true });
    await expect(lastLink).toHaveText("6");
    await lastLink.click();
    await expect(slides.nth(5)).toBeInViewport();
    await expect(slides.nth(0)).not.toBeInViewport();
  });

  test("each of the featured items is a link, named after it, to the item's page", async ({ page, gala }) => {
    await page.goto(`/event?id=${gala.id}`);
    await expect(page.getByRole("heading", { name: "A few of the items" })).toBeVisible();
    const tiles = page.locator(".landing-items > li");
    const links = page.locator(".landing-items").getByRole("link");
    expect(await tiles.count()).toBeGreaterThan(0);
    await expect(links).toHaveCount(await tiles.count());
    for (const link of await links.all()) {
      const title = (await link.locator(".landing-item__title").textContent()) ?? "";
      // The name is the item's title alone: the list of links reads as the list of items.
      await expect(link).toHaveAccessibleName(title);
      await expect(link).toHaveAttribute("href", new RegExp(`^/inroombid\\?id=${gala.id}&item=\\d+$`));
    }
    const first = links.first();
    const title = (await first.locator(".landing-item__title").textContent()) ?? "";
    await first.click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  });
});

test("with JavaScript the slides are a keen-slider carousel with working buttons", async ({ page, gala }) => {
  await page.goto(`/event?id=${gala.id}`);
  const carousel = page.locator(".landing-slides");
  const slides = carousel.getByRole("group", { name: /^\d of 6$/ });
  await expect(carousel.getByRole("button", { name: "Next slide" })).toBeVisible();
  await carousel.scrollIntoViewIfNeeded();
  // The slider's buttons in place of the links that scroll the row.
  await expect(carousel.getByRole("link")).toHaveCount(0);
  await expect(carousel.getByRole("button", { name: "Slide 1" })).toHaveAttribute("aria-current", "true");
  // Held, so that only the buttons move it.
  await carousel.getByRole("button", { name: "Pause" }).click();
  await expect(carousel.getByRole("button", { name: "Play" })).toBeVisible();
  // One slide at a time: the second waits beside the first.
  await expect(slides.nth(0)).toBeInViewport();
  await expect(slides.nth(1)).not.toBeInViewport();
  await carousel.getByRole("button", { name: "Next slide" }).click();
  await expect(carousel.getByRole("button", { name: "Slide 2" })).toHaveAttribute("aria-current", "true");
  await expect(slides.nth(1)).toBeInViewport();
  await expect(slides.nth(0)).not.toBeInViewport();
  await carousel.getByRole("button", { name: "Slide 5" }).click();
  await expect(carousel.getByRole("button", { name: "Slide 5" })).toHaveAttribute("aria-current", "true");
  await expect(slides.nth(4)).toBeInViewport();
});

test("a lot's picture shows whole, its caption in full, on a phone and on a wide screen", async ({ page, gala }) => {
  for (const size of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ]) {
    await page.setViewportSize(size);
    await page.goto(`/event?id=${gala.id}`);
    const slide = page.getByRole("group", { name: "1 of 6" });
    await slide.scrollIntoViewIfNeeded();
    const picture = slide.locator("img");
    await expect(picture).toHaveJSProperty("complete", true);
    // The demo's lot pictures carry their title along their bottom: a picture cropped to fill its frame cut it off.
    const shown = await picture.evaluate((img: HTMLImageElement) => {
      const box = img.getBoundingClientRect();
      const scale =
        getComputedStyle(img).objectFit === "contain"
          ? Math.min(box.width / img.naturalWidth, box.height / img.naturalHeight)
          : Math.max(box.width / img.naturalWidth, box.height / img.naturalHeight);
      return { width: img.naturalWidth * scale, height: img.naturalHeight * scale, box };
    });
    expect(shown.height, `the picture's height at ${size.width} px`).toBeLessThanOrEqual(shown.box.height + 0.5);
    expect(shown.width, `the picture's width at ${size.width} px`).toBeLessThanOrEqual(shown.box.width + 0.5);
    // The caption under it, whole: inside the slide, no line cut.
    const caption = slide.locator("figcaption");
    await expect(caption).toBeInViewport({ ratio: 1 });
    expect(await caption.evaluate((el) => el.scrollHeight <= el.clientHeight && el.scrollWidth <= el.clientWidth)).toBe(
      true,
    );
  }
});

test("the carousel's buttons arrive in a row already kept for them: nothing below the slides moves", async ({
  page,
  gala,
}) => {
  const belowTheSlides = () =>
    page.locator(".landing-slides").evaluate((slides) => Math.round(slides.getBoundingClientRect().bottom));
  const nextSlide = page.getByRole("button", { name: "Next slide" });
  // The page's scripts held back until measured: the page as a phone shows it before it has hydrated.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/build/**/*.js", async (route) => {
    await held;
    await route.continue();
  });
  // Not "load" (nor DOMContentLoaded, which waits for the page's module scripts, held here).
  await page.goto(`/event?id=${gala.id}`, { waitUntil: "commit" });
  await expect(page.locator(".landing-slides__controls")).toBeAttached();
  await expect(nextSlide).toHaveCount(0);
  await stylesheetsLoaded(page);
  const before = await belowTheSlides();

  release();
  await expect(nextSlide).toBeVisible();
  expect(await belowTheSlides()).toBe(before);
});

test("an event's subdomain opens its landing page in the browser", async ({ page, baseURL, gala }) => {
  const port = new URL(baseURL!).port;
  await page.goto(`http://${gala.subdomain}.localhost:${port}/?ref=flyer`);
  await expect(page).toHaveURL(new RegExp(`^http://localhost:${port}/event\\?id=\\d+&ref=flyer$`));
  await expect(page.getByTestId("landing-page")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("the landing page has no serious or critical accessibility problems @phone", async ({ page, gala }) => {
  await page.goto(`/event?id=${gala.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  // Mobile first: nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});
