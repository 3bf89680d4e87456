// /admin/auction_items/rawdata: a catalogue brought from another platform (the BiddingForGood / FrontStream item
// template's columns) is checked first, the dry run saying which lot each row updates and which lots the unnumbered
// rows get; the import then does just that. The same with JavaScript off, at a phone's width; each step leaves a
// screenshot at 390 and 1440 px in the test's output.
import { expect, test } from "./support/fixtures";
import { signIn } from "./support/sign-in";
import type { Page, TestInfo } from "@playwright/test";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

function frontStreamFile(lot: number, tag: string) {
  return [
    "Lot Number,Item Name,Item Description,Fair Market Value,Starting Bid,Bid Increment,Buy Now Price",
    `${lot},Sailing day ${tag},A day on the bay,"1,500",600,,`,
    `,Pottery class ${tag},,300,,,`,
  ].join("\n");
}

async function chooseFile(page: Page, name: string, text: string) {
  await page.getByLabel("CSV or Excel file").setInputFiles({ name, mimeType: "text/csv", buffer: Buffer.from(text) });
}

async function shoot(page: Page, testInfo: TestInfo, name: string) {
  for (const [size, viewport] of Object.entries({ phone: PHONE, desktop: DESKTOP })) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: testInfo.outputPath(`${name}-${size}.png`), fullPage: true });
  }
}

test("an organiser updates a lot and numbers new items from another platform's file", async ({
  page,
  gala,
}, testInfo) => {
  const tag = Math.random().toString(36).slice(2, 7);
  const lot = 900 + Math.floor(Math.random() * 90);
  await signIn(page, gala.organiser);
  await page.goto("/admin/auction_items/rawdata");

  // The first file makes the lot.
  await chooseFile(page, "first.csv", `Lot,Title,Value\n${lot},Sailing day ${tag},1000`);
  await page.getByRole("button", { name: "Check the file" }).click();
  await page.getByRole("button", { name: "Import 1 new item" }).click();
  await expect(page.getByRole("region", { name: "Notifications" })).toContainText("1 item imported");

  // The platform's file updates it and brings an item without a lot, numbered.
  await chooseFile(page, "frontstream.csv", frontStreamFile(lot, tag));
  await page.getByRole("checkbox", { name: "Number the items without a lot" }).check();
  await page.getByRole("button", { name: "Check the file" }).click();
  await expect(
    page.getByRole("heading", { name: "frontstream.csv: 2 rows are ready, 0 rows have problems" }),
  ).toBeVisible();
  const ready = page.getByRole("table", { name: "Rows ready to import" });
  await expect(ready.getByRole("row", { name: new RegExp(`Sailing day ${tag}`) })).toContainText(
    `Updates lot ${lot}: description, value, starting bid`,
  );
  await expect(ready.getByRole("row", { name: new RegExp(`Pottery class ${tag}`) })).toContainText(
    /New item, numbered lot \d+/,
  );
  await shoot(page, testInfo, "dry-run");

  await page.getByRole("button", { name: "Import 1 new item and 1 update" }).click();
  await expect(page.getByRole("region", { name: "Notifications" })).toContainText("1 item imported, 1 item updated");
  await page.getByRole("searchbox", { name: "Search items" }).fill(tag);
  const sheet = page.getByRole("table", { name: "Items" });
  const sailing = sheet.getByRole("row", { name: new RegExp(`Sailing day ${tag}`) });
  await expect(sailing).toContainText("$1,500.00");
  await expect(sailing).toContainText("$600.00");
  await expect(sheet.getByRole("row", { name: new RegExp(`lot \\d+, Pottery class ${tag}`) })).toHaveCount(1);
  await shoot(page, testInfo, "imported");
});

test("the import works without JavaScript: a bad cell named by line and column, then the update", async ({
  browser,
  gala,
}, testInfo) => {
  const context = await browser.newContext({
    viewport: PHONE,
    javaScriptEnabled: false,
    baseURL: testInfo.project.use.baseURL,
  });
  const page = await context.newPage();
  const tag = Math.random().toString(36).slice(2, 7);
  const lot = 900 + Math.floor(Math.random() * 90);
  await signIn(page, gala.organiser);
  await page.goto("/admin/auction_items/rawdata");
  await chooseFile(page, "first.csv", `Lot,Title,Value\n${lot},Sailing day ${tag},1000`);
  await page.getByRole("button", { name: "Check the file" }).click();
  await page.getByRole("button", { name: "Import 1 new item" }).click();

  const bad = frontStreamFile(lot, tag).replace(",300,", ",three hundred,");
  await chooseFile(page, "frontstream.csv", bad);
  await page.getByRole("button", { name: "Check the file" }).click();
  const problems = page.getByRole("table", { name: "Rows with problems" });
  await expect(problems.getByRole("row", { name: new RegExp(`Pottery class ${tag}`) })).toContainText(
    "Fair Market Value: “three hundred” is not an amount.",
  );
  await expect(problems.getByRole("row", { name: new RegExp(`Pottery class ${tag}`) })).toContainText("3");
  await shoot(page, testInfo, "no-js-problems");

  await page.getByRole("button", { name: "Import the clean rows: 1 update" }).click();
  await expect(page.getByText("1 item updated")).toBeVisible();
  await page.goto(`/admin/auction_items/rawdata`);
  await expect(
    page.getByRole("table", { name: "Items" }).getByRole("row", { name: new RegExp(`Sailing day ${tag}`) }),
  ).toContainText("$1,500.00");
  await expect(page.getByText(`Pottery class ${tag}`)).toHaveCount(0);
  await context.close();
});

for (const javaScriptEnabled of [true, false]) {
  test(`an organiser matches a file's own columns, and the next file is matched the same (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
    browser,
    gala,
  }, testInfo) => {
    const context = await browser.newContext({
      viewport: DESKTOP,
      javaScriptEnabled,
      baseURL: testInfo.project.use.baseURL,
    });
    const page = await context.newPage();
    const tag = Math.random().toString(36).slice(2, 7);
    // Column names no platform uses, so that no other test's choices (one organisation per gala copy) match them.
    const header = `Lot title ${tag},Estimate ${tag},Shelf ${tag}`;
    const file = [header, `Kayak tour ${tag},450,B2`, `Wine crate ${tag},220,C1`].join("\n");
    await signIn(page, gala.organiser);
    await page.goto("/admin/auction_items/rawdata");

    await chooseFile(page, "auction-list.csv", file);
    await page.getByRole("button", { name: "Check the file" }).click();
    await expect(page.getByRole("heading", { name: "auction-list.csv: which column is what?" })).toBeVisible();
    await expect(page.getByText("No column of the file is the title.")).toBeVisible();
    const columns = page.getByRole("table", { name: "Your column → Gavel field" });
    await expect(columns.getByRole("row", { name: new RegExp(`Estimate ${tag}`) })).toContainText("450 · 220");
    await shoot(page, testInfo, `columns-${javaScriptEnabled ? "js" : "no-js"}`);

    await page.getByRole("combobox", { name: `Gavel field for Lot title ${tag}` }).selectOption("title");
    await page.getByRole("combobox", { name: `Gavel field for Estimate ${tag}` }).selectOption("value");
    await page.getByRole("button", { name: "Check again with these columns" }).click();
    await expect(
      page.getByRole("heading", { name: "auction-list.csv: 2 rows are ready, 0 rows have problems" }),
    ).toBeVisible();
    await expect(page.getByText(`Columns not read: Shelf ${tag}.`)).toBeVisible();

    // The next file with those columns is matched as chosen.
    await chooseFile(page, "auction-list-2.csv", [header, `Cabin weekend ${tag},1200,A1`].join("\n"));
    await page.getByRole("button", { name: "Check the file" }).click();
    await expect(
      page.getByRole("heading", { name: "auction-list-2.csv: 1 row is ready, 0 rows have problems" }),
    ).toBeVisible();
    await page.getByRole("button", { name: "Import 1 new item" }).click();
    if (javaScriptEnabled) await page.getByRole("searchbox", { name: "Search items" }).fill(tag);
    await expect(
      page.getByRole("table", { name: "Items" }).getByRole("row", { name: new RegExp(`Cabin weekend ${tag}`) }),
    ).toContainText("$1,200.00");
    await context.close();
  });
}
