// /admin/setup/silent_auction without JavaScript: the organiser sets the end, a soft-close window and a hard end,
// fills staggered category closes with the helper, edits one, saves, and finds it all saved after a reload.
import { expect, test } from "./support/fixtures";
import { signIn } from "./support/sign-in";
import type { Page } from "@playwright/test";

const PAGE = "/admin/setup/silent_auction";

/** A wall time "YYYY-MM-DDTHH:mm" moved by some minutes (wall-clock arithmetic; the demo's times avoid DST changes). */
function addMinutes(wall: string, minutes: number): string {
  const moved = new Date(new Date(`${wall}:00Z`).getTime() + minutes * 60_000);
  return moved.toISOString().slice(0, 16);
}

const categoryClose = (page: Page, title: string) => page.getByLabel(`${title} closes`, { exact: true });

test.describe("silent auction setup without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("sets times, a soft close and staggered category closes, and sees them saved", async ({ page, gala }) => {
    await signIn(page, gala.organiser);
    await page.goto(PAGE);
    await expect(page.getByRole("heading", { level: 1, name: "Silent auction" })).toBeVisible();
    const rules = page.getByRole("list", { name: "Rules in effect" });
    await expect(rules).toContainText("A bid in the last 2 minutes extends the item");

    const end = await page.getByLabel("Bidding ends").inputValue();
    expect(end).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    const hardEnd = addMinutes(end, 30);
    const first = addMinutes(end, -30);

    await page.getByLabel("Soft close window (minutes)").fill("4");
    await page.getByLabel("Hard end").fill(hardEnd);
    await page.getByLabel("First category closes").fill(first);
    await page.getByLabel("Minutes between categories").fill("10");
    await page.getByRole("button", { name: "Fill closing times" }).click();

    // Sent back filled in, unsaved, with what was typed kept.
    await expect(page.getByRole("status").filter({ hasText: "Closing times filled in" })).toBeVisible();
    await expect(page.getByLabel("Soft close window (minutes)")).toHaveValue("4");
    await expect(page.getByLabel("Hard end")).toHaveValue(hardEnd);
    // The demo's categories with silent items, in the order listed (alphabetical), 10 minutes apart.
    await expect(categoryClose(page, "Art & Home")).toHaveValue(first);
    await expect(categoryClose(page, "Experiences")).toHaveValue(addMinutes(first, 10));
    await expect(categoryClose(page, "Family & Kids")).toHaveValue(addMinutes(first, 20));
    await expect(categoryClose(page, "Travel & Getaways")).toHaveValue(addMinutes(first, 50));

    // A time past the hard end is refused at its field, and nothing is saved.
    await categoryClose(page, "Experiences").fill(addMinutes(hardEnd, 5));
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("Nothing was saved. Correct the fields marked below.")).toBeVisible();
    await expect(page.getByText(/Close this category by the hard end/)).toBeVisible();
    await expect(categoryClose(page, "Experiences")).toHaveAttribute("aria-invalid", "true");

    await categoryClose(page, "Experiences").fill(addMinutes(first, 15));
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("Silent auction settings saved")).toBeVisible();

    await page.reload();
    await expect(page.getByLabel("Bidding ends")).toHaveValue(end);
    await expect(page.getByLabel("Soft close window (minutes)")).toHaveValue("4");
    await expect(page.getByLabel("Hard end")).toHaveValue(hardEnd);
    await expect(categoryClose(page, "Art & Home")).toHaveValue(first);
    await expect(categoryClose(page, "Experiences")).toHaveValue(addMinutes(first, 15));
    await expect(categoryClose(page, "Family & Kids")).toHaveValue(addMinutes(first, 20));
    await expect(categoryClose(page, "Travel & Getaways")).toHaveValue(addMinutes(first, 50));
    await expect(rules).toContainText(
      "A bid in the last 4 minutes extends the item to 4 minutes after that bid, never past",
    );
    await expect(rules).toContainText("Categories close one after another: Art & Home at");
  });
});

test("with JavaScript, the virtual auction's form hydrates and saves what it shows unchanged", async ({
  page,
  gala,
}) => {
  await signIn(page, gala.organiser);
  await page.goto("/admin/setup/virtual_auction");
  const ends = page.getByLabel("Bidding ends");
  // Once hydrated, the date pickers replace the native inputs.
  await expect(ends).toHaveAttribute("type", "text");
  const shown = await ends.inputValue();
  expect(shown).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2} [AP]M$/);
  const summary = await page.getByRole("list", { name: "Rules in effect" }).textContent();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Virtual auction settings saved")).toBeVisible();
  await expect(ends).toHaveValue(shown);
  await expect(page.getByRole("list", { name: "Rules in effect" })).toHaveText(summary!);
});

test("with JavaScript, a refused save points at the message and leaves every calendar closed", async ({
  page,
  gala,
}) => {
  await signIn(page, gala.organiser);
  await page.goto(PAGE);
  await expect(page.getByLabel("Bidding opens")).toHaveAttribute("type", "text");
  await page.getByLabel("Soft close window (minutes)").fill("999");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  const refusal = page.getByText("Nothing was saved. Correct the fields marked below.");
  await expect(refusal).toBeFocused();
  await expect(page.getByText("Enter whole minutes from 0 (no soft close) to 60.")).toBeVisible();
  // The calendar opened over the form when the date box took focus on its way to the message.
  await expect(page.locator(".react-datepicker-popper")).toHaveCount(0);
  // Still one click away, and the keyboard's way in works.
  await page.getByLabel("Bidding opens").click();
  await expect(page.locator(".react-datepicker-popper")).toHaveCount(1);
});
