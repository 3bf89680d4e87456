// Guests confirm before money, on a phone without JavaScript (issue 31): raffle tickets, a duel gift and a gift on
// /dp are each reviewed (the exact total, and that it goes on the bill) and recorded only when confirmed; Change
// goes back with nothing recorded. Where the event asks for a card on file, a guest without one is sent to save it.
import { eq } from "drizzle-orm";
import { donation, duel, duel_gift, event, raffle_purchase, registration } from "~drizzle/schema";
import { makeGuest } from "./support/billing";
import { expect, test } from "./support/fixtures";
import { signIn } from "./support/sign-in";

test.describe.configure({ timeout: 120_000 });

test("a guest without JavaScript confirms raffle tickets, a duel gift and a gift on the bill @phone", async ({
  browser,
  gala,
  database,
}) => {
  const eventId = gala.id;
  const [duelRow] = await database
    .insert(duel)
    .values({
      event_id: eventId,
      title: "Table 5 vs Table 9",
      side_a: "Table 5",
      side_b: "Table 9",
      increments: [2_000, 4_000],
      is_active: true,
    })
    .returning({ id: duel.duel_id });
  const guest = await makeGuest(database, eventId, "Ada");
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signIn(page, guest);
  const mine = <T extends { usr_id: number | null; event_id: number }>(rows: T[]) =>
    rows.filter((row) => row.usr_id === guest.usrId && row.event_id === eventId);

  // Raffle: nothing chosen for the guest; Continue reviews, Change goes back, Confirm buys.
  await page.goto(`/raffle?id=${eventId}`);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("Choose how many tickets.")).toBeVisible();
  await page.getByLabel("5 for $40.00").check();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("5 tickets for $40.00 in Golden Anchor Raffle, on your bill at checkout.")).toBeVisible();
  await page.getByRole("link", { name: "Change" }).click();
  await page.getByLabel("1 for $10.00").check();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("1 ticket for $10.00 in Golden Anchor Raffle, on your bill at checkout.")).toBeVisible();
  expect(mine(await database.select().from(raffle_purchase))).toHaveLength(0);
  await page.getByRole("button", { name: "Confirm: buy for $10.00" }).click();
  await expect(page.getByRole("heading", { name: "Good luck!" })).toBeVisible();
  expect(mine(await database.select().from(raffle_purchase))).toMatchObject([{ quantity: 1, amount: 1_000 }]);

  // Duel: a tapped amount is reviewed, then given.
  await page.goto(`/duel?id=${eventId}&duel=${duelRow.id}`);
  await page.getByRole("form", { name: "Give to Table 5" }).getByRole("button", { name: "Give $20" }).click();
  await expect(page.getByText("$20.00 to Table 5 in Table 5 vs Table 9, on your bill at checkout.")).toBeVisible();
  expect(mine(await database.select().from(duel_gift))).toHaveLength(0);
  await page.getByRole("button", { name: "Confirm: give $20.00" }).click();
  await expect(page.getByText("Thank you! $20 to Table 5, added to your bill at checkout.")).toBeVisible();
  expect(mine(await database.select().from(duel_gift))).toMatchObject([{ side: "a", amount: 2_000 }]);

  // /dp: the gift on the bill is reviewed; Change brings the typed form back; Confirm records it.
  await page.goto(`/dp?id=${eventId}`);
  await page.getByLabel("Other", { exact: true }).check();
  await page.getByLabel("Other amount").fill("310");
  await page.getByLabel("A note (optional)").fill("For the reading corner");
  await page.getByRole("button", { name: "Continue" }).click();
  const review = page.getByLabel("Your gift", { exact: true });
  await expect(review).toContainText("Gift$310.00");
  await expect(review).toContainText("Total, on your bill$310.00");
  await page.getByRole("button", { name: "Change" }).click();
  await expect(page.getByLabel("Other amount")).toHaveValue("310");
  await expect(page.getByLabel("A note (optional)")).toHaveValue("For the reading corner");
  await page.getByLabel("Other amount").fill("300");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText(/^\$300\.00 gift to .+, on your bill at checkout\.$/)).toBeVisible();
  expect(mine(await database.select().from(donation))).toHaveLength(0);
  await page.getByRole("button", { name: "Confirm: add $300.00 to my bill" }).click();
  await expect(page.getByRole("heading", { name: "Thank you, Ada!" })).toBeVisible();
  // Not paid yet: no receipt number or deductible amount until the invoice is paid.
  const gift = page.getByLabel("Your gift");
  await expect(gift).toContainText("Total, on your bill$300.00");
  await expect(gift).not.toContainText("Receipt no.");
  await expect(gift).not.toContainText("Tax-deductible");
  await expect(page.getByText("Your receipt comes with your invoice once it is paid.")).toBeVisible();
  expect(mine(await database.select().from(donation))).toMatchObject([
    { amount: 30_000, method: "invoice", status: "pledged", message: "For the reading corner" },
  ]);

  // An item for sale: the tap asks to confirm; Confirm puts it on the bill.
  await page.goto(`/dp?id=${eventId}`);
  await page.getByRole("button", { name: "Buy Priority Valet Pass" }).click();
  await expect(page.getByText("Priority Valet Pass for $100.00, on your bill at checkout.")).toBeVisible();
  await page.getByRole("button", { name: "Confirm: buy for $100.00" }).click();
  await expect(page.getByText("Bought: it is on your bill at checkout.")).toBeVisible();

  // The event now asks for a card on file: the guest is sent to save one instead of buying.
  const [form] = await database.insert(registration).values({ store_card: true }).returning();
  await database.update(event).set({ registration_id: form.registration_id }).where(eq(event.event_id, eventId));
  await page.goto(`/raffle?id=${eventId}`);
  await expect(page.getByRole("link", { name: "Save a card" }).first()).toHaveAttribute(
    "href",
    `/billing/card?${new URLSearchParams({ id: String(eventId), returnTo: `/raffle?id=${eventId}` })}`,
  );
  await expect(page.getByRole("button", { name: "Continue" })).toHaveCount(0);
  await context.close();
});
