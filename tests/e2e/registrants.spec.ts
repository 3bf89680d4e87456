// /admin/registration/registrants in the browser, as the gala's volunteer (can_register on the gala): a party of two
// registered through the manual registration dialog, a guest's paddle edited (another party's number refused at
// the field, the partner's shared), a CSV import checked first then imported, and the manual registration without
// JavaScript. Each test ends by cancelling the passes it made, on the Passes screen.
import { expect, test } from "./support/fixtures";
import { signIn } from "./support/sign-in";
import type { Page } from "@playwright/test";

const PAGE = "/admin/registration/registrants";
test.describe.configure({ timeout: 60_000 });

const surnameOf = (base: string) => `${base}${Date.now() % 100_000}`;
const notifications = (page: Page) => page.getByRole("region", { name: "Notifications" });
const grid = (page: Page) => page.getByRole("table", { name: "Registrants" });
/** A guest's row, by the Name cell (the Party cell names the buyer on every row of a party). */
const guestRow = (page: Page, name: string) =>
  grid(page)
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name, exact: true }) });
/** Name, Email, Phone, Paddle: the paddle is the fourth column shown. */
const paddleCell = (page: Page, name: string) => guestRow(page, name).getByRole("cell").nth(3);

/** Cancels every pass whose title names the surname, on the Passes screen (with its confirmation when hydrated). */
async function cancelPasses(page: Page, surname: string, javaScript = true) {
  await page.goto(`/admin/registration/passes?q=${surname}`);
  const passes = page.getByRole("table", { name: "Passes" });
  for (;;) {
    const cancel = passes.getByRole("button", { name: "Cancel pass" }).first();
    if ((await cancel.count()) === 0) break;
    await cancel.click();
    if (javaScript) await page.getByRole("alertdialog").getByRole("button", { name: "Cancel the pass" }).click();
    await expect(notifications(page)).toContainText("is cancelled");
  }
}

test("registers a party of two through the dialog, then edits a guest's paddle", async ({ page, gala }) => {
  await signIn(page, gala.volunteer);
  await page.goto(PAGE);
  await expect(page.getByRole("heading", { name: "Registrants" })).toBeVisible();
  const surname = surnameOf("Lovelace");
  try {
    await page.getByRole("button", { name: "Register guests" }).click();
    const dialog = page.getByRole("dialog", { name: "Register guests" });
    const couple = await dialog
      .getByLabel("Ticket type")
      .locator("option", { hasText: "Couple" })
      .getAttribute("value");
    await dialog.getByLabel("Ticket type").selectOption(couple!);
    await expect(dialog.getByText("2 seats", { exact: true })).toBeVisible();
    await dialog.getByRole("textbox", { name: "First name", exact: true }).fill("Ada");
    await dialog.getByRole("textbox", { name: "Last name", exact: true }).fill(surname);
    // One guest row for the second seat of a couple.
    await expect(dialog.getByRole("group", { name: /^Guest \d+$/ })).toHaveCount(1);
    await dialog.getByLabel("Guest 2 first name").fill("William");
    await dialog.getByLabel("Guest 2 last name").fill(surname);
    await dialog.getByRole("button", { name: "Register" }).click();
    await expect(notifications(page)).toContainText(`Ada ${surname}'s party of 2 is registered`);
    await expect(dialog).toBeHidden();

    await page.getByRole("search", { name: "Search registrants" }).getByRole("searchbox").fill(surname);
    const rows = grid(page).getByRole("row").filter({ hasText: surname });
    await expect(rows).toHaveCount(2);
    const adaPaddle = (await paddleCell(page, `Ada ${surname}`).innerText()).trim();

    await grid(page)
      .getByRole("button", { name: `Edit William ${surname}` })
      .click();
    const edit = page.getByRole("dialog", { name: `Edit William ${surname}` });
    // The demo's first paddle belongs to a guest of another party.
    await edit.getByLabel("Paddle").fill("101");
    await edit.getByRole("button", { name: "Save" }).click();
    await expect(edit.getByText(/^Paddle 101 belongs to /)).toBeVisible();
    await expect(edit.getByLabel("Paddle")).toBeFocused();
    await edit.getByLabel("Paddle").fill(adaPaddle);
    await edit.getByRole("button", { name: "Save" }).click();
    await expect(notifications(page)).toContainText(`William ${surname} saved`);
    await expect(paddleCell(page, `William ${surname}`)).toHaveText(adaPaddle);
  } finally {
    await cancelPasses(page, surname);
  }
});

test("imports guests from a CSV file after a dry run", async ({ page, gala }) => {
  await signIn(page, gala.volunteer);
  await page.goto(PAGE);
  const surname = surnameOf("Hopper");
  const csv = [
    "First name,Last name,Email,Ticket,Party,Meal",
    `Grace,${surname},grace@example.org,Couple,${surname} party,`,
    `Walter,${surname},,Couple,${surname} party,`,
    `Alan,${surname},alan@example,Gold ticket,,`,
  ].join("\n");
  try {
    await page.getByText("Import guests from a CSV file").click();
    await page
      .getByLabel("CSV file")
      .setInputFiles({ name: "guests.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await page.getByRole("button", { name: "Check the file" }).click();
    const report = page.getByRole("region", { name: /guests\.csv:/ });
    await expect(report.getByRole("heading")).toHaveText(
      "guests.csv: 2 new guests in 1 party ready, 1 row has problems",
    );
    await expect(report.getByRole("table", { name: "Parties that would be registered" })).toContainText(
      `Grace ${surname}, Walter ${surname}`,
    );
    const problems = report.getByRole("table", { name: "Rows with problems" });
    await expect(problems).toContainText("“alan@example” is not an email address.");
    await expect(problems).toContainText("Ticket type “Gold ticket” does not exist");
    // The dry run registered nobody.
    await page.getByRole("search", { name: "Search registrants" }).getByRole("searchbox").fill(surname);
    await expect(grid(page).getByRole("row").filter({ hasText: surname })).toHaveCount(0);

    await report.getByRole("button", { name: "Import the 1 clean party" }).click();
    await expect(notifications(page)).toContainText("2 guests imported in 1 party");
    await page.getByRole("search", { name: "Search registrants" }).getByRole("searchbox").fill(surname);
    await expect(grid(page).getByRole("row").filter({ hasText: surname })).toHaveCount(2);
    await expect(guestRow(page, `Grace ${surname}`)).toContainText("Couple");

    // The list again, with Grace's phone: she is updated, not registered twice.
    await page.getByText("Import guests from a CSV file").click();
    await page.getByLabel("CSV file").setInputFiles({
      name: "again.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(`First name,Last name,Email,Phone\nGrace,${surname},grace@example.org,(617) 555-0142`),
    });
    await page.getByRole("button", { name: "Check the file" }).click();
    const again = page.getByRole("region", { name: /again\.csv:/ });
    await expect(again.getByRole("heading")).toHaveText(
      "again.csv: 0 new guests in 0 parties ready, 1 already a guest, 0 rows have problems",
    );
    await expect(again.getByRole("table", { name: /Already guests/ })).toContainText(
      `Grace ${surname}Same name and emailphone`,
    );
    await again.getByRole("button", { name: "Import 1 update" }).click();
    await expect(notifications(page)).toContainText("1 guest already here updated");
    await page.getByRole("search", { name: "Search registrants" }).getByRole("searchbox").fill(surname);
    await expect(grid(page).getByRole("row").filter({ hasText: surname })).toHaveCount(2);
  } finally {
    await cancelPasses(page, surname);
  }
});

test("without JavaScript: the manual registration is a form in the page, with errors at the field", async ({
  browser,
  gala,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const surname = surnameOf("Lamarr");
  try {
    await signIn(page, gala.volunteer);
    await page.goto(PAGE);
    await page.getByRole("link", { name: "Register guests" }).click();
    const form = page.getByRole("region", { name: "Register guests" });
    await form.getByRole("textbox", { name: "First name", exact: true }).fill("Hedy");
    await form.getByRole("textbox", { name: "Last name", exact: true }).fill(surname);
    // Asked to send the confirmation with no address: refused by the server, at the email field.
    await form.getByLabel("Send the confirmation to the buyer's email").check();
    await form.getByRole("button", { name: "Register" }).click();
    await expect(
      form.getByText("Enter an email address to send the confirmation to, or untick Send the confirmation."),
    ).toBeVisible();
    await expect(form.getByRole("textbox", { name: "First name", exact: true })).toHaveValue("Hedy");
    await form.getByLabel("Send the confirmation to the buyer's email").uncheck();
    await form.getByRole("button", { name: "Register" }).click();
    await expect(notifications(page)).toContainText(`Hedy ${surname} is registered, paddle`);
    await page.goto(`${PAGE}?q=${surname}`);
    await expect(guestRow(page, `Hedy ${surname}`)).toHaveCount(1);
  } finally {
    await cancelPasses(page, surname, false);
    await context.close();
  }
});
