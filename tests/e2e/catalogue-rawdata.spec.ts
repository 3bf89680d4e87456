// /admin/auction_items/rawdata: a CSV import is checked first, bad rows are listed with why, and only the clean
// rows go in when the organiser says so; the sheet then shows them and edits them in place.
import { expect, test } from "./support/fixtures";
import { signIn } from "./support/sign-in";

test("an organiser imports a catalogue from a CSV file with a bad row", async ({ page, gala }) => {
  const tag = Math.random().toString(36).slice(2, 7);
  const lot = 900 + Math.floor(Math.random() * 90);
  const csv = [
    "Lot,Title,Type,Value,Category",
    `${lot},Sailing day ${tag},silent,"1,500",Travel & Getaways`,
    `${lot + 1},Pottery class ${tag},silent,-20,Pottery`,
  ].join("\n");

  await signIn(page, gala.organiser);
  await page.goto("/admin/auction_items/rawdata");
  await page
    .getByLabel("CSV or Excel file")
    .setInputFiles({ name: "catalogue.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: "Check the file" }).click();

  await expect(page.getByRole("heading", { name: "catalogue.csv: 1 row is ready, 1 row has problems" })).toBeVisible();
  const problems = page.getByRole("table", { name: "Rows with problems" });
  await expect(problems.getByRole("row", { name: new RegExp(`Pottery class ${tag}`) })).toContainText(
    "Value: cannot be negative.",
  );
  await expect(problems).toContainText("Category “Pottery” does not exist.");
  // Nothing is in yet.
  await expect(page.getByRole("table", { name: "Items" }).getByText(`Sailing day ${tag}`)).toHaveCount(0);

  await page.getByRole("button", { name: "Import the clean rows: 1 new item" }).click();
  await expect(page.getByRole("region", { name: "Notifications" })).toContainText("1 item imported");
  const sheet = page.getByRole("table", { name: "Items" });
  await page.getByRole("searchbox", { name: "Search items" }).fill(tag);
  const row = sheet.getByRole("row", { name: new RegExp(`Sailing day ${tag}`) });
  await expect(row).toContainText("$1,500.00");
  // The starting bid was proposed from the value: 40%.
  await expect(row).toContainText("$600.00");

  // Edit the value in place.
  await row.getByRole("button", { name: `Edit Value of lot ${lot}, Sailing day ${tag}` }).click();
  const field = row.getByRole("textbox", { name: `Value of lot ${lot}, Sailing day ${tag}` });
  await expect(field).toHaveValue("1500");
  await field.fill("1,750");
  await field.press("Enter");
  await expect(row).toContainText("$1,750.00");
});
