// The whole event, portable (decision 039): the organiser downloads the event's archive from its setup, then imports
// it from the events page as a new event, after its check. Each screen leaves a screenshot at a phone's and a
// desktop's width.
import { expect, test } from "./support/fixtures";
import { signIn } from "./support/sign-in";
import type { Page } from "@playwright/test";

async function screenshots(page: Page, name: string, outputPath: (name: string) => string) {
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: outputPath(`${name}-${width}.png`), fullPage: true });
  }
}

test("the organiser downloads the event's archive and imports it as a new event", async ({ page, gala }, info) => {
  await signIn(page, gala.organiser);
  await page.goto(`/admin/setup/event?id=${gala.id}`);
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download the event archive" }).click();
  const archive = await download;
  expect(archive.suggestedFilename()).toMatch(/\.gavel\.tar\.gz$/);
  await screenshots(page, "setup-event", info.outputPath.bind(info));

  await page.goto(`/admin/events?id=${gala.id}`);
  await page.getByRole("link", { name: "Import an event from an archive" }).click();
  await page.getByLabel("Event archive (.tar.gz)").setInputFiles((await archive.path())!);
  await page.getByRole("button", { name: "Check the file" }).click();
  const report = page.getByRole("region", { name: /ready to import/ });
  await expect(report).toBeVisible();
  await expect(report.getByRole("table", { name: "What the import creates" })).toContainText("Guests");
  await screenshots(page, "import-check", info.outputPath.bind(info));

  await report.getByRole("button", { name: "Import as a new event" }).click();
  await expect(page.getByText(/is imported$/)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/events\?id=\d+/);
  expect(Number(new URL(page.url()).searchParams.get("id"))).not.toBe(gala.id);
});
