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
