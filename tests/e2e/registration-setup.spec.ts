// /admin/setup/registration and /admin/bids/tickets in Chromium. Without JavaScript the organiser sets the
// registration window (a closing time before the opening is refused at its field); with it, they add a ticket
// type, a meal question and a promo code limited to the new ticket type in dialogs, reorder, and see the ticket
// sales with their totals. What the second test adds it deletes at the end, through the same screen.
import { expect, test } from "./support/fixtures";
import { signIn } from "./support/sign-in";

const PAGE = "/admin/setup/registration";
const tag = () => Math.random().toString(36).slice(2, 7);

test.describe("registration settings without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("sets the registration window and the order limit, and sees them saved", async ({ page, gala }) => {
    await signIn(page, gala.organiser);
    await page.goto(PAGE);
    await expect(page.getByRole("heading", { level: 1, name: "Registration" })).toBeVisible();
    const opens = page.getByLabel("Registration opens");
    const closes = page.getByLabel("Registration closes");
    const limit = page.getByLabel("Most tickets per order");

    await opens.fill("2027-02-01T09:00");
    await closes.fill("2027-01-15T17:00");
    await limit.fill("12");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByText("Nothing was saved. Correct the fields marked below.")).toBeVisible();
    await expect(page.getByText("Registration must close after it opens.")).toBeVisible();
    await expect(page.getByLabel("Registration closes")).toHaveAttribute("aria-invalid", "true");
    // What was typed comes back.
    await expect(page.getByLabel("Most tickets per order")).toHaveValue("12");

    await page.getByLabel("Registration closes").fill("2027-03-10T17:00");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByText("Registration settings saved")).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("Registration opens")).toHaveValue("2027-02-01T09:00");
    await expect(page.getByLabel("Registration closes")).toHaveValue("2027-03-10T17:00");
    await expect(page.getByLabel("Most tickets per order")).toHaveValue("12");
    await expect(
      page.getByText(/^Registration opens Mon, 1 Feb 2027, 9:00 AM [A-Z]+ and closes Wed, 10 Mar 2027, 5:00 PM/),
    ).toBeVisible();
  });
});

test("an organiser adds a ticket type, a meal question and a promo code, then sees ticket sales", async ({
  page,
  gala,
}) => {
  test.setTimeout(90_000);
  await signIn(page, gala.organiser);
  await page.goto(PAGE);
  const toasts = page.getByRole("region", { name: "Notifications" });
  const ticketTable = page.getByRole("table", { name: "Ticket types, in the order buyers see them" });
  const questionTable = page.getByRole("table", { name: "Questions, in the order guests see them" });
  const promoTable = page.getByRole("table", { name: "Promo codes" });
  // The demo's ticket types, with what was sold.
  await expect(ticketTable.getByRole("row", { name: /Table of 8/ })).toBeVisible();

  const title = `Student ${tag()}`;
  const code = `STUDENT${tag().toUpperCase()}`;
  try {
    // A ticket type, refused first for its price.
    await page.getByRole("button", { name: "Add ticket type" }).click();
    const ticketDialog = page.getByRole("dialog", { name: "New ticket type" });
    await ticketDialog.getByLabel("Name").fill(title);
    await ticketDialog.getByLabel("Price (USD)").fill("-10");
    await ticketDialog.getByLabel("How many can be sold").fill("40");
    await ticketDialog.getByRole("button", { name: "Add ticket type" }).click();
    await expect(ticketDialog.getByText("Amounts cannot be negative.")).toBeVisible();
    await expect(ticketDialog.getByLabel("Price (USD)")).toBeFocused();
    await ticketDialog.getByLabel("Price (USD)").fill("95");
    await ticketDialog.getByRole("button", { name: "Add ticket type" }).click();
    await expect(ticketDialog).toBeHidden();
    await expect(toasts).toContainText(`Ticket type “${title}” added`);
    const newRow = ticketTable.getByRole("row", { name: new RegExp(title) });
    await expect(newRow).toContainText("$95.00");
    await expect(newRow).toContainText("40");
    // Last in the order; one step up.
    await expect(ticketTable.locator("tbody tr").last()).toContainText(title);
    await page.getByRole("button", { name: `Move ${title} up` }).click();
    await expect(toasts).toContainText("Ticket types reordered");
    await expect(ticketTable.locator("tbody tr").last()).not.toContainText(title);

    // A meal question offers the meals listed below it; the demo already has one, and an event has one.
    await page.getByRole("button", { name: "Add question" }).click();
    const questionDialog = page.getByRole("dialog", { name: "New question" });
    await questionDialog.getByRole("textbox", { name: "Question", exact: true }).fill("Main course");
    await questionDialog.getByLabel("Kind of answer").selectOption("meal");
    await expect(questionDialog.getByLabel("Choices")).toBeHidden();
    await expect(questionDialog.getByText(/offers the 3 meals listed under Meals/)).toBeVisible();
    await questionDialog.getByLabel("An answer is required").check();
    await questionDialog.getByRole("button", { name: "Add question" }).click();
    await expect(
      questionDialog.getByText("“Meal choice” already asks for the meal: an event has one meal question."),
    ).toBeVisible();
    // A choice from a list instead.
    await questionDialog.getByLabel("Kind of answer").selectOption("select");
    // Not required: an optional question this time.
    await questionDialog.getByLabel("An answer is required").uncheck();
    await questionDialog.getByLabel("Choices").fill("Red wine\nWhite wine\nNo wine");
    await questionDialog.getByRole("button", { name: "Add question" }).click();
    await expect(questionDialog).toBeHidden();
    const questionRow = questionTable.getByRole("row", { name: /Main course/ });
    await expect(questionRow).toContainText("main_course");
    await expect(questionRow).toContainText("Red wine, White wine, No wine");

    // A promo code for the new ticket type only; the same code in another case is refused.
    const addPromo = async (typed: string) => {
      await page.getByRole("button", { name: "Add promo code" }).click();
      const dialog = page.getByRole("dialog", { name: "New promo code" });
      await dialog.getByLabel("Code").fill(typed);
      await dialog.getByLabel("Discount", { exact: true }).selectOption("amount");
      await dialog.getByLabel("Off each ticket").fill("15");
      await dialog.getByLabel(title).check();
      await dialog.getByLabel("Tickets it may discount in all").fill("25");
      await dialog.getByRole("button", { name: "Add promo code" }).click();
      return dialog;
    };
    await expect(await addPromo(code.toLowerCase())).toBeHidden();
    const promoRow = promoTable.getByRole("row", { name: new RegExp(code) });
    await expect(promoRow).toContainText("$15.00 off each ticket");
    await expect(promoRow).toContainText(title);
    await expect(promoRow).toContainText("0 of 25");
    await expect(promoRow).toContainText("Active");
    const again = await addPromo(code);
    await expect(again.getByText("This event already has a promo code with this name.")).toBeVisible();
    await again.getByRole("button", { name: "Cancel" }).click();

    // Ticket sales: the totals per ticket type above the grid.
    await page.goto("/admin/bids/tickets");
    await expect(page.getByRole("heading", { level: 1, name: "Tickets" })).toBeVisible();
    const totals = page.getByRole("table", { name: "Totals by ticket type" });
    await expect(totals.getByRole("row", { name: new RegExp(title) })).toContainText("$0.00");
    await expect(totals.getByRole("row", { name: /All tickets/ })).toContainText("$");
    const grid = page.getByRole("table", { name: "Ticket sales" });
    await expect(grid.locator("tbody tr").first()).toBeVisible();
    // Search narrows the sales to the table buyers.
    await page.getByRole("searchbox", { name: "Search ticket sales" }).fill("Table of 8");
    for (const row of await grid.locator("tbody tr").all()) await expect(row).toContainText("Table of 8");
  } finally {
    // Delete what was added.
    await page.goto(PAGE);
    const remove = async (table: typeof ticketTable, name: RegExp, label: string) => {
      const row = table.getByRole("row", { name });
      if ((await row.count()) === 0) return;
      await row.getByRole("button", { name: `Delete ${label}` }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
      await expect(table.getByRole("row", { name })).toHaveCount(0);
    };
    await remove(promoTable, new RegExp(code), code);
    await remove(questionTable, /Main course/, "Main course");
    await remove(ticketTable, new RegExp(title), title);
  }
});

test("a dialog refused once, then accepted while the page reloads its data, closes (the router drops its answer)", async ({
  page,
  gala,
}) => {
  await signIn(page, gala.organiser);
  await page.goto(PAGE);
  await page.getByRole("button", { name: "Add question" }).click();
  const dialog = page.getByRole("dialog", { name: "New question" });
  const label = `Dessert ${tag()}`;
  await dialog.getByRole("textbox", { name: "Question", exact: true }).fill(label);
  // Refused by the server: the gala has its meal question already.
  await dialog.getByLabel("Kind of answer").selectOption("meal");
  await dialog.getByRole("button", { name: "Add question" }).click();
  await expect(
    dialog.getByText("“Meal choice” already asks for the meal: an event has one meal question."),
  ).toBeVisible();

  // The accepted post is held until a reload of the page's data (as a live refresh makes) has begun after it.
  let releasePost!: () => void;
  const postHeld = new Promise<void>((held) =>
    page.route(/\/admin\/setup\/registration\.data/, async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      held();
      await new Promise<void>((release) => (releasePost = release));
      await route.continue();
    }),
  );
  await dialog.getByLabel("Kind of answer").selectOption("select");
  await dialog.getByLabel("Choices").fill("Cake\nFruit");
  await dialog.getByRole("button", { name: "Add question" }).click();
  await postHeld;
  await page.evaluate(() =>
    (window as unknown as { __remixRouter: { revalidate(): void } }).__remixRouter.revalidate(),
  );
  releasePost();

  await expect(dialog).toBeHidden();
  await expect(page.getByRole("row", { name: new RegExp(label) })).toContainText("Cake, Fruit");
});
