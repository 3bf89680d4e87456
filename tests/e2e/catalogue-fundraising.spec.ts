// Paddle raises, raffles and items for sale set up in dialogs; a donor thanked by email and as a PDF; bid sheets
// printed from the raw data sheet.
import { expect, test } from "./support/fixtures";
import { waitForMail } from "./support/mail";
import { signIn } from "./support/sign-in";

const tag = () => Math.random().toString(36).slice(2, 7);

test("an organiser sets up a paddle raise, a raffle and an item for sale", async ({ page, gala }) => {
  await signIn(page, gala.organiser);

  const raise = `Fund a Classroom ${tag()}`;
  await page.goto("/admin/auction_items/paddle_raises");
  await page.getByRole("button", { name: "New paddle raise" }).click();
  let dialog = page.getByRole("dialog", { name: "New paddle raise" });
  await dialog.getByRole("textbox", { name: "Name" }).fill(raise);
  await dialog.getByLabel("Goal").fill("25,000");
  await dialog.getByLabel("Giving levels").fill("5000 A classroom\nlots");
  await dialog.getByRole("button", { name: "Create paddle raise" }).click();
  await expect(dialog.getByText("Line 2: start with the amount")).toBeVisible();
  await dialog.getByLabel("Giving levels").fill("5000 A classroom\n1000 Books\n250");
  await dialog.getByRole("button", { name: "Create paddle raise" }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole("table", { name: "Paddle raises" }).getByRole("row", { name: new RegExp(raise) }),
  ).toContainText("$5,000.00 · $1,000.00 · $250.00");

  const raffle = `Golden ticket ${tag()}`;
  await page.goto("/admin/auction_items/raffle_tickets");
  await page.getByRole("button", { name: "New raffle" }).click();
  dialog = page.getByRole("dialog", { name: "New raffle" });
  await dialog.getByRole("textbox", { name: "Name" }).fill(raffle);
  await dialog.getByLabel("Ticket bundles").fill("1 for 10\n5 for 40");
  await dialog.getByLabel("Prizes").fill("Weekend in Napa = 1200");
  await dialog.getByRole("button", { name: "Create raffle" }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole("table", { name: "Raffles" }).getByRole("row", { name: new RegExp(raffle) }),
  ).toContainText("1 for $10.00 · 5 for $40.00");

  const sale = `Champagne flute ${tag()}`;
  await page.goto("/admin/auction_items/items_for_sale");
  await page.getByRole("button", { name: "New item for sale" }).click();
  dialog = page.getByRole("dialog", { name: "New item for sale" });
  await dialog.getByRole("textbox", { name: "Name" }).fill(sale);
  await dialog.getByLabel("Price").fill("0");
  await dialog.getByRole("button", { name: "Put on sale" }).click();
  await expect(dialog.getByText("The price must be more than zero.")).toBeVisible();
  await dialog.getByLabel("Price").fill("35");
  await dialog.getByLabel("Quantity for sale").fill("48");
  await dialog.getByRole("button", { name: "Put on sale" }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole("table", { name: "Items for sale" }).getByRole("row", { name: new RegExp(sale) });
  await expect(row).toContainText("$35.00");
  await expect(row).toContainText("48");
});

test("an organiser thanks a donor by email and as a PDF, and prints bid sheets", async ({ page, gala }) => {
  await signIn(page, gala.organiser);
  await page.goto("/admin/auction_items/donors");
  await page.getByRole("searchbox", { name: "Search donors" }).fill("Claire Donovan");
  await page.getByRole("link", { name: /^Thank Claire Donovan/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Thank a donor" })).toBeVisible();
  await expect(page.getByRole("table", { name: /Gifts of/ })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Message" })).toHaveValue(/^Dear Claire Donovan,/);

  const pdf = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download PDF" }).click();
  expect((await pdf).suggestedFilename()).toMatch(/^thank-you-.*\.pdf$/);

  await page.getByRole("button", { name: "Send by email" }).click();
  const claire = gala.address("claire.donovan@chatham.example.com");
  await expect(page.getByRole("region", { name: "Notifications" })).toContainText(`Thank-you sent to ${claire}`);
  const mail = await waitForMail(claire, /Thank you for your gift/);
  expect(mail.raw).toContain("Total fair market value");

  await page.goto("/admin/auction_items/rawdata");
  const sheets = page.waitForEvent("download");
  await page.getByRole("link", { name: "Bid sheets (PDF)" }).click();
  const file = await sheets;
  expect(file.suggestedFilename()).toBe("bid-sheets.pdf");
});
