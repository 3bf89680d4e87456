// A page's scripts wait for its first paint (decision 042, step 3): on a phone's slow line the stylesheets, fonts and
// first pictures come first, and the page hydrates once the scripts have loaded; a page opened in the background,
// which paints nothing, loads them at once.
import { expect, test } from "./support/fixtures";
import { hydrated } from "./support/hydrated";

/** When the page's stylesheets had arrived, and when its first script of the app's build was asked for (ms). */
const stylesAndFirstScript = () => {
  const ofTheBuild = performance
    .getEntriesByType("resource")
    .filter((entry): entry is PerformanceResourceTiming => new URL(entry.name).pathname.startsWith("/build/"));
  const scripts = ofTheBuild.filter((entry) => entry.name.endsWith(".js"));
  const stylesheets = ofTheBuild.filter((entry) => entry.name.endsWith(".css"));
  return {
    painted: performance.getEntriesByName("first-contentful-paint").length > 0,
    stylesheetsArrived: Math.max(...stylesheets.map((entry) => entry.responseEnd)),
    firstScriptAsked: Math.min(...scripts.map((entry) => entry.startTime)),
    scripts: scripts.length,
  };
};

test("a guest page paints before it asks for its scripts, then hydrates and works @phone", async ({ page, gala }) => {
  const answer = await page.goto(`/event?id=${gala.id}`);
  expect(await answer?.text(), "the page links no script to preload").not.toContain('rel="modulepreload"');
  await hydrated(page);
  const timings = await page.evaluate(stylesAndFirstScript);
  expect(timings.painted).toBe(true);
  expect(timings.scripts).toBeGreaterThan(1);
  // Asked for once the page could paint: its stylesheets had all arrived.
  expect(timings.firstScriptAsked).toBeGreaterThanOrEqual(timings.stylesheetsArrived);
  // Hydrated, the page's own script runs: the carousel's buttons move the slides.
  const carousel = page.locator(".landing-slides");
  await carousel.getByRole("button", { name: "Next slide" }).click();
  await expect(carousel.getByRole("button", { name: "Slide 2" })).toHaveAttribute("aria-current", "true");
});

test("a page opened in the background hydrates without waiting to be painted", async ({ page, gala }) => {
  // A hidden page gets no animation frames: the page must not wait for one.
  await page.addInitScript(() => {
    Object.defineProperty(document, "visibilityState", { get: () => "hidden" });
    window.requestAnimationFrame = () => 0;
  });
  await page.goto(`/inroombid?id=${gala.id}`);
  await hydrated(page);
  expect((await page.evaluate(stylesAndFirstScript)).scripts).toBeGreaterThan(1);
});
