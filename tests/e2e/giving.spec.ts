// Giving end to end: a donor gives on /dp without JavaScript (a declined card records nothing, then the gift is paid
// on the fake Stripe's page and the receipt shows the deductible amount); a guest buys raffle tickets on /raffle
// without JavaScript; staff sell a bundle to a paddle at /admin/bids/raffle and draw the prize, once.
import { and, eq } from "drizzle-orm";
import { donation, raffle, raffle_drawing } from "~drizzle/schema";
import { makeBillingGala, makeGuest } from "./support/billing";
import { expect, test } from "./support/fixtures";
import { signIn } from "./support/sign-in";
import type { Page } from "@playwright/test";

async function fillHostedCard(page: Page, number: string) {
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Expiry (MM / YY)").fill("12 / 34");
  await page.getByLabel("CVC").fill("123");
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a donor gives on /dp: a declined card records nothing, then the receipt shows the deductible amount @phone", async ({
    page,
    database,
    baseURL,
  }) => {
    const gala = await makeBillingGala(database, baseURL!);
    const gifts = () => database.select().from(donation).where(eq(donation.event_id, gala.eventId));
    await page.goto(`/dp?id=${gala.eventId}`);
    await expect(page.getByRole("heading", { name: /^Give to/ })).toBeVisible();
    await page.getByLabel("$100", { exact: true }).check();
    // The dedication's name is asked once a dedication is chosen.
    await expect(page.getByLabel("Their name")).toBeHidden();
    await page.getByLabel("Dedicate this gift").selectOption("honour");
    await page.getByLabel("Their name").fill("Coach Rivera");
    await page.getByLabel("First name").fill("Rosa");
    await page.getByLabel("Last name").fill("Diaz");
    await page.getByLabel("Email").fill("rosa.diaz@example.test");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText(/^\$100\.00 to .+, paid by card on the next page\.$/)).toBeVisible();
    // The confirmation shows the dedication and who gives before anything is paid.
    const review = page.getByRole("definition");
    await expect(review.filter({ hasText: "In honour of Coach Rivera" })).toBeVisible();
    await expect(review.filter({ hasText: "Rosa Diaz, rosa.diaz@example.test" })).toBeVisible();
    expect(await gifts()).toHaveLength(0);
    await page.getByRole("button", { name: "Confirm: pay $100.00" }).click();

    await expect(page.getByRole("heading", { name: "Pay $100.00" })).toBeVisible();
    await fillHostedCard(page, "4000 0000 0000 0002");
    await page.getByRole("button", { name: "Pay $100.00" }).click();
    await expect(page.getByRole("alert")).toHaveText("Your card was declined.");
    expect(await gifts()).toHaveLength(0);

    await fillHostedCard(page, "4242 4242 4242 4242");
    await page.getByRole("button", { name: "Pay $100.00" }).click();
    await expect(page.getByRole("heading", { name: "Thank you, Rosa!" })).toBeVisible();
    const receipt = page.getByLabel("Receipt");
    await expect(receipt).toContainText("Gift$100.00");
    await expect(receipt).toContainText("Tax-deductible amount$100.00");
    await expect(page.getByText("In honour of Coach Rivera.")).toBeVisible();
    const recorded = await gifts();
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ amount: 10_000, method: "card", status: "paid", tribute_name: "Coach Rivera" });
  });

  test("a guest buys raffle tickets on /raffle and sees their numbers", async ({ page, gala, database }) => {
    const eventId = gala.id;
    const guest = await makeGuest(database, eventId, "Ada");
    await signIn(page, guest);
    await page.goto(`/raffle?id=${eventId}`);
    await expect(page.getByRole("heading", { name: "Golden Anchor Raffle" })).toBeVisible();
    await expect(page.getByText("Raffle licence no. MA-RL-2026-0417")).toBeVisible();
    // No bundle is chosen for the guest.
    await expect(page.getByLabel("5 for $40.00")).not.toBeChecked();
    await page.getByLabel("5 for $40.00").check();
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(
      page.getByText("5 tickets for $40.00 in Golden Anchor Raffle, on your bill at checkout."),
    ).toBeVisible();
    await page.getByRole("button", { name: "Confirm: buy for $40.00" }).click();
    await expect(page.getByRole("heading", { name: "Good luck!" })).toBeVisible();
    const numbers = page.getByRole("list", { name: "Your new ticket numbers" }).getByRole("listitem");
    await expect(numbers).toHaveCount(5);
    // The demo sold tickets 1 to 18 before.
    await expect(numbers.first()).toHaveText("No. 19");
  });
});

test("staff sell a bundle to a paddle and draw the prize once", async ({ page, gala, database }) => {
  const eventId = gala.id;
  const guest = await makeGuest(database, eventId, "Bea");
  await signIn(page, gala.organiser);
  await page.goto(`/admin/bids/raffle?id=${eventId}`);
  await expect(page.getByRole("heading", { name: "Raffle", exact: true })).toBeVisible();
  await page.getByLabel("Tickets").selectOption({ label: "Golden Anchor Raffle: 5 for $40.00" });
  await page.getByLabel("Paddle").fill(String(guest.paddle));
  await page.getByRole("button", { name: "Sell tickets" }).click();
  const sales = page.getByRole("table", { name: "Recent raffle sales" });
  await expect(sales.getByRole("row").nth(1)).toContainText("Bea Guest");
  await expect(sales.getByRole("row").nth(1)).toContainText("No. 19–23");

  await page.getByRole("button", { name: "Draw Sea Glass and Diamond Pendant from Harbor Jewelers" }).click();
  await expect(page.getByText(/^Ticket \d+ · /)).toBeVisible();
  await expect(
    page.getByRole("button", { name: "Draw Sea Glass and Diamond Pendant from Harbor Jewelers" }),
  ).toHaveCount(0);
  const log = page.getByRole("table", { name: "Draw log" });
  await expect(log.getByRole("row")).toHaveCount(2);
  await expect(log.getByRole("row").nth(1)).toContainText("Standing");
  const [golden] = await database
    .select()
    .from(raffle)
    .where(and(eq(raffle.event_id, eventId), eq(raffle.title, "Golden Anchor Raffle")));
  expect(
    await database.select().from(raffle_drawing).where(eq(raffle_drawing.raffle_id, golden.raffle_id)),
  ).toHaveLength(1);
});

test("billing records a check gift, refused first without its number, and gives it back", async ({ page, gala }) => {
  await signIn(page, gala.organiser);
  await page.goto(`/admin/solemen/donations?id=${gala.id}`);
  const grid = page.getByRole("table", { name: "Donations" });
  await expect(grid.getByRole("row", { name: /Harbor Rotary Club/ })).toBeVisible();

  await page.getByRole("button", { name: "Record a gift" }).click();
  const dialog = page.getByRole("dialog", { name: "Record a gift" });
  await dialog.getByLabel("First name").fill("Jordan");
  await dialog.getByLabel("Last name").fill("Okafor");
  await dialog.getByLabel("Amount").fill("75");
  await dialog.getByLabel("Paid by").selectOption("check");
  await dialog.getByRole("button", { name: "Record gift" }).click();
  await expect(dialog.getByText("Enter the check's number.")).toBeVisible();
  await dialog.getByLabel("Check number").fill("2209");
  await dialog.getByRole("button", { name: "Record gift" }).click();
  await expect(dialog).toBeHidden();
  const row = grid.getByRole("row", { name: /Jordan Okafor/ });
  await expect(row).toContainText("$75.00");
  await expect(row).toContainText("Paid");

  await row.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Refund" }).click();
  const confirm = page.getByRole("alertdialog");
  await confirm.getByRole("button", { name: "Refund" }).click();
  await expect(row).toContainText("Refunded");
});
