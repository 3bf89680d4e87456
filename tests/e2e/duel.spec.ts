// /duel in the browser: staff set a duel up (bad input refused beside its field), a guest without JavaScript
// taps an amount, confirms the gift to a side and is thanked, and a phone with JavaScript open on the duel sees the total move.
import { expect, test } from "./support/fixtures";
import { signIn } from "./support/sign-in";

test.describe.configure({ timeout: 120_000 });

test("staff set up a duel, a guest without JavaScript gives, and the room's phones follow @phone", async ({
  page,
  browser,
  gala,
}) => {
  await signIn(page, gala.organiser);
  await page.goto(`/admin/auction_items/duels?id=${gala.id}`);
  await expect(page.getByRole("heading", { name: "Duels", level: 1 })).toBeVisible();
  const added = page.getByRole("region", { name: "New duel" });
  await added.getByLabel("Title").fill("Table 5 vs Table 9");
  await added.getByLabel("First side").fill("Table 5");
  await added.getByLabel("Second side").fill("Table 9");
  await added.getByLabel("Amounts to tap").fill("20, plenty");
  await added.getByRole("button", { name: "Add the duel" }).click();
  await expect(added.getByText("“plenty” is not an amount: write amounts such as 25, 50, 100.")).toBeVisible();
  await added.getByLabel("Amounts to tap").fill("20, 40");
  await added.getByRole("button", { name: "Add the duel" }).click();
  await expect(page.getByText("Table 5 vs Table 9 added")).toBeVisible();
  const card = page.getByRole("region", { name: "Table 5 vs Table 9" });
  const duelHref = await card.getByRole("link", { name: "Open the duel" }).getAttribute("href");

  // A phone with JavaScript watches the duel.
  const watcherContext = await browser.newContext();
  const watcher = await watcherContext.newPage();
  await watcher.goto(duelHref!);
  await expect(watcher.getByRole("heading", { name: "Table 5 vs Table 9", level: 1 })).toBeVisible();
  await expect(watcher.getByTestId("duel-total-b")).toHaveText("$0");
  await expect(watcher.getByRole("link", { name: "Sign in to give" })).toBeVisible();
  // The bar says the page is following the room, as the other room pages do.
  await expect(watcher.getByRole("status").filter({ hasText: /^Live$/ })).toBeVisible();

  // A guest without JavaScript signs in and gives $40 to Table 9.
  const guestContext = await browser.newContext({ javaScriptEnabled: false });
  const guest = await guestContext.newPage();
  await signIn(guest, gala.volunteer);
  await guest.goto(duelHref!);
  const side = guest.getByRole("form", { name: "Give to Table 9" });
  await side.getByRole("button", { name: "Give $40" }).click();
  // One tap gives nothing yet: the guest confirms the amount and where it goes.
  await expect(guest.getByText("$40.00 to Table 9 in Table 5 vs Table 9, on your bill at checkout.")).toBeVisible();
  await expect(guest.getByTestId("duel-total-b")).toHaveText("$0");
  await guest.getByRole("button", { name: "Confirm: give $40.00" }).click();
  await expect(guest.getByText("Thank you! $40 to Table 9, added to your bill at checkout.")).toBeVisible();
  await expect(guest.getByTestId("duel-total-b")).toHaveText("$40");
  await expect(guest.getByText("Table 9 leads")).toBeVisible();

  await expect(watcher.getByTestId("duel-total-b")).toHaveText("$40");
  await expect(watcher.getByText("Table 9 leads")).toBeVisible();

  // Closed by staff: the buttons go.
  await page.reload();
  await card.getByLabel("Open: guests can give now").uncheck();
  await card.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Table 5 vs Table 9 saved")).toBeVisible();
  await expect(card.getByText("$40 from 1 gift · closed")).toBeVisible();
  await guest.reload();
  await expect(guest.getByText(/Ended/)).toBeVisible();
  await expect(guest.getByRole("button", { name: /^Give/ })).toHaveCount(0);
  await guestContext.close();
  await watcherContext.close();
});

test("a duel with the longest title and side names, unbroken, fits a phone and the staff screen @phone", async ({
  page,
  browser,
  gala,
}) => {
  const title = "D".repeat(80);
  const [sideA, sideB] = ["A".repeat(60), "B".repeat(60)];
  await signIn(page, gala.organiser);
  await page.goto(`/admin/auction_items/duels?id=${gala.id}`);
  const added = page.getByRole("region", { name: "New duel" });
  await added.getByLabel("Title").fill(title);
  await added.getByLabel("First side").fill(sideA);
  await added.getByLabel("Second side").fill(sideB);
  await added.getByLabel("Amounts to tap").fill("20, 40");
  await added.getByRole("button", { name: "Add the duel" }).click();
  await expect(page.getByText(`${title} added`)).toBeVisible();
  const card = page.getByRole("region", { name: title });
  const duelHref = await card.getByRole("link", { name: "Open the duel" }).getAttribute("href");
  const scrollsSideways = (at: typeof page) =>
    at.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
  expect(await scrollsSideways(page)).toBe(false);

  for (const javaScriptEnabled of [true, false]) {
    const phoneContext = await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled });
    const phone = await phoneContext.newPage();
    await phone.goto(duelHref!);
    await expect(phone.getByRole("heading", { name: title, level: 1 })).toBeVisible();
    await expect(phone.getByTestId("duel-total-b")).toHaveText("$0");
    expect(await scrollsSideways(phone)).toBe(false);
    await phoneContext.close();
  }
});
