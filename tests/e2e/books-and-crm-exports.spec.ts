// The files for the books and the CRM (decision 038): the organiser downloads the bank deposits for QuickBooks (CSV
// and XLSX) from the revenue report and the NPSP Data Import CSV from the guests report; without JavaScript the same
// links download the same files. Each step leaves a screenshot of the screen at a phone's and a desktop's width.
import { readFile } from "node:fs/promises";
import ExcelJS from "exceljs";
import { expect, test } from "./support/fixtures";
import { signIn } from "./support/sign-in";
import type { Page } from "@playwright/test";

async function downloaded(page: Page, link: string) {
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: link }).click();
  const file = await download;
  return { name: file.suggestedFilename(), path: (await file.path())! };
}

async function screenshots(page: Page, name: string, outputPath: (name: string) => string) {
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: outputPath(`${name}-${width}.png`) });
  }
}

test("the organiser downloads the bank deposits and the NPSP import from the reports", async ({ page, gala }, info) => {
  await signIn(page, gala.organiser);
  await page.goto(`/admin/setup/reporting/revenue?id=${gala.id}`);
  const files = page.getByRole("region", { name: "For your books and CRM" });
  await expect(files.getByText("For QuickBooks: bank deposits")).toBeVisible();
  await screenshots(page, "revenue-js", info.outputPath.bind(info));

  const csv = await downloaded(page, "Download QuickBooks CSV");
  expect(csv.name).toMatch(/^deposits-.*\.csv$/);
  const lines = (await readFile(csv.path, "utf8"))
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n");
  expect(lines[0]).toBe("Date,Description,Amount");
  expect(lines.length).toBeGreaterThan(1);
  expect(lines[1]).toMatch(/^\d\d\/\d\d\/\d{4},.*,-?\d+\.\d\d$/);

  const xlsx = await downloaded(page, "Download QuickBooks XLSX");
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(xlsx.path);
  expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
    "QuickBooks bank upload",
    "Deposits",
    "How each figure is derived",
  ]);

  await page.goto(`/admin/setup/reporting/guests?id=${gala.id}`);
  await expect(page.getByText("For Salesforce NPSP: Data Import")).toBeVisible();
  const npsp = await downloaded(page, "Download NPSP CSV");
  const rows = (await readFile(npsp.path, "utf8"))
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n");
  expect(rows[0]).toContain("Contact1_Firstname__c,Contact1_Lastname__c,Contact1_Personal_Email__c");
  expect(rows.length).toBeGreaterThan(1);
  await screenshots(page, "guests-js", info.outputPath.bind(info));

  // The overview says where the two files are.
  await page.goto(`/admin/setup/reporting?id=${gala.id}`);
  await expect(page.getByText("Files for your books and CRM")).toBeVisible();
  await screenshots(page, "overview-js", info.outputPath.bind(info));
  await page.getByRole("link", { name: "Guests", exact: true }).last().click();
  await expect(page.getByRole("link", { name: "Download NPSP CSV" })).toBeVisible();
});

test("without JavaScript the same links download the files", async ({ browser, page: signingIn, gala }, info) => {
  await signIn(signingIn, gala.organiser);
  const context = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await signingIn.context().storageState(),
  });
  const page = await context.newPage();
  await page.goto(`/admin/setup/reporting/revenue?id=${gala.id}`);
  await screenshots(page, "revenue-nojs", info.outputPath.bind(info));
  const csv = await downloaded(page, "Download QuickBooks CSV");
  expect((await readFile(csv.path, "utf8")).replace(/^\uFEFF/, "")).toMatch(/^Date,Description,Amount\r\n/);
  await page.goto(`/admin/setup/reporting/guests?id=${gala.id}`);
  await screenshots(page, "guests-nojs", info.outputPath.bind(info));
  const npsp = await downloaded(page, "Download NPSP CSV");
  expect(await readFile(npsp.path, "utf8")).toContain("Donation_Campaign_Name__c");
  await context.close();
});
