// Checkout end to end against the fake Stripe (app/demo/sandbox/stripe, the demo's sandbox started standalone by playwright.config.ts): a
// bidder saves a card on the hosted page because the auction asks for one, wins, the organiser charges every card
// on file, and the guest sees the invoice paid and downloads the receipt; a guest with no card pays on /invoice
// after a declined card that recorded nothing.
import { eq } from "drizzle-orm";
import { event, registration, ticket } from "~drizzle/schema";
import { makeBillingGala, makeGuest, winItem, type Guest } from "./support/billing";
import { expect, test } from "./support/fixtures";
import { signIn } from "./support/sign-in";
import type { Organiser } from "./support/galas";
import type { Browser, Page } from "@playwright/test";
import type { Database } from "~/db/connection.server";

/** Registration open now with one ticket type, $150 a seat. */
async function openRegistration(db: Database, eventId: number) {
  const [row] = await db.select({ id: event.registration_id }).from(event).where(eq(event.event_id, eventId));
  await db
    .update(registration)
    .set({ start_date_time: new Date(Date.now() - 3_600_000), end_date_time: new Date(Date.now() + 3_600_000) })
    .where(eq(registration.registration_id, row.id!));
  await db
    .update(event)
    .set({ is_registration_enabled: true, is_registration_testing: false })
    .where(eq(event.event_id, eventId));
  await db.insert(ticket).values({ event_id: eventId, title: "Seat", price: 15_000, max_quantity: 40 });
}

async function fillHostedCard(page: Page, number: string) {
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Expiry (MM / YY)").fill("12 / 34");
  await page.getByLabel("CVC").fill("123");
}

/** A card saved for the guest through the fake's hosted page, as registration saves one (the app's own module). */
async function saveCardOnFile(eventId: number, usrId: number) {
  const { finishCardSetup, startCardSetup } = await import("~/billing/cards.server");
  const pageUrl = await startCardSetup(eventId, usrId, {
    successUrl: "http://gavel.test/done?session_id={CHECKOUT_SESSION_ID}",
    cancelUrl: "http://gavel.test/cancelled",
  });
  const response = await fetch(pageUrl, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ number: "4242424242424242", expiry: "12 / 34", cvc: "123" }).toString(),
    redirect: "manual",
  });
  const sessionId = new URL(response.headers.get("location")!).searchParams.get("session_id")!;
  await finishCardSetup(eventId, sessionId);
}

/** The organiser opens the guest on the winners screen by paddle number and reads the guest's invoice link. */
async function invoiceLinkOf(browser: Browser, organiser: Organiser, guest: Guest) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, organiser);
  await page.goto(`/admin/billing/winners?id=${organiser.eventId}`);
  await page.getByLabel("Paddle or name").fill(String(guest.paddle));
  await page.getByRole("button", { name: "Find" }).click();
  await expect(page.getByRole("heading", { name: `Paddle ${guest.paddle} · ${guest.name}` })).toBeVisible();
  const href = await page.getByRole("link", { name: "Open the guest's invoice" }).getAttribute("href");
  await context.close();
  return href!;
}

test("a bidder saves a card for the auction, wins, is charged with everyone else, and sees the invoice paid", async ({
  page,
  browser,
  database,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const gala = await makeBillingGala(database, baseURL!);
  const ada = await makeGuest(database, gala.eventId, "Ada");

  // The auction asks for a card before bidding: saved on the payment page, not charged.
  await signIn(page, ada);
  await page.goto(`/inroombid?id=${gala.eventId}&item=${gala.itemId}`);
  await page.getByRole("link", { name: "Save a card to bid" }).click();
  await page.getByRole("button", { name: "Save a card" }).click();
  await expect(page.getByRole("heading", { name: "Save a card for later" })).toBeVisible();
  await fillHostedCard(page, "4242 4242 4242 4242");
  await page.getByRole("button", { name: "Save card" }).click();
  await expect(page).toHaveURL(new RegExp(`/inroombid\\?id=${gala.eventId}&item=${gala.itemId}`));
  await expect(page.getByRole("link", { name: "Save a card to bid" })).toHaveCount(0);
  await page.goto(`/inroombid?id=${gala.eventId}&view=mine`);
  await expect(page.getByText("Card on file: Visa ending 4242.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Replace it" })).toBeVisible();

  // The night ends with Ada the winner at $420.
  await winItem(database, gala.eventId, ada, "Chef's table for six", 42_000);

  const organiser = await (await browser.newContext()).newPage();
  await signIn(organiser, gala);
  await organiser.goto(`/admin/billing/winners?id=${gala.eventId}`);
  await expect(organiser.getByRole("cell", { name: "Visa 4242" })).toBeVisible();
  // The button asks first, saying how many guests and how much in all; cancelled, nothing is charged.
  await organiser.getByRole("button", { name: "Charge all cards on file" }).click();
  const confirm = organiser.getByRole("dialog", { name: "Charge 1 guest's card, $420.00 in all?" });
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(organiser.getByText(/Finished: /)).toHaveCount(0);
  // Confirmed from the keyboard.
  await organiser.getByRole("button", { name: "Charge all cards on file" }).focus();
  await organiser.keyboard.press("Enter");
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Charge 1 card" }).focus();
  await organiser.keyboard.press("Enter");
  await expect(confirm).toBeHidden();
  await expect(organiser.getByText("Finished: 1 of 1 guests")).toBeVisible({ timeout: 20_000 });
  await expect(organiser.getByText("Charged · $420.00")).toBeVisible();
  // Nothing is left to charge: the button gives way to the reason, so no empty run can be started.
  await expect(
    organiser.getByText("No guest who owes has a card on file now: there is nothing to charge."),
  ).toBeVisible();
  await expect(organiser.getByRole("button", { name: "Charge all cards on file" })).toHaveCount(0);

  const link = await invoiceLinkOf(browser, gala, ada);
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Your invoice" })).toBeVisible();
  await expect(page.getByText("Silent auction · Chef's table for six")).toBeVisible();
  await expect(page.getByRole("row", { name: /Balance due/ })).toContainText("$0.00");
  await expect(page.getByText("$420.00 · Card on file · paid")).toBeVisible();
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download receipt (PDF)" }).click();
  const pdf = await download;
  expect(pdf.suggestedFilename()).toMatch(/^receipt-\d+\.pdf$/);
  await page.getByRole("link", { name: "View receipt" }).click();
  // Won at $420 an item worth $100: $320 is deductible.
  await expect(page.getByText("Of the $420.00 you paid, $320.00 is tax-deductible")).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("charging all cards on file asks first, in the page, with how many guests and how much", async ({
    page,
    database,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const gala = await makeBillingGala(database, baseURL!);
    const ada = await makeGuest(database, gala.eventId, "Ada");
    const ben = await makeGuest(database, gala.eventId, "Ben");
    await winItem(database, gala.eventId, ada, "Chef's table for six", 94_000);
    await winItem(database, gala.eventId, ben, "Hot air balloon ride", 25_000);
    await saveCardOnFile(gala.eventId, ada.usrId);
    await saveCardOnFile(gala.eventId, ben.usrId);

    await signIn(page, gala);
    await page.goto(`/admin/billing/winners?id=${gala.eventId}`);
    await page.getByRole("link", { name: "Charge all cards on file" }).click();
    const step = page.getByRole("region", { name: "Charge 2 guests' cards, $1,190.00 in all?" });
    await expect(step).toBeVisible();
    // Cancel leaves without charging.
    await step.getByRole("link", { name: "Cancel" }).click();
    await expect(step).toHaveCount(0);
    await expect(page.getByText(/Finished: |Charging: /)).toHaveCount(0);

    await page.getByRole("link", { name: "Charge all cards on file" }).click();
    await step.getByRole("button", { name: "Charge 2 cards" }).click();
    await expect(page).not.toHaveURL(/dialog=/);
    await expect(page.getByText(/(Finished|Charging): \d of 2 guests/)).toBeVisible({ timeout: 20_000 });
  });
});

test("a guest with no card pays on their invoice; a declined card records nothing @phone", async ({
  page,
  browser,
  database,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const gala = await makeBillingGala(database, baseURL!);
  const ben = await makeGuest(database, gala.eventId, "Ben");
  await winItem(database, gala.eventId, ben, "Hot air balloon ride", 15_000);
  const link = await invoiceLinkOf(browser, gala, ben);

  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Pay $150.00" })).toBeVisible();
  await page.getByRole("button", { name: "Pay by card" }).click();
  await fillHostedCard(page, "4000 0000 0000 0002");
  await page.getByRole("button", { name: "Pay $150.00" }).click();
  await expect(page.getByRole("alert")).toHaveText("Your card was declined.");
  await page.getByRole("link", { name: "Cancel and go back" }).click();
  await expect(page.getByText("Nothing was paid: you left the payment page.")).toBeVisible();
  await expect(page.getByRole("row", { name: /Balance due/ })).toContainText("$150.00");

  await page.getByRole("button", { name: "Pay by card" }).click();
  await fillHostedCard(page, "4242 4242 4242 4242");
  await page.getByRole("button", { name: "Pay $150.00" }).click();
  await expect(page.getByText("Thank you: your payment went through.")).toBeVisible();
  await expect(page.getByRole("row", { name: /Balance due/ })).toContainText("$0.00");
  await expect(page.getByText("$150.00 · Card (paid online) · paid")).toBeVisible();
});

test("a guest without JavaScript registers and pays for the tickets by card; a declined card pays nothing @phone", async ({
  browser,
  baseURL,
  database,
}) => {
  const gala = await makeBillingGala(database, baseURL!);
  await openRegistration(database, gala.eventId);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    await page.goto(`/register?id=${gala.eventId}`);
    await page.getByLabel("How many Seat").fill("2");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByLabel("First name").fill("Rosa");
    await page.getByLabel("Last name").fill("Parks");
    await page.getByLabel("Email").fill(`rosa.${gala.eventId}@example.org`);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("heading", { name: "Guests" })).toBeVisible();
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("heading", { name: "Payment" })).toBeVisible();
    await expect(page.getByLabel("Pay now by card")).toBeChecked();
    await page.getByRole("button", { name: "Complete registration" }).click();

    // The provider's hosted page: a declined card first, then a good one.
    await fillHostedCard(page, "4000000000000002");
    await page.getByRole("button", { name: /^Pay/ }).click();
    await expect(page.getByRole("alert")).toHaveText(/declined/i);
    await fillHostedCard(page, "4242424242424242");
    await page.getByRole("button", { name: /^Pay/ }).click();

    await expect(page.getByRole("heading", { name: "You are registered" })).toBeVisible();
    await expect(page.getByLabel("Your order")).toContainText("Total · Paid");
    await expect(page.getByLabel("Your order")).toContainText("$300.00");
    await expect(page.getByRole("button", { name: /now by card/ })).toHaveCount(0);
  } finally {
    await context.close();
  }
});

test("a declined card left open never locks the invoice: the desk sees the true balance, takes cash and comps, the guest pays the rest without JavaScript, and a refund shows on the receipt @phone", async ({
  browser,
  baseURL,
  database,
}) => {
  test.setTimeout(120_000);
  const gala = await makeBillingGala(database, baseURL!);
  const cleo = await makeGuest(database, gala.eventId, "Cleo");
  await winItem(database, gala.eventId, cleo, "Sunset sail", 15_000);
  await winItem(database, gala.eventId, cleo, "Cookie basket", 4_000);
  const link = await invoiceLinkOf(browser, gala, cleo);

  // The guest, on a phone without JavaScript: a declined card, then the page left by the browser's way back.
  const guestContext = await browser.newContext({ javaScriptEnabled: false });
  const guest = await guestContext.newPage();
  await guest.goto(link);
  await expect(guest.getByRole("heading", { name: "Pay $190.00" })).toBeVisible();
  await guest.getByRole("button", { name: "Pay by card" }).click();
  await fillHostedCard(guest, "4000000000000002");
  await guest.getByRole("button", { name: "Pay $190.00" }).click();
  await expect(guest.getByText("Your card was declined.")).toBeVisible();
  await guest.goto(link);
  await expect(guest.getByRole("heading", { name: "Pay $190.00" })).toBeVisible();
  await expect(guest.getByText("A card payment you started was not finished.")).toBeVisible();
  await expect(guest.getByText("$190.00 · Card (paid online) · payment page open, not paid")).toBeVisible();
  await expect(guest.getByRole("button", { name: "Pay by card" })).toBeVisible();

  // The desk sees what is owed, not "Paid in full", and still takes cash; a zero is refused and records nothing.
  const deskContext = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    isMobile: false,
    hasTouch: false,
  });
  const desk = await deskContext.newPage();
  await signIn(desk, gala);
  await desk.goto(`/admin/billing/winners?id=${gala.eventId}`);
  await desk.getByLabel("Paddle or name").fill(String(cleo.paddle));
  await desk.getByRole("button", { name: "Find" }).click();
  const panel = desk.getByRole("region", { name: `Paddle ${cleo.paddle} · ${cleo.name}` });
  await expect(panel.getByRole("row", { name: /Balance due/ })).toContainText("$190.00");
  await expect(panel.getByText("Paid in full.")).toHaveCount(0);
  await expect(panel.getByText(/opened a card payment page/)).toBeVisible();
  const cash = panel.locator("form", { has: desk.getByRole("heading", { name: "Take cash" }) });
  await cash.getByLabel("Amount").fill("0");
  await cash.getByRole("button", { name: "Record cash" }).click();
  await expect(cash.getByText("Enter an amount above zero.")).toBeVisible();
  // Refused at the desk before anything is sent: no cash recorded.
  await expect(panel.getByRole("listitem").filter({ hasText: "Cash" })).toHaveCount(0);
  await cash.getByLabel("Amount").fill("100");
  await cash.getByRole("button", { name: "Record cash" }).click();
  await expect(panel.getByRole("row", { name: /Balance due/ })).toContainText("$90.00");
  await expect(cash.getByLabel("Amount")).toHaveValue("90");

  // A comp: the amount to take follows the balance, and the reason stays with staff.
  await panel
    .getByRole("row", { name: /Cookie basket/ })
    .getByText("Comp", { exact: true })
    .click();
  await panel
    .getByRole("row", { name: /Cookie basket/ })
    .getByLabel("Reason")
    .fill("Baked by the chair");
  await panel
    .getByRole("row", { name: /Cookie basket/ })
    .getByRole("button", { name: "Comp this line" })
    .click();
  await expect(panel.getByRole("row", { name: /Balance due/ })).toContainText("$50.00");
  await expect(cash.getByLabel("Amount")).toHaveValue("50");
  await cash.getByLabel("Amount").fill("60");
  await cash.getByRole("button", { name: "Record cash" }).click();
  await expect(cash.getByText("That is more than the $50.00 still owed.")).toBeVisible();

  // The guest pays the rest by card: the page left open was closed by the cash, and a new one takes the $50.
  await guest.goto(link);
  await expect(guest.getByRole("heading", { name: "Pay $50.00" })).toBeVisible();
  await expect(guest.getByRole("cell", { name: /^Comped: .*Cookie basket$/ })).toBeVisible();
  await expect(guest.getByText("Baked by the chair")).toHaveCount(0);
  await guest.getByRole("button", { name: "Pay by card" }).click();
  await fillHostedCard(guest, "4242424242424242");
  await guest.getByRole("button", { name: "Pay $50.00" }).click();
  await expect(guest.getByText("Thank you: your payment went through.")).toBeVisible();
  await expect(guest.getByRole("row", { name: /Balance due/ })).toContainText("$0.00");
  await desk.reload();
  await expect(panel.getByText("Paid in full.")).toBeVisible();

  // Part of the card payment refunded at the desk (more than was paid is refused, formatted); the receipt says so.
  await desk.goto(`/admin/billing/payments?id=${gala.eventId}`);
  const cardRow = desk.getByRole("row", { name: /Card \(paid online\) \$50\.00/ });
  await cardRow.getByText("Refund…").click();
  await cardRow.getByLabel("Amount").fill("60");
  await cardRow.getByLabel("Reason").fill("Sail cut short");
  await cardRow.getByRole("button", { name: "Refund" }).click();
  await expect(cardRow.getByText("Refund at most $50.00, what is left of this payment.")).toBeVisible();
  await cardRow.getByLabel("Amount").fill("10");
  await cardRow.getByRole("button", { name: "Refund" }).click();
  await expect(desk.getByText("Refunded $10.00")).toBeVisible();
  await guest.goto(link);
  await expect(guest.getByText(/\$50\.00 · Card \(paid online\) · paid · .* · \$10\.00 refunded/)).toBeVisible();
  await guest.getByRole("link", { name: "View receipt" }).click();
  await expect(guest.getByRole("heading", { name: "Receipt" })).toBeVisible();
  await expect(guest.getByText(/^Of the \$140\.00 you paid, /)).toBeVisible();
  await guestContext.close();
  await deskContext.close();
});
