// The organiser chooses an event and lands on its dashboard.
import { expect, test } from "./support/fixtures";
import { signIn } from "./support/sign-in";

test("the organiser selects the gala on /admin/events and sees its figures on the dashboard", async ({
  page,
  gala,
}) => {
  await signIn(page, gala.organiser);
  await page.goto("/admin/events");
  const events = page.getByRole("table", { name: "Your events" });
  const galaRow = events.getByRole("row", { name: /Harbor Lights Gala/ }).filter({ hasNotText: "Archived" });
  await expect(galaRow).toContainText("Owner");
  await expect(galaRow).toContainText("Every permission");
  // Last year's gala is archived: hidden until asked for.
  await expect(events.getByRole("row")).toHaveCount(2);
  await page.getByRole("link", { name: /Show archived events/ }).click();
  await expect(events.getByRole("row")).toHaveCount(3);
  await expect(events.getByRole("row", { name: /Archived/ })).toBeVisible();

  await galaRow.getByRole("button", { name: /^Select/ }).click();
  await expect(page).toHaveURL("/admin/dashboard");
  await expect(page.getByRole("region", { name: "Notifications" })).toContainText("Now working on Harbor Lights Gala");
  await expect(page.getByRole("heading", { level: 1, name: /Harbor Lights Gala/ })).toBeVisible();
  await expect(page.getByText("Registered guests")).toBeVisible();
  await expect(page.locator(".figure", { hasText: "Registered guests" })).toContainText("60");
  await expect(page.locator(".figure", { hasText: "Highest bids total" })).toContainText("$");
  await expect(
    page.getByRole("table", { name: "Items and bids by type" }).getByRole("row", { name: /Silent auction/ }),
  ).toBeVisible();
});

test("a door volunteer lands at the door; the dashboard, without figures, lists the screens they may use", async ({
  page,
  gala,
}) => {
  await signIn(page, gala.volunteer);
  await page.goto("/admin/events");
  await page.getByRole("button", { name: /^Select Harbor Lights Gala/ }).click();
  await expect(page).toHaveURL("/admin/registration/checkinout");
  await expect(page.getByRole("region", { name: "Notifications" })).toContainText("Now working on Harbor Lights Gala");
  await expect(page.getByLabel("Find a guest")).toBeVisible();

  await page.goto("/admin/dashboard");
  await expect(page.getByText(/figures need the "See figures and bids" permission/)).toBeVisible();
  await expect(page.getByText("Registered guests")).toHaveCount(0);
});

test("a new event's dashboard lists its next steps, each leading to its screen", async ({ page, organiser }) => {
  await signIn(page, organiser);
  await page.goto(`/admin/dashboard?id=${organiser.eventId}`);
  const steps = page.locator("section.card", { has: page.getByRole("heading", { name: "Next steps" }) });
  await expect(steps).toContainText(/\d of 7 done/);
  await expect(
    steps.getByRole("listitem").filter({ has: page.locator("strong", { hasText: /^Tickets$/ }) }),
  ).toContainText("No ticket types yet.");
  await steps.getByRole("link", { name: "Tickets: open" }).click();
  await expect(page).toHaveURL(`/admin/setup/registration?id=${organiser.eventId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Registration" })).toBeVisible();
});
