import { expect, type Page } from "@playwright/test";

/** The demo organiser (every permission on both demo events), seeded with a known password. */
export const DEMO_ORGANISER = { email: "organiser@demo.gavel.test", password: "gavel-demo-2026" };
/** The demo check-in volunteer: can_check_in_out, can_register and is_team_member on the gala only. */
export const DEMO_VOLUNTEER = { email: "volunteer@demo.gavel.test", password: "gavel-demo-2026" };

/** Signs in through the home page's email-and-password form, as a person would. */
export async function signIn(page: Page, person: { email: string; password: string }) {
  await page.goto("/");
  await page.getByLabel("Email").fill(person.email);
  await page.getByLabel("Password", { exact: true }).fill(person.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
}

/**
 * Makes the demo gala the organiser's current event. Other tests create events, and creating one switches the
 * organiser to it, so a test of the gala's admin screens chooses it first.
 */
export async function selectDemoGala(page: Page) {
  await page.goto("/admin/events");
  await page.getByRole("button", { name: /^Select Harbor Lights Gala/ }).click();
  await expect(page).toHaveURL("/admin/dashboard");
}
