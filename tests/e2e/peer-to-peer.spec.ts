// The event's giving pages and peer-to-peer fundraisers end to end. Without JavaScript: /woa2025give (a short path
// the demo gives the gala) shows the goal and the recent gifts and leads to a gift on /dp; /cisnew shows the
// gallery; a fundraiser's page takes a gift through /dp and its total rises; a gift posted after the page ended is
// refused and the page shows its final total. With JavaScript: staff approve a supporter's page and add one on the
// fundraisers screen; staff record a cash gift on a page and it shows on the page.
import { and, eq } from "drizzle-orm";
import { fundraiser } from "~drizzle/schema";
import { makeGuest } from "./support/billing";
import { expect, test } from "./support/fixtures";
import { claimShortPath } from "./support/galas";
import { signIn } from "./support/sign-in";

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("/woa2025give shows the goal and the recent gifts, and its give button leads to a gift", async ({
    page,
    gala,
    database,
  }) => {
    await claimShortPath(database, gala.id, "woa2025give", "giving");
    const guest = await makeGuest(database, gala.id, "Ada");
    await signIn(page, guest);
    await page.goto("/woa2025give");
    await expect(page.getByRole("heading", { name: /^Give to / })).toBeVisible();
    await expect(page.getByText(/of \$50,000/)).toBeVisible();
    const recent = page.getByRole("region", { name: "Recent gifts" });
    await expect(recent.getByRole("listitem").first()).toBeVisible();

    await page.getByRole("link", { name: "Give $100" }).click();
    await expect(page).toHaveURL(/\/dp\?id=\d+&amount=10000/);
    await expect(page.getByLabel("$100", { exact: true })).toBeChecked();
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("button", { name: "Confirm: add $100.00 to my bill" }).click();
    await expect(page.getByRole("heading", { name: "Thank you, Ada!" })).toBeVisible();

    await page.goto("/woa2025give");
    await expect(recent.getByRole("listitem").first()).toHaveText("Ada$100");
  });

  test("/cisnew shows the event's silent-auction gallery", async ({ page, gala, database }) => {
    await claimShortPath(database, gala.id, "cisnew", "bidding");
    await page.goto("/cisnew");
    await expect(page.getByRole("search", { name: "Find items" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Cape Cod Getaway for Two" })).toBeVisible();
    // Any other path is still the not-found page.
    const missing = await page.goto("/cisnew-nothing-here");
    expect(missing?.status()).toBe(404);
  });

  test("a fundraiser's page takes a gift through /dp and its total rises @phone", async ({ page, gala, database }) => {
    const guest = await makeGuest(database, gala.id, "Bo");
    await signIn(page, guest);
    await page.goto(`/cattlemen?id=${gala.id}`);
    await expect(page.getByRole("heading", { name: "Harbor Champions" })).toBeVisible();
    const board = page.getByRole("list", { name: "Harbor Champions, most raised first" });
    // Waiting for approval: not listed.
    await expect(board.getByRole("listitem")).toHaveCount(2);
    await board.getByRole("link", { name: "Lighthouse Readers" }).click();

    await expect(page.getByRole("heading", { name: "Lighthouse Readers" })).toBeVisible();
    await expect(page.getByText("$350 of $2,500")).toBeVisible();
    const readersPage = page.url();
    await page.getByRole("link", { name: "Give to Lighthouse Readers" }).click();
    await expect(page.getByText("Your gift counts towards Lighthouse Readers's page.")).toBeVisible();
    await page.getByLabel("$50", { exact: true }).check();
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("It counts towards Lighthouse Readers's page.")).toBeVisible();
    await page.getByRole("button", { name: "Confirm: add $50.00 to my bill" }).click();
    await expect(page.getByRole("heading", { name: "Thank you, Bo!" })).toBeVisible();

    await page.goto(readersPage);
    await expect(page.getByText("$400 of $2,500")).toBeVisible();
    await expect(page.getByText("3 gifts")).toBeVisible();
  });

  test("a gift posted after the page ended is refused, and the page shows its final total @phone", async ({
    page,
    gala,
    database,
  }) => {
    const [readers] = await database
      .select({ id: fundraiser.fundraiser_id })
      .from(fundraiser)
      .where(and(eq(fundraiser.event_id, gala.id), eq(fundraiser.name, "Lighthouse Readers")));
    const guest = await makeGuest(database, gala.id, "Cy");
    await signIn(page, guest);
    await page.goto(`/cattleman?cattleManId=${readers.id}`);
    await page.getByRole("link", { name: "Give to Lighthouse Readers" }).click();
    await expect(page.getByText("Your gift counts towards Lighthouse Readers's page.")).toBeVisible();
    await page.getByLabel("$50", { exact: true }).check();

    // The page ends while the donor is on the form.
    await database
      .update(fundraiser)
      .set({ ends_at: new Date(Date.now() - 60_000) })
      .where(eq(fundraiser.fundraiser_id, readers.id));
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText(/^Lighthouse Readers's page ended on .+ and takes no more gifts\./)).toBeVisible();

    await page.goto(`/cattleman?cattleManId=${readers.id}`);
    await expect(page.getByText(/^This fundraiser ended on .+, having raised \$350\./)).toBeVisible();
    await expect(page.getByRole("link", { name: "Give to Lighthouse Readers" })).toHaveCount(0);
    await page.goto(`/cattlemen?id=${gala.id}`);
    const ended = page.getByRole("list", { name: "Harbor Champions that have ended, with their final totals" });
    await expect(ended.getByRole("link", { name: "Lighthouse Readers" })).toBeVisible();
    await expect(
      page.getByRole("list", { name: "Harbor Champions, most raised first" }).getByRole("listitem"),
    ).toHaveCount(1);
  });
});

test("staff record a cash gift on a fundraiser's page, and the page counts it", async ({ page, gala }) => {
  await signIn(page, gala.organiser);
  await page.goto(`/admin/solemen/donations?id=${gala.id}`);
  await page.getByRole("button", { name: "Record a gift" }).click();
  const dialog = page.getByRole("dialog", { name: "Record a gift" });
  await dialog.getByLabel("First name").fill("Nell");
  await dialog.getByLabel("Last name").fill("Okafor");
  await dialog.getByLabel("Amount").fill("200");
  await dialog.getByLabel("Fundraiser").selectOption({ label: "Harbor Rowing Club" });
  await dialog.getByRole("button", { name: "Record gift", exact: true }).click();
  await expect(dialog).toBeHidden();
  const grid = page.getByRole("table", { name: "Donations" });
  await expect(grid.getByRole("row", { name: /Nell Okafor/ })).toContainText("Harbor Rowing Club");
  await page.getByRole("combobox", { name: "Filter Fundraiser" }).selectOption("Harbor Rowing Club");
  await expect(grid.getByRole("row", { name: /Nell Okafor/ })).toBeVisible();

  await page.goto(`/cattlemen?id=${gala.id}`);
  await page.getByRole("link", { name: "Harbor Rowing Club" }).click();
  await expect(page.getByRole("heading", { name: "Harbor Rowing Club" })).toBeVisible();
  await expect(page.getByText("$1,850 of $5,000")).toBeVisible();
  await expect(page.getByRole("region", { name: "Recent gifts" })).toContainText("Nell$200");
});

test("staff approve a supporter's page and add one on the fundraisers screen", async ({ page, gala }) => {
  await signIn(page, gala.organiser);
  await page.goto(`/admin/solemen/fundraisers?id=${gala.id}`);
  const grid = page.getByRole("table", { name: "Harbor Champions" });
  const waiting = grid.getByRole("row", { name: /Team Tidewater/ });
  await expect(waiting).toContainText("Waiting for approval");
  await waiting.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(waiting).toContainText("Public");

  await page.getByRole("button", { name: "New page" }).click();
  const dialog = page.getByRole("dialog", { name: "New page" });
  await dialog.getByLabel("Name on the page").fill("Harbor Seals Swim Team");
  await dialog.getByLabel("Goal").fill("abc");
  await dialog.getByRole("button", { name: "Add page" }).click();
  await expect(dialog.getByText("Enter an amount such as 1,250 or 1,250.50.")).toBeVisible();
  await dialog.getByLabel("Goal").fill("3,000");
  await dialog.getByRole("button", { name: "Add page" }).click();
  await expect(dialog).toBeHidden();
  const added = grid.getByRole("row", { name: /Harbor Seals Swim Team/ });
  await expect(added).toContainText("$3,000.00");
  await expect(added).toContainText("Public");
});
