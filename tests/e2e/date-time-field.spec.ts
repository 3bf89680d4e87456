import { expect, test } from "./support/fixtures";
import { signIn } from "./support/sign-in";
import type { Person } from "./support/galas";
import type { Page } from "@playwright/test";

// The style guide's "Date and time" card: a DateTimeField for an event in Pacific/Auckland, opened by a browser
// in Tokyo (four hours behind Auckland in March), so a picker that used the browser's zone would show 3:00 PM for
// the demo's 7:00 PM start.
const STYLE_GUIDE = "/admin/eric/components";
test.use({ timezoneId: "Asia/Tokyo" });

async function openStyleGuide(page: Page, organiser: Person) {
  await signIn(page, organiser);
  await page.goto(STYLE_GUIDE);
  const field = page.getByLabel("Gala starts");
  // Once hydrated, react-datepicker's text input replaces the native datetime-local input.
  await expect(field).toHaveAttribute("type", "text");
  return field;
}

async function save(page: Page) {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST"),
    page.getByRole("button", { name: "Save start time" }).click(),
  ]);
  return response;
}

test.describe("the date and time field", () => {
  test("shows the event's wall time, and a click-picked time is stored as the right instant", async ({
    page,
    organiser,
  }) => {
    const field = await openStyleGuide(page, organiser);
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe("Asia/Tokyo");
    await expect(field).toHaveValue("13 Mar 2027, 7:00 PM");
    await expect(page.getByText("In Auckland time")).toBeVisible();

    await field.click();
    await page.getByRole("gridcell", { name: /March 20th, 2027/ }).click();
    await page.getByRole("option", { name: "6:30 PM" }).click();
    await expect(field).toHaveValue("20 Mar 2027, 6:30 PM");
    expect((await save(page)).status()).toBe(200);
    // 6:30 PM in Auckland on 20 March 2027 is NZDT (UTC+13).
    await expect(page.getByTestId("stored-utc")).toHaveText("2027-03-20T05:30:00.000Z");
    await expect(page.getByTestId("stored-wall-time")).toHaveText("Saturday, 20 March 2027 at 6:30 PM NZDT");
    await expect(field).toHaveValue("20 Mar 2027, 6:30 PM");
  });

  test("can be used with the keyboard alone", async ({ page, organiser }) => {
    const field = await openStyleGuide(page, organiser);
    await field.focus();
    await page.keyboard.press("ArrowDown"); // into the calendar, on the selected day
    await expect(page.getByRole("gridcell", { name: /March 13th, 2027/ })).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Enter");
    await expect(field).toHaveValue("15 Mar 2027, 7:00 PM");
    await page.keyboard.press("Tab"); // to the time list
    await expect(page.getByRole("option", { name: "7:00 PM" })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await expect(field).toHaveValue("15 Mar 2027, 7:15 PM");
    await save(page);
    await expect(page.getByTestId("stored-utc")).toHaveText("2027-03-15T06:15:00.000Z");
  });

  test("accepts typing, and names a daylight-saving gap beside the field", async ({ page, organiser }) => {
    const field = await openStyleGuide(page, organiser);
    // Clocks in Auckland go from 2:00 to 3:00 AM on 26 September 2027.
    await field.fill("26 Sep 2027, 2:30 AM");
    await field.press("Escape");
    const response = await save(page);
    expect(response.status()).toBe(400);
    await expect(page.getByText("That time does not happen in Pacific/Auckland")).toBeVisible();
    await expect(field).toHaveAttribute("aria-invalid", "true");

    // 2:30 AM on 4 April 2027 happens twice (clocks go back at 3:00): the first, still NZDT, is taken.
    await field.fill("4 Apr 2027, 2:30 AM");
    await field.press("Escape");
    expect((await save(page)).status()).toBe(200);
    await expect(page.getByTestId("stored-utc")).toHaveText("2027-04-03T13:30:00.000Z");
  });

  test("works without JavaScript as a datetime-local input in the event's zone", async ({
    browser,
    page: signingIn,
    organiser,
  }) => {
    await signIn(signingIn, organiser);
    const storageState = await signingIn.context().storageState();
    const context = await browser.newContext({ javaScriptEnabled: false, storageState, timezoneId: "Asia/Tokyo" });
    const page = await context.newPage();
    await page.goto(STYLE_GUIDE);
    const field = page.getByLabel("Gala starts");
    await expect(field).toHaveAttribute("type", "datetime-local");
    await expect(field).toHaveValue("2027-03-13T19:00");
    await field.fill("2027-03-20T18:30");
    expect((await save(page)).status()).toBe(200);
    await expect(page.getByTestId("stored-utc")).toHaveText("2027-03-20T05:30:00.000Z");
    await expect(page.getByLabel("Gala starts")).toHaveValue("2027-03-20T18:30");

    await page.getByLabel("Gala starts").fill("");
    expect((await save(page)).status()).toBe(400);
    await expect(page.getByText("Choose when the gala starts.")).toBeVisible();
    await context.close();
  });
});
