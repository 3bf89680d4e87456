// Bidders on their phones: sign in with an emailed code, join the auction, bid with the confirmation step, and
// see another bidder's bid arrive live (server-sent events) without reloading; and the same pages without JavaScript.
import { expect, test } from "./support/fixtures";
import { signInCodeIn, waitForMail } from "./support/mail";
import type { Gala } from "./support/galas";
import type { Browser, Page } from "@playwright/test";

const gallery = (gala: Gala) => `/inroombid?slug=${gala.slug}`;

// Each test signs bidders in through emailed codes: slower than most.
test.describe.configure({ timeout: 90_000 });

async function signInWithCode(page: Page, email: string, returnTo: string) {
  await page.goto(`/auth/code?returnTo=${encodeURIComponent(returnTo)}`);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Email me a code" }).click();
  await expect(page.getByText(`We sent a code to ${email}`)).toBeVisible();
  const code = signInCodeIn(await waitForMail(email, "Your Gavel sign-in code"));
  await page.getByLabel("Code").fill(code!);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/** The address of the n-th item without bids that phones may bid on (each test bids on its own item). */
async function itemWithoutBids(page: Page, gala: Gala, n: number) {
  await page.goto(`${gallery(gala)}&sort=noBids`);
  const card = page.locator(".item-card").filter({ hasNotText: "In the room only" }).nth(n);
  await expect(card.getByTestId("bid-count")).toHaveText("0");
  const href = await card.getByRole("link").getAttribute("href");
  return href!;
}

async function newBidder(browser: Browser, name: string, itemHref: string, javaScriptEnabled = true) {
  const context = await browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  await signInWithCode(page, `${name}.${Date.now()}@example.test`, itemHref);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Join the auction" }).click();
  await expect(page.getByText(/Bidder \d+/).first()).toBeVisible();
  return { context, page };
}

test("two bidders: confirm a quick bid, then see the other's bid arrive live", async ({ browser, page, gala }) => {
  const itemHref = await itemWithoutBids(page, gala, 1);
  const ann = await newBidder(browser, "ann", itemHref);
  const ben = await newBidder(browser, "ben", itemHref);
  try {
    // A quick bid's review is the page's own, with no request; its confirmation is answered in one round trip: the
    // post, and no load of the page's data after it.
    const dataRequests: string[] = [];
    ann.page.on("request", (request) => {
      if (new URL(request.url()).pathname.endsWith(".data")) dataRequests.push(request.method());
    });
    // The confirmation's answer, a few hundred bytes, comes as it is: compressing it would cost the server more than
    // it saves the phone (app/http/compression-rule.ts). The item's page itself comes compressed.
    const answerEncodings: (string | undefined)[] = [];
    ann.page.on("response", (response) => {
      if (response.request().method() === "POST" && new URL(response.url()).pathname.endsWith(".data"))
        answerEncodings.push(response.headers()["content-encoding"]);
    });
    const itemPage = await ann.page.request.get(itemHref, { headers: { "Accept-Encoding": "gzip, deflate, br" } });
    expect(itemPage.headers()["content-encoding"]).toBe("br");
    const startingText = await ann.page.getByTestId("next-minimum").textContent();
    await ann.page.getByRole("group", { name: "Quick bid" }).getByRole("button").first().click();
    await expect(ann.page.getByText(`Bid ${startingText}`)).toBeVisible();
    await expect(ann.page.getByRole("button", { name: "Confirm bid" })).toBeFocused();
    expect(dataRequests).toEqual([]);
    // Cancelled, the review gives the form back; reviewed again, it is confirmed.
    await ann.page.getByRole("button", { name: "Cancel" }).click();
    await ann.page.getByRole("group", { name: "Quick bid" }).getByRole("button").first().click();
    await ann.page.getByRole("button", { name: "Confirm bid" }).click();
    await expect(ann.page.getByRole("region", { name: "Notifications" })).toContainText("You have the highest bid");
    await expect(ann.page.getByText("You're winning")).toBeVisible();
    expect(dataRequests).toEqual(["POST"]);
    expect(answerEncodings).toEqual([undefined]);
    await expect(ann.page.getByTestId("bid-count")).toHaveText("1");
    await expect(ann.page.getByText("Live", { exact: true })).toBeVisible();

    // Ben's page learns of Ann's bid from the stream, without a reload.
    await expect(ben.page.getByTestId("current-bid")).toHaveText(startingText!);
    await expect(ben.page.getByTestId("bid-count")).toHaveText("1");
    const nextText = (await ben.page.getByTestId("next-minimum").textContent())!;
    await ben.page.getByLabel("Your bid").fill(nextText.replace(/[^0-9.]/g, ""));
    await ben.page.getByRole("button", { name: "Review bid" }).click();
    await ben.page.getByRole("button", { name: "Confirm bid" }).click();
    await expect(ben.page.getByText("You're winning")).toBeVisible();

    // Ann is told at once, still without reloading.
    await expect(ann.page.getByText("Outbid", { exact: true })).toBeVisible();
    await expect(ann.page.getByTestId("current-bid")).toHaveText(nextText);
    await expect(ann.page.getByTestId("bid-count")).toHaveText("2");

    // Her bids page lists the item as outbid.
    await ann.page.getByRole("link", { name: "My bids" }).click();
    await expect(ann.page.getByRole("region", { name: /Outbid/ }).getByRole("link")).toHaveCount(1);
  } finally {
    await ann.context.close();
    await ben.context.close();
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the gallery filters, and a bid goes through review and confirmation with errors at the field", async ({
    browser,
    page,
    gala,
  }) => {
    await page.goto(gallery(gala));
    await expect(page.getByRole("heading", { name: "Items" })).toBeVisible();
    const all = await page.locator(".item-card").count();
    expect(all).toBeGreaterThan(3);
    await page.getByLabel("Search items").fill("zzzz-nothing");
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page.getByText("No items match.")).toBeVisible();

    const itemHref = await itemWithoutBids(page, gala, 2);
    const cal = await newBidder(browser, "cal", itemHref, false);
    try {
      // Not live without JavaScript: no connection badge; the joining notice has no close button that would do
      // nothing, and goes by itself instead of staying over the bid field.
      await expect(cal.page.getByText("Connecting…")).toHaveCount(0);
      const notice = cal.page.locator(".toast").first();
      await expect(notice).toBeVisible();
      await expect(notice.getByRole("button")).toHaveCount(0);
      await expect(notice).toBeHidden({ timeout: 10_000 });
      const minimum = (await cal.page.getByTestId("next-minimum").textContent())!;
      const minimumUnits = Number(minimum.replace(/[^0-9.]/g, ""));
      await cal.page.getByLabel("Your bid").fill(String(minimumUnits - 1));
      await cal.page.getByRole("button", { name: "Review bid" }).click();
      await expect(cal.page.getByText(`The next minimum bid is ${minimum}.`)).toBeVisible();
      await cal.page.getByLabel("Your bid").fill("lots");
      await cal.page.getByRole("button", { name: "Review bid" }).click();
      await expect(cal.page.getByText("Enter an amount such as 1,250 or 1,250.50.")).toBeVisible();

      await cal.page.getByLabel("Your bid").fill(String(minimumUnits));
      await cal.page.getByRole("button", { name: "Review bid" }).click();
      await expect(cal.page.getByText(`Bid ${minimum}`)).toBeVisible();
      const key = await cal.page.locator('input[name="key"]').inputValue();
      const confirmUrl = cal.page.url();
      await cal.page.getByRole("button", { name: "Confirm bid" }).click();
      await expect(cal.page.getByText("You're winning")).toBeVisible();
      await expect(cal.page.getByTestId("bid-count")).toHaveText("1");
      // Sending the same confirmation again (a double tap, a retry) counts once.
      const again = await cal.page.request.post(confirmUrl, {
        form: { intent: "place", amount: minimumUnits.toFixed(2), key },
        maxRedirects: 0,
      });
      expect(again.status()).toBe(302);
      await cal.page.reload();
      await expect(cal.page.getByTestId("bid-count")).toHaveText("1");
    } finally {
      await cal.context.close();
    }
  });
});

test("offline, a bidder's page says so and takes no bid until the network is back", async ({ browser, page, gala }) => {
  const itemHref = await itemWithoutBids(page, gala, 3);
  const dee = await newBidder(browser, "dee", itemHref);
  try {
    const review = dee.page.getByRole("button", { name: "Review bid" });
    await expect(review).toBeEnabled();
    await dee.context.setOffline(true);
    await expect(dee.page.getByRole("alert").filter({ hasText: "You are offline." })).toBeVisible();
    await expect(review).toBeDisabled();
    await expect(dee.page.getByRole("group", { name: "Quick bid" }).getByRole("button").first()).toBeDisabled();

    await dee.context.setOffline(false);
    await expect(dee.page.getByText("You are offline.")).toHaveCount(0);
    await dee.page.getByRole("group", { name: "Quick bid" }).getByRole("button").first().click();
    await dee.page.getByRole("button", { name: "Confirm bid" }).click();
    await expect(dee.page.getByText("You're winning")).toBeVisible();
  } finally {
    await dee.context.close();
  }
});

test("a bid confirmed while the page's live stream is down shows its new state all the same", async ({
  browser,
  page,
  gala,
}) => {
  const itemHref = await itemWithoutBids(page, gala, 4);
  const eve = await newBidder(browser, "eve", itemHref);
  try {
    // The stream is refused from here on (as past a venue's ceiling): the answer in place cannot count on it.
    await eve.page.route("**/inroombid/stream**", (route) => route.abort());
    await eve.page.reload();
    await expect(eve.page.getByRole("button", { name: "Review bid" })).toBeEnabled();
    const startingText = (await eve.page.getByTestId("next-minimum").textContent())!;
    await eve.page.getByRole("group", { name: "Quick bid" }).getByRole("button").first().click();
    await eve.page.getByRole("button", { name: "Confirm bid" }).click();
    await expect(eve.page.getByRole("region", { name: "Notifications" })).toContainText("You have the highest bid");
    await expect(eve.page.getByTestId("current-bid")).toHaveText(startingText);
    await expect(eve.page.getByTestId("bid-count")).toHaveText("1");
    await expect(eve.page.getByText("You're winning")).toBeVisible();
  } finally {
    await eve.context.close();
  }
});
