import { expect, test } from "@playwright/test";
import { seriousViolations } from "./support/axe";

// The audit every look test relies on (support/axe.ts) finds what it must: on a page without frames, audited the quick
// way, and inside a frame (the design lab's pictures, the mailbox's messages).
const ruleIds = async (...found: Parameters<typeof seriousViolations>) =>
  (await seriousViolations(...found)).map((violation) => violation.split(" ")[0]);

test("the accessibility audit finds serious violations in a page and inside its frames", async ({ page }) => {
  const body = `<h1>Audit</h1><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="><p style="color:#bbb">Faint text</p>`;
  const document = (main: string) =>
    `<!doctype html><html lang="en"><head><title>Audit</title></head><body><main>${main}</main></body></html>`;
  await page.setContent(document(body));
  expect(await ruleIds(page)).toEqual(expect.arrayContaining(["image-alt", "color-contrast"]));

  await page.setContent(document(`${body}<iframe title="Framed" srcdoc="<button></button>"></iframe>`));
  await expect(page.frameLocator("iframe").locator("button")).toHaveCount(1);
  expect(await ruleIds(page)).toEqual(expect.arrayContaining(["image-alt", "color-contrast", "button-name"]));
});

test("a frame that shows an address of the site is audited at that address, also before it has loaded", async ({
  page,
  baseURL,
}) => {
  const document = (main: string) =>
    `<!doctype html><html lang="en"><head><title>Audit</title></head><body><main>${main}</main></body></html>`;
  // A lazy frame far below the fold: the browser has not loaded it when the audit starts.
  const pages: Record<string, string> = {
    "/axe-audit/page": document(`<h1>Audit</h1><iframe title="Framed" loading="lazy" src="/axe-audit/framed"
      style="margin-top: 5000px"></iframe>`),
    "/axe-audit/framed": document(`<button></button>`),
  };
  await page
    .context()
    .route(`${baseURL}/axe-audit/**`, (route) =>
      route.fulfill({ contentType: "text/html", body: pages[new URL(route.request().url()).pathname] }),
    );
  await page.goto(`${baseURL}/axe-audit/page`);
  const found = await seriousViolations(page);
  expect(found).toEqual([expect.stringMatching(/^button-name \(critical\): .* at .*\/axe-audit\/framed » button$/)]);
});

test("the audit sees a page as it is once its animations have ended, not a dialog halfway through fading in", async ({
  page,
}) => {
  // Dark text on white, as it ends; while it fades in from nothing, axe would measure the contrast through its opacity.
  const fading = `<style>@keyframes in { from { opacity: 0 } } button { animation: in 1.5s; color: #111; background: #fff }
    .spinner { animation: spin 1s linear infinite } @keyframes spin { to { transform: rotate(1turn) } }</style>`;
  await page.setContent(
    `<!doctype html><html lang="en"><head><title>Audit</title>${fading}</head><body><main><h1>Audit</h1>
      <div class="spinner">Saving</div><button>Save</button></main></body></html>`,
  );
  expect(await page.locator("button").evaluate((button) => Number(getComputedStyle(button).opacity))).toBeLessThan(1);
  expect(await seriousViolations(page)).toEqual([]);
});
