// Issue 35: `npm start`'s demo takes cards and sends texts with nothing set up. An app process of its own as
// `npm start` runs it (the embedded database, the demo seeded, no SECRETS_KEY, no provider address): a guest pays by
// card on the sandbox's page at the app's own origin (declined first, then paid), the cashier charges a card on file,
// every screen says "Demo: no real money", and a text answered STOP in /dev/mailbox reaches the inbound webhook.
// SANDBOX_SHOTS=<folder> also saves each screen at the project's width, with and without JavaScript.
import { expect, test, type Page } from "@playwright/test";
import { startServerProcess, type ServerProcess } from "./support/server-process";
import { DEMO_ORGANISER } from "./support/sign-in";

let app: ServerProcess;
const shots = process.env.SANDBOX_SHOTS;

test.describe.configure({ mode: "serial" });
test.setTimeout(150_000);

test.beforeAll(async () => {
  test.setTimeout(150_000);
  app = await startServerProcess({
    SEED_DEMO: "true",
    DEV_MAILBOX: "true",
    APP_HOST: "localhost",
    SECRETS_KEY: "",
    STRIPE_API_URL: "",
    TWILIO_API_URL: "",
    SMTP_URL: "",
  });
  await expect
    .poll(() => app.output(), { timeout: 120_000, message: "the demo server starts" })
    .toContain("[gavel] listening");
  // PUBLIC_URL is unset, as in `npm start`: the sandbox's pages are at http://localhost:<port>, the app's origin.
  app.url = app.url.replace("127.0.0.1", "localhost");
});

test.afterAll(() => app?.dispose());

async function shoot(page: Page, name: string) {
  if (shots) await page.screenshot({ path: `${shots}/${name}-${page.viewportSize()!.width}.png`, fullPage: true });
}

async function signInAsOrganiser(page: Page) {
  const answer = await page.request.post(`${app.url}/auth/sign-in`, {
    form: { email: DEMO_ORGANISER.email, password: DEMO_ORGANISER.password, returnTo: "/" },
    maxRedirects: 0,
  });
  expect(answer.status()).toBe(302);
}

test("a guest of the demo gala pays by card in the sandbox, and the cashier charges a card on file", async ({
  page,
}) => {
  expect(app.output()).toContain("Demo sandbox: the demo gala takes sandbox cards");
  await signInAsOrganiser(page);
  await page.goto(`${app.url}/admin/billing/winners?id=1`);
  await expect(page.getByRole("note")).toContainText("Demo: no real money");
  await shoot(page, "billing-winners");
  await page.goto(`${app.url}/admin/setup/billing?id=1`);
  await expect(page.getByRole("note")).toContainText("Demo: no real money");
  await shoot(page, "billing-settings");

  // Ava Miller owes $110: her invoice, then the sandbox's card page at the app's own origin.
  await page.goto(`${app.url}/admin/billing/winners?id=1&guest=1`);
  await page.getByRole("link", { name: "Open the guest's invoice" }).click();
  await expect(page.getByRole("note")).toContainText("Demo: no real money");
  await shoot(page, "invoice");
  await page.getByRole("checkbox", { name: "Keep this card for the rest of the event" }).check();
  await page.getByRole("button", { name: "Pay by card" }).click();
  await expect(page).toHaveURL(new RegExp(`^${app.url}/demo-sandbox/pay/`));
  await expect(page.getByText("Demo: no real money")).toBeVisible();
  await shoot(page, "card-page");
  const pay = async (number: string) => {
    await page.getByLabel("Card number").fill(number);
    await page.getByLabel("Expiry (MM / YY)").fill("12 / 34");
    await page.getByLabel("CVC").fill("123");
    await page.getByRole("button", { name: /^Pay / }).click();
  };
  await pay("4000000000000002");
  await expect(page.getByRole("alert")).toHaveText("Your card was declined.");
  await shoot(page, "card-declined");
  await pay("4000002500003155");
  await expect(page.getByRole("heading", { name: "Your bank asks you to confirm" })).toBeVisible();
  await page.getByRole("button", { name: "Complete authentication" }).click();
  await expect(page.getByText("Thank you: your payment went through.")).toBeVisible();
  await expect(page.getByRole("note")).toContainText("Demo: no real money");
  await shoot(page, "invoice-paid");

  // Daniel Garcia saves a card on file; the cashier charges it, then refunds part of it.
  await page.goto(`${app.url}/admin/billing/winners?id=1&guest=2`);
  await page.getByRole("link", { name: "Open the guest's invoice" }).click();
  await page.getByRole("button", { name: "Save a card for the event" }).click();
  await expect(page.getByRole("heading", { name: "Save a card for later" })).toBeVisible();
  await page.getByLabel("Card number").fill("4242424242424242");
  await page.getByLabel("Expiry (MM / YY)").fill("12 / 34");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: "Save card" }).click();
  await expect(page.getByText("Your card is saved for this event.")).toBeVisible();
  await page.goto(`${app.url}/admin/billing/winners?id=1&guest=2`);
  await page.getByRole("button", { name: "Charge card" }).click();
  await expect(page.getByText("Charged $290.00")).toBeVisible();
});

test("a demo text answered STOP in /dev/mailbox reaches the inbound webhook, and START brings texts back", async ({
  page,
}) => {
  // A text from the demo's account to a phone, sent by the outbox worker through the Twilio SDK: the team's test text.
  await signInAsOrganiser(page);
  await page.goto(`${app.url}/admin/setup/texting?id=1`);
  await page.getByLabel("Send a test text to").fill("(617) 555-0142");
  await page.getByRole("button", { name: "Send me a test text" }).click();
  // The outbox worker sends it a moment later (the page's toast names the phone at once, so look for the text itself).
  await expect
    .poll(async () => (await page.request.get(`${app.url}/dev/mailbox`)).text(), { timeout: 30_000 })
    .toContain("test text. If you can read it");
  await page.goto(`${app.url}/dev/mailbox`);
  const text = page.locator(".mailbox-text").first();
  await expect(text).toContainText("Demo text");
  await shoot(page, "mailbox");
  await text.getByRole("button", { name: "STOP" }).click();
  await expect(page.locator(".mailbox-text").first()).toContainText("You have successfully been unsubscribed");
  await expect(page.locator(".mailbox-text").nth(1)).toContainText("STOP");
  await page.locator(".mailbox-text").first().getByRole("button", { name: "START" }).click();
  await expect(page.locator(".mailbox-text").first()).toContainText("re-subscribed");
  await shoot(page, "mailbox-replied");
});
