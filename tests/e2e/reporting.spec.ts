// The revenue report (/admin/setup/reporting/revenue): the organiser sees the chart and the table of money by
// source, and downloads the same figures as CSV and XLSX; without JavaScript the chart and the table are there.
// The tax report: the organiser emails every donor their statement (once, however often it is pressed), and the
// donor's link opens the PDF.
import { readFile } from "node:fs/promises";
import ExcelJS from "exceljs";
import { donation, payment } from "~drizzle/schema";
import { seriousViolations } from "./support/axe";
import { makeGuest } from "./support/billing";
import { expect, test } from "./support/fixtures";
import { linkTo, waitForMail } from "./support/mail";
import { signIn } from "./support/sign-in";

const dollars = (text: string) => Number(text.replace(/[$,]/g, ""));

test("the organiser reads the revenue report and downloads it as CSV and XLSX", async ({ page, gala }) => {
  await signIn(page, gala.organiser);
  await page.goto(`/admin/setup/reporting/revenue?id=${gala.id}`);
  const sources = page.getByRole("region", { name: "Raised by source" });
  await expect(sources.getByRole("img", { name: /Raised by source/ })).toBeVisible();
  await expect(sources.getByRole("rowheader", { name: "Tickets" })).toBeVisible();
  const total = sources.getByRole("row", { name: /^Total/ });
  const raised = dollars((await total.getByRole("cell").nth(1).textContent()) ?? "");
  expect(raised).toBeGreaterThan(0);

  const csvDownload = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download CSV" }).click();
  const csv = await readFile((await (await csvDownload).path())!, "utf8");
  expect(csv).toContain("Raised by source");
  expect(csv).toContain(`Total,`);
  expect(csv).toContain(`,${raised},`);

  const xlsxDownload = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download XLSX" }).click();
  const file = await xlsxDownload;
  expect(file.suggestedFilename()).toMatch(/^revenue-.*\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await file.path())!);
  const sheet = workbook.getWorksheet("Raised by source")!;
  const last = sheet.getRow(sheet.rowCount);
  expect(last.getCell(1).value).toBe("Total");
  expect(last.getCell(3).value).toBe(raised);
});

test("the revenue report shows its chart and table without JavaScript", async ({ browser, page: signingIn, gala }) => {
  await signIn(signingIn, gala.organiser);
  const context = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await signingIn.context().storageState(),
  });
  const page = await context.newPage();
  await page.goto(`/admin/setup/reporting/revenue?id=${gala.id}`);
  const sources = page.getByRole("region", { name: "Raised by source" });
  await expect(sources.getByRole("img", { name: /Raised by source/ })).toBeVisible();
  await expect(sources.getByRole("table")).toBeVisible();
  // The filter is a plain form: a range that ends before it starts comes back as typed beside its message, and no
  // figures show (the whole event's, under those dates, would be read as theirs), nor their downloads.
  await page.getByLabel("From", { exact: true }).fill("2026-01-01");
  await page.getByLabel("To (inclusive)").fill("2025-01-01");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "The first day must come before the last." })).toBeVisible();
  await expect(page.getByLabel("From", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("To (inclusive)")).toHaveValue("2025-01-01");
  await expect(page.getByRole("heading", { name: "No figures for this filter" })).toBeVisible();
  await expect(sources).toHaveCount(0);
  await expect(page.getByText("Raised", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Download CSV" })).toHaveCount(0);
  await context.close();
});

test("the organiser emails every donor their tax statement, once, and the link opens it", async ({
  page,
  gala,
  database,
}) => {
  const donor = await makeGuest(database, gala.id, "Tess");
  const [paid] = await database
    .insert(payment)
    .values({ event_id: gala.id, usr_id: donor.usrId, amount: 300_00, method: "check", status: "paid" })
    .returning();
  await database.insert(donation).values({
    event_id: gala.id,
    usr_id: donor.usrId,
    amount: 300_00,
    method: "check",
    status: "paid",
    source: "staff",
    payment_id: paid.payment_id,
  });
  await signIn(page, gala.organiser);
  await page.goto(`/admin/setup/reporting/tax?id=${gala.id}`);
  const panel = page.getByRole("region", { name: /^Email statements/ });
  await expect(panel).toContainText("Sent to 0 of 1 donor.");
  expect(await seriousViolations(page)).toEqual([]);

  await panel.getByRole("button", { name: "Email statements to 1 donor", exact: true }).click();
  await expect(page.getByText("Statements emailed to 1 donor")).toBeVisible();
  await expect(panel).toContainText(/Sent to 1 of 1 donor, last sent /);
  await expect(panel.getByRole("button", { name: "Every donor has been sent theirs", exact: true })).toBeDisabled();

  const mail = await waitForMail(donor.email, /^Your tax statement from /);
  expect(mail.raw).toContain("$300.00");
  const opened = await page.request.get(linkTo(mail, "/tax-statement"));
  expect(opened.status()).toBe(200);
  expect(opened.headers()["content-type"]).toBe("application/pdf");
  expect((await opened.body()).subarray(0, 4).toString()).toBe("%PDF");

  // Sent again to this donor only, on request.
  await panel.getByLabel("Send one donor theirs").selectOption(String(donor.usrId));
  await panel.getByRole("button", { name: "Send", exact: true }).click();
  await expect(page.getByText("Statement emailed to Tess Guest")).toBeVisible();
});
