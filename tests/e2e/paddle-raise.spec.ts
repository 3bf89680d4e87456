// The paddle raise in the browser: a clerk records spotted paddles by keyboard only at /admin/bids/paddleraises while a
// second clerk's screen follows live, corrects an entry with a reason, and a guest pledges on /pi without JavaScript
// (and with it: going Back to the confirmation after pledging does not pledge twice).
import { asc, eq } from "drizzle-orm";
import { paddle_raise, pledge, usr, usr_event_paddle } from "~drizzle/schema";
import { expect, test } from "./support/fixtures";
import { signIn } from "./support/sign-in";
import type { Page } from "@playwright/test";
import type { Database } from "~/db/connection.server";

test.describe.configure({ timeout: 90_000 });

const CONSOLE = "/admin/bids/paddleraises";

/** Two guests of the gala with their paddles. */
async function guestsWithPaddles(db: Database, galaId: number) {
  const rows = await db
    .select({ paddle: usr_event_paddle.paddle, first: usr.first_name, last: usr.last_name })
    .from(usr_event_paddle)
    .innerJoin(usr, eq(usr.usr_id, usr_event_paddle.usr_id))
    .where(eq(usr_event_paddle.event_id, galaId))
    .orderBy(asc(usr_event_paddle.paddle))
    .limit(2);
  return rows.map((row) => ({ paddle: row.paddle, name: `${row.first} ${row.last}`, first: row.first! }));
}

const total = (page: Page) => page.locator(".thermometer__total strong");

test("a clerk records paddles by keyboard, a second screen follows, and a correction keeps the log", async ({
  page,
  context,
  database,
  gala,
}) => {
  const [first, second] = await guestsWithPaddles(database, gala.id);
  await signIn(page, gala.organiser);
  await page.goto(CONSOLE);
  await expect(page.getByRole("heading", { level: 1, name: "Paddle raise" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Live" })).toBeVisible();
  const paddle = page.getByLabel("Paddle", { exact: true });
  await expect(paddle).toBeFocused();
  await expect(total(page)).toHaveText("$0");

  const other = await context.newPage();
  await other.goto(CONSOLE);
  await expect(other.getByRole("status").filter({ hasText: "Live" })).toBeVisible();

  // The auctioneer comes down from $5,000 to $1,000: two presses of ↓ from the top level.
  await expect(page.getByRole("radio", { name: /^\$5,000/ })).toBeChecked();
  await paddle.press("ArrowDown");
  await paddle.press("ArrowDown");
  await expect(page.getByRole("radio", { name: /^\$1,000/ })).toBeChecked();
  await paddle.pressSequentially(String(first.paddle));
  await expect(page.getByText(first.name, { exact: true })).toBeVisible();
  await paddle.press("Enter");
  await expect(
    page.getByRole("status").filter({ hasText: `Paddle ${first.paddle} · ${first.name} · $1,000` }),
  ).toBeVisible();
  await expect(paddle).toHaveValue("");
  await expect(paddle).toBeFocused();
  await expect(total(page)).toHaveText("$1,000");
  await expect(page.getByRole("radio", { name: /^\$1,000/ })).toBeChecked();
  await expect(page.getByRole("radio", { name: /^\$1,000/ })).toHaveAccessibleName(/1 pledge/);
  // The other clerk's screen follows without reloading.
  await expect(total(other)).toHaveText("$1,000");

  // The next paddle at the same level: the number and Enter.
  await paddle.pressSequentially(String(second.paddle));
  await paddle.press("Enter");
  await expect(total(page)).toHaveText("$2,000");
  await expect(total(other)).toHaveText("$2,000");

  // An unknown paddle is named as such while typing, and refused at the field.
  await paddle.pressSequentially("99999");
  await expect(page.getByText("Nobody holds paddle 99999", { exact: true })).toBeVisible();
  await paddle.press("Enter");
  await expect(page.getByText("Nobody holds paddle 99999 at this event.")).toBeVisible();
  await expect(paddle).toHaveAttribute("aria-invalid", "true");
  await expect(total(page)).toHaveText("$2,000");

  // The spotter misheard: the first pledge was $2,500. A reason is required; the log keeps both entries.
  await page.getByRole("button", { name: `Correct paddle ${first.paddle} at $1,000` }).click();
  const dialog = page.getByRole("dialog", { name: `Correct paddle ${first.paddle} at $1,000` });
  await dialog.getByLabel("Amount").fill("2,500");
  await dialog.getByRole("button", { name: "Save correction" }).click();
  await expect(dialog.getByText("Say why, for the log")).toBeVisible();
  await dialog.getByLabel("Reason").fill("Spotter misheard the level");
  await dialog.getByRole("button", { name: "Save correction" }).click();
  await expect(dialog).toBeHidden();
  await expect(total(page)).toHaveText("$3,500");
  await expect(total(other)).toHaveText("$3,500");
  const log = page.getByRole("table", { name: "Log" });
  await expect(log.getByRole("row").filter({ hasText: "Spotter misheard the level" })).toContainText("Corrected");
  await expect(log.getByRole("row").filter({ hasText: "$2,500" })).toContainText("Counts");
});

test("after a paddle nobody holds, the corrected paddle's entry shows only its own messages", async ({
  page,
  database,
  gala,
}) => {
  const [first] = await guestsWithPaddles(database, gala.id);
  await signIn(page, gala.organiser);
  await page.goto(CONSOLE);
  const paddle = page.getByLabel("Paddle", { exact: true });
  await expect(paddle).toBeFocused();
  await paddle.fill("999");
  await paddle.press("Enter");
  await expect(page.getByText("Nobody holds paddle 999 at this event.")).toBeVisible();

  // The paddle corrected, and an amount of its own that the console refuses: the old refusal is gone.
  await paddle.fill(String(first.paddle));
  await expect(page.getByText(first.name, { exact: true })).toBeVisible();
  await page.getByRole("radio", { name: "Other amount" }).check();
  const amount = page.getByLabel("Amount", { exact: true });
  await amount.fill("-5");
  await amount.press("Enter");
  await expect(amount).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Nobody holds paddle 999", { exact: false })).toHaveCount(0);
  await expect(paddle).not.toHaveAttribute("aria-invalid", "true");
  await expect(total(page)).toHaveText("$0");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a guest pledges on /pi: choose, confirm, thanks, and shows as Anonymous", async ({ page, gala }) => {
    await signIn(page, gala.organiser);
    await page.goto(`/pi?id=${gala.id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Fund-a-Need: The Reading Room" })).toBeVisible();
    // The story is shown as text, never as tags.
    await expect(page.getByText("Help us open a reading room")).toBeVisible();
    await expect(page.getByText("<p>")).toHaveCount(0);

    // Nothing chosen: refused at the field.
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("Choose an amount.")).toBeVisible();

    await page.getByRole("radio", { name: /^\$250/ }).check();
    await page.getByLabel("Show me as “Anonymous” on the room’s screens").check();
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("heading", { name: "Confirm your pledge" })).toBeVisible();
    await page.getByRole("button", { name: "Pledge $250" }).click();
    await expect(page.getByRole("heading", { name: /^Thank you/ })).toBeVisible();
    await expect(page.getByText("Your pledge of $250 is recorded, as Anonymous on the screens.")).toBeVisible();
    await expect(page.getByRole("region", { name: "Recent gifts" }).getByRole("listitem").first()).toHaveText(
      "Anonymous$250",
    );
  });

  test("a guest goes Back after pledging and confirms again: one pledge; choosing again pledges again", async ({
    page,
    database,
    gala,
  }) => {
    await backAfterPledging(page, database, gala.id, gala.organiser);
  });

  test("an amount under $1 and a level the raise does not offer are refused at their fields", async ({
    page,
    database,
    gala,
  }) => {
    await signIn(page, gala.organiser);
    await page.goto(`/pi?id=${gala.id}`);
    await page.getByRole("radio", { name: "Another amount" }).check();
    await page.getByRole("textbox", { name: "Another amount" }).fill("0.5");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("Give from 1 to 100,000.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Confirm your pledge" })).toHaveCount(0);

    // An address edited to a level the raise does not have.
    const [raise] = await database
      .select({ id: paddle_raise.paddle_raise_id })
      .from(paddle_raise)
      .where(eq(paddle_raise.event_id, gala.id))
      .orderBy(asc(paddle_raise.paddle_raise_id))
      .limit(1);
    await page.goto(`/pi?id=${gala.id}&raise=${raise.id}&review=1&level=123&custom=`);
    await expect(page.getByText("Choose one of the amounts shown.")).toBeVisible();
    await expect(page.getByRole("button", { name: /^Pledge / })).toHaveCount(0);
    expect(await database.select().from(pledge).where(eq(pledge.event_id, gala.id))).toEqual([]);
  });
});

test("with JavaScript, Back after pledging and confirming again records nothing more; choosing again pledges again", async ({
  page,
  database,
  gala,
}) => {
  await backAfterPledging(page, database, gala.id, gala.organiser);
});

/**
 * The tester's story (a guest pledges $250, goes Back to the confirmation and taps it again: one pledge, the thanks
 * for it), then a new pledge from the start, which counts.
 */
async function backAfterPledging(page: Page, database: Database, galaId: number, who: Parameters<typeof signIn>[1]) {
  const pledges = () =>
    database
      .select({ amount: pledge.amount })
      .from(pledge)
      .where(eq(pledge.event_id, galaId))
      .orderBy(asc(pledge.pledge_id));
  await signIn(page, who);
  await page.goto(`/pi?id=${galaId}`);
  await page.getByRole("radio", { name: /^\$250/ }).check();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: "Confirm your pledge" })).toBeVisible();
  await page.getByRole("button", { name: "Pledge $250" }).click();
  await expect(page.getByText("Your pledge of $250 is recorded.")).toBeVisible();

  await page.goBack();
  await expect(page.getByRole("heading", { name: "Confirm your pledge" })).toBeVisible();
  await page.getByRole("button", { name: "Pledge $250" }).click();
  await expect(page.getByText("Your pledge of $250 is recorded.")).toBeVisible();
  expect(await pledges()).toEqual([{ amount: 25_000 }]);

  // A new pledge, chosen from the start, is one more.
  await page.getByRole("link", { name: "Pledge again" }).click();
  await page.getByRole("radio", { name: /^\$250/ }).check();
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("button", { name: "Pledge $250" }).click();
  await expect(page.getByText("Your pledge of $250 is recorded.")).toBeVisible();
  expect(await pledges()).toEqual([{ amount: 25_000 }, { amount: 25_000 }]);
}

test("offline, the clerk keeps recording pledges; each is counted at once and recorded once when the network is back", async ({
  browser,
  database,
  gala,
}) => {
  const [first, second] = await guestsWithPaddles(database, gala.id);
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await signIn(page, gala.organiser);
    await page.goto(CONSOLE);
    await expect(page.getByText("Online.")).toBeVisible();
    await expect(total(page)).toHaveText("$0");
    const paddle = page.getByLabel("Paddle", { exact: true });

    await context.setOffline(true);
    await expect(page.getByText("Offline.")).toBeVisible();
    const offlineFrom = new Date();
    for (const guest of [first, second, first]) {
      await paddle.pressSequentially(String(guest.paddle));
      await paddle.press("Enter");
      await expect(paddle).toHaveValue("");
    }
    // Counted at once, at the level called ($5,000), while they wait to be sent.
    await expect(total(page)).toHaveText("$15,000");
    await expect(page.getByRole("radio", { name: /^\$5,000/ })).toHaveAccessibleName(/3 pledges/);
    await expect(page.getByText("Waiting to send: 3")).toBeVisible();
    await page.waitForTimeout(1_500);
    const offlineUntil = new Date();

    await context.setOffline(false);
    await expect(page.getByText("Back online: 3 entries taken offline sent, all recorded.")).toBeVisible();
    await expect(total(page)).toHaveText("$15,000");
    const rows = await database
      .select({ paddle: pledge.paddle, at: pledge.created_at })
      .from(pledge)
      .where(eq(pledge.event_id, gala.id));
    expect(rows.map((row) => row.paddle).sort()).toEqual([first.paddle, first.paddle, second.paddle].sort());
    for (const row of rows) {
      expect(row.at.getTime()).toBeGreaterThan(offlineFrom.getTime() - 1_000);
      expect(row.at.getTime()).toBeLessThan(offlineUntil.getTime() - 500);
    }
  } finally {
    await context.close();
  }
});
