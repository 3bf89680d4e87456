// Messages end to end: the organiser connects texting (the fake Twilio gateway's account) on /admin/setup/texting,
// bids as a guest who chose email and text for outbid news, is outbid by another guest, receives the email (SMTP
// stand-in) and the text (fake gateway) with the item's link, opens the link and bids again.
import { and, asc, eq, isNull } from "drizzle-orm";
import { placeBid } from "~/bidding/place-bid.server";
import { auction_item, usr, usr_event_paddle } from "~drizzle/schema";
import { seriousViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { linkTo, waitForMail } from "./support/mail";
import { signIn } from "./support/sign-in";
import { FAKE_TWILIO, waitForText } from "./support/texts";
import type { Database } from "~/db/connection.server";

test.describe.configure({ timeout: 120_000 });

/** An open silent item that phones may bid on, with nobody's bid on it yet, and a guest with a paddle to outbid. */
async function itemAndRival(db: Database, galaId: number, organiserEmail: string) {
  const items = await db
    .select({ id: auction_item.auction_item_id, title: auction_item.title, bids: auction_item.bid_count })
    .from(auction_item)
    .where(
      and(
        eq(auction_item.event_id, galaId),
        eq(auction_item.type, "silent"),
        eq(auction_item.status, "published"),
        eq(auction_item.in_person_only, false),
        isNull(auction_item.closed_at),
        isNull(auction_item.buy_now),
      ),
    )
    .orderBy(asc(auction_item.lot));
  const item = items.find((candidate) => candidate.bids === 0) ?? items[0];
  const [rival] = await db
    .select({ usrId: usr.usr_id })
    .from(usr_event_paddle)
    .innerJoin(usr, eq(usr.usr_id, usr_event_paddle.usr_id))
    .where(eq(usr_event_paddle.event_id, galaId))
    .orderBy(asc(usr_event_paddle.paddle))
    .limit(1);
  // The organiser bids as a guest holding a paddle (a team member without one would be asked for a guest's).
  const [organiser] = await db.select({ usrId: usr.usr_id }).from(usr).where(eq(usr.email_address, organiserEmail));
  await db
    .insert(usr_event_paddle)
    .values({ usr_id: organiser.usrId, event_id: galaId, paddle: 9_000 + Math.floor(Math.random() * 900) })
    .onConflictDoNothing();
  // Whatever the event's registration asks for, both have a card on file.
  await db.update(usr).set({ default_payment_source: "pm_e2e_card" }).where(eq(usr.usr_id, rival.usrId));
  await db.update(usr).set({ default_payment_source: "pm_e2e_card" }).where(eq(usr.email_address, organiserEmail));
  return { item, rival };
}

async function outbidFrom(db: Database, galaId: number, itemId: number, usrId: number) {
  // The amount to beat: a refused probe says the next minimum.
  const probe = await placeBid(db, {
    eventId: galaId,
    itemId,
    usrId,
    submission: { kind: "bid", amount: 1, maximum: null },
    idempotencyKey: null,
  });
  const amount = probe.ok ? 0 : probe.nextMinimum!;
  const placed = await placeBid(db, {
    eventId: galaId,
    itemId,
    usrId,
    submission: { kind: "bid", amount, maximum: null },
    idempotencyKey: `rival-${Date.now()}`,
  });
  expect(placed).toMatchObject({ ok: true, outcome: "winning" });
}

test("an outbid bidder gets the email and the text, follows the link and bids again", async ({
  page,
  database,
  gala,
}) => {
  const phoneDigits = `617555${String(Math.floor(1000 + Math.random() * 9000))}`;
  const phone = `+1${phoneDigits}`;
  const { item, rival } = await itemAndRival(database, gala.id, gala.organiser.email);
  await signIn(page, gala.organiser);

  // Texting is off until the event has a Twilio account.
  await page.goto("/admin/setup/texting");
  await expect(page.getByRole("status").filter({ hasText: "Texting is off" })).toBeVisible();
  await page.getByLabel("Account SID").fill(FAKE_TWILIO.accountSid);
  await page.getByLabel("Auth token").fill(FAKE_TWILIO.authToken);
  await page.getByLabel("Texts come from").fill(FAKE_TWILIO.number);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("region", { name: "Notifications" })).toContainText("Texting settings saved");
  await expect(page.getByRole("status").filter({ hasText: "Texting is off" })).toHaveCount(0);
  // The token is never shown back.
  await expect(page.getByLabel("Auth token")).toHaveValue("");

  // As a bidder: choose email and text for outbid news.
  await page.goto(`/inroombid?id=${gala.id}&view=mine`);
  await page.getByLabel("Email and text").check();
  await page
    .getByLabel("Mobile number")
    .fill(`(${phoneDigits.slice(0, 3)}) ${phoneDigits.slice(3, 6)}-${phoneDigits.slice(6)}`);
  await page.getByLabel(/I agree to receive texts/).check();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("region", { name: "Notifications" })).toContainText("we'll tell you as you chose");

  // Without JavaScript, a refused choice comes back as it was sent, with the reason at the field.
  const plain = await page.context().browser()!.newContext({ javaScriptEnabled: false });
  const plainPage = await plain.newPage();
  await signIn(plainPage, gala.organiser);
  await plainPage.goto(`/inroombid?id=${gala.id}&view=mine`);
  await plainPage.getByLabel("Text message").check();
  await plainPage.getByLabel("Mobile number").fill("");
  await plainPage.getByRole("button", { name: "Save" }).click();
  await expect(plainPage.getByText("Enter the mobile number to text.")).toBeVisible();
  await expect(plainPage.getByLabel("Text message")).toBeChecked();
  await plain.close();

  // Bid, and lead.
  await page.goto(`/inroombid?id=${gala.id}&item=${item.id}`);
  await page.getByRole("group", { name: "Quick bid" }).getByRole("button").first().click();
  await page.getByRole("button", { name: "Confirm bid" }).click();
  await expect(page.getByText("You're winning")).toBeVisible();

  // Another guest outbids, from another process as a phone would.
  await outbidFrom(database, gala.id, item.id, rival.usrId);

  const mail = await waitForMail(gala.organiser.email, /outbid on/, 20_000);
  const text = await waitForText(phone, /outbid on/, 20_000);
  expect(text.body.length).toBeLessThanOrEqual(160);
  // The time, with the day when the close is not today in the event's zone ("Ends Sat Dec 19, 9:00 PM EST").
  expect(text.body).toMatch(/Ends ([A-Z][a-z]{2} [A-Z][a-z]{2} \d{1,2}, )?\d{1,2}:\d{2} [AP]M [A-Z]{2,5}/);
  const itemLink = linkTo(mail, "/inroombid");
  expect(new URL(itemLink).searchParams.get("item")).toBe(String(item.id));
  expect(text.body).toContain(itemLink);

  // The link leads back to the item: bid again and lead.
  await page.goto(itemLink);
  await expect(page.getByText("Outbid", { exact: true })).toBeVisible();
  await page.getByRole("group", { name: "Quick bid" }).getByRole("button").first().click();
  await page.getByRole("button", { name: "Confirm bid" }).click();
  await expect(page.getByText("You're winning")).toBeVisible();
});

test("the messaging screens pass an accessibility check and fit a phone", async ({ page, gala }) => {
  await signIn(page, gala.organiser);
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of [
    "/admin/setup/email",
    "/admin/setup/texting",
    "/admin/auction_items/email_page/guests",
    "/admin/auction_items/email_page/outbox",
    "/admin/eric/email",
    `/inroombid?id=${gala.id}&view=mine`,
  ]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    expect(await seriousViolations(page), path).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), path).toBe(true);
  }
});

test("an organiser formats a message in the editor, sees it in the preview, and it is kept", async ({ page, gala }) => {
  await signIn(page, gala.organiser);
  await page.goto("/admin/setup/email");
  const wonSummary = page.locator("summary", { hasText: /^Won ·/ });
  const won = page.locator("details").filter({ has: wonSummary });
  await wonSummary.click();
  const toolbar = won.getByRole("toolbar", { name: "Won formatting" });
  await expect(toolbar).toBeVisible();
  const editor = won.getByRole("textbox", { name: "Message" });
  await editor.click();
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.press("Enter");
  await page.keyboard.press("ControlOrMeta+b");
  await page.keyboard.type("Collect it at the east door");
  const preview = won.locator(".email-preview__frame");
  await expect(preview.locator("strong")).toHaveText("Collect it at the east door");

  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Email settings saved")).toBeVisible();
  await page.reload();
  const again = page.locator("details").filter({ has: wonSummary });
  await wonSummary.click();
  await expect(again.locator(".email-preview__frame strong")).toHaveText("Collect it at the east door");
  await expect(again.getByRole("textbox", { name: "Message" }).locator("strong")).toHaveText(
    "Collect it at the east door",
  );
});

test("without JavaScript, the preview keeps the message as written, and the send goes to those it counted", async ({
  browser,
  page: signingIn,
  gala,
}) => {
  await signIn(signingIn, gala.organiser);
  const context = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await signingIn.context().storageState(),
  });
  const page = await context.newPage();
  await page.goto(`/admin/auction_items/email_page/guests?id=${gala.id}`);
  await page.getByLabel("Subject (email)").fill("Doors open at six");
  await page.getByRole("textbox", { name: "Message" }).fill("Dear {{first_name}}, the doors open at six.");
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByRole("heading", { name: /^Preview for / })).toBeVisible();
  // Drawn again by the server, the form still holds the message: sending needs no retyping.
  await expect(page.getByLabel("Subject (email)")).toHaveValue("Doors open at six");
  await expect(page.getByRole("textbox", { name: "Message" })).toHaveValue(
    "Dear {{first_name}}, the doors open at six.",
  );
  await expect(page.getByRole("radio", { name: "Email" })).toBeChecked();
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByText(/Sending to \d+ guests?/)).toBeVisible();
  await context.close();
});
