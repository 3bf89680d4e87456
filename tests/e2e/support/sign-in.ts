import { expect, type Page } from "@playwright/test";
import type { Person } from "./galas";

/**
 * The demo organiser (every permission on both demo events), seeded with a known password: for tests that start an
 * app process of their own with the demo loaded (the shared server has no demo; tests make their own data).
 */
export const DEMO_ORGANISER = { email: "organiser@demo.gavel.test", password: "gavel-demo-2026" };

/** Signs in through the home page's email-and-password form, as a person would. */
export async function signIn(page: Page, person: Person) {
  await page.goto("/");
  await page.getByLabel("Email").fill(person.email);
  await page.getByLabel("Password", { exact: true }).fill(person.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("button", { name: "Sign out", exact: true })).toBeVisible();
}

/** The demo organiser's session cookie from signing in at `origin` over HTTP, as a page without JavaScript does. */
export async function demoOrganiserCookie(origin: string): Promise<string> {
  const signIn = await fetch(`${origin}/auth/sign-in`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin },
    body: new URLSearchParams({ email: DEMO_ORGANISER.email, password: DEMO_ORGANISER.password, returnTo: "/" }),
  });
  expect(signIn.status).toBe(302);
  return signIn.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
}
