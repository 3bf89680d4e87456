// The cash desk through a Wi-Fi drop (issue 36): offline, the desk takes cash from the guest it has open and a check
// from a guest it opens from its list, each against the balance it last saw, shown at once as waiting. Meanwhile a
// second desk, online, takes part of the second guest's balance. When the network returns the cash is recorded once
// and the check, now above what is owed, is refused and listed for the desk to put right: nothing recorded twice.
import { and, eq } from "drizzle-orm";
import { payment } from "~drizzle/schema";
import { makeBillingGala, makeGuest, winItem } from "./support/billing";
import { expect, test } from "./support/fixtures";
import { signIn } from "./support/sign-in";
import type { Organiser } from "./support/galas";
import type { Browser } from "@playwright/test";

async function desk(browser: Browser, organiser: Organiser) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signIn(page, organiser);
  await page.goto(`/admin/billing/winners?id=${organiser.eventId}`);
  await expect(page.getByRole("heading", { name: "Winners" })).toBeVisible();
  return { context, page };
}

test("a desk offline takes cash and a check; back online the cash is recorded once and the check, now too much, is listed", async ({
  browser,
  baseURL,
  database,
}) => {
  test.setTimeout(120_000);
  const gala = await makeBillingGala(database, baseURL!);
  const dora = await makeGuest(database, gala.eventId, "Dora");
  const eli = await makeGuest(database, gala.eventId, "Eli");
  await winItem(database, gala.eventId, dora, "Wine cellar tour", 15_000);
  await winItem(database, gala.eventId, eli, "Pottery class", 8_000);

  const first = await desk(browser, gala);
  const second = await desk(browser, gala);
  try {
    const { page } = first;
    await page.getByRole("link", { name: dora.name }).click();
    const doraPanel = page.getByRole("region", { name: `Paddle ${dora.paddle} · ${dora.name}` });
    await expect(doraPanel.getByRole("row", { name: /Balance due/ })).toContainText("$150.00");
    await expect(page.getByText("Online.")).toBeVisible();

    await first.context.setOffline(true);
    await expect(page.getByText("Offline.")).toBeVisible();
    const cash = doraPanel.locator("form", { has: page.getByRole("heading", { name: "Take cash" }) });
    await cash.getByLabel("Amount").fill("100");
    await cash.getByLabel("Items picked up now").check();
    await cash.getByRole("button", { name: "Record cash" }).click();
    await expect(doraPanel.getByText("$100.00 taken here, waiting to send.")).toBeVisible();
    await expect(cash.getByLabel("Amount")).toHaveValue("50");

    // Another guest, opened from the list offline: the balance the desk last saw.
    await page.getByRole("link", { name: eli.name }).click();
    const eliPanel = page.getByRole("region", { name: `Paddle ${eli.paddle} · ${eli.name}` });
    await expect(eliPanel).toContainText("Owed when last seen, less what was taken here: $80.00.");
    const check = eliPanel.locator("form", { has: page.getByRole("heading", { name: "Take a check" }) });
    await check.getByLabel("Check number").fill("1001");
    await check.getByRole("button", { name: "Record check" }).click();
    await expect(page.getByText("Waiting to send: 2")).toBeVisible();

    // Meanwhile the other desk, online, takes $30 of Eli's balance.
    await second.page.getByRole("link", { name: eli.name }).click();
    const atSecond = second.page.getByRole("region", { name: `Paddle ${eli.paddle} · ${eli.name}` });
    const secondCash = atSecond.locator("form", { has: second.page.getByRole("heading", { name: "Take cash" }) });
    await secondCash.getByLabel("Amount").fill("30");
    await secondCash.getByRole("button", { name: "Record cash" }).click();
    await expect(atSecond.getByRole("row", { name: /Balance due/ })).toContainText("$50.00");

    await first.context.setOffline(false);
    await expect(page.getByText("Back online: 2 entries taken offline sent; 1 the server turned down")).toBeVisible();
    const conflicts = page.getByRole("region", { name: /To deal with/ });
    await expect(conflicts.getByRole("listitem")).toHaveCount(1);
    await expect(conflicts).toContainText("That is more than the $50.00 still owed.");

    const paid = await database
      .select({
        usr: payment.usr_id,
        amount: payment.amount,
        method: payment.method,
        pickedUp: payment.item_received,
      })
      .from(payment)
      .where(and(eq(payment.event_id, gala.eventId), eq(payment.status, "paid")));
    expect(paid.filter((row) => row.usr === dora.usrId)).toEqual([
      { usr: dora.usrId, amount: 10_000, method: "cash", pickedUp: true },
    ]);
    expect(paid.filter((row) => row.usr === eli.usrId)).toEqual([
      { usr: eli.usrId, amount: 3_000, method: "cash", pickedUp: false },
    ]);

    // Eli collects the pottery while the desk is offline again: marked on the payment the other desk took.
    await page.getByRole("link", { name: eli.name }).click();
    await expect(eliPanel.getByRole("row", { name: /Balance due/ })).toContainText("$50.00");
    await first.context.setOffline(true);
    await eliPanel.getByRole("button", { name: "Mark picked up" }).click();
    await expect(eliPanel.getByRole("button", { name: "Picked up ✓ (undo)" })).toBeVisible();
    await first.context.setOffline(false);
    await expect(page.getByText("Back online: 1 entry taken offline sent, all recorded.")).toBeVisible();
    const [collected] = await database
      .select({ pickedUp: payment.item_received })
      .from(payment)
      .where(and(eq(payment.usr_id, eli.usrId), eq(payment.status, "paid")));
    expect(collected.pickedUp).toBe(true);
  } finally {
    await first.context.close();
    await second.context.close();
  }
});
