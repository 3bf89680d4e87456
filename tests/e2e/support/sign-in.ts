import { expect, type Page } from "@playwright/test";
import type { Person } from "./galas";

/**
 * The demo organiser (every permission on both demo events), seeded with a known password: for tests that start an
 * app process of their own with the demo loaded (the shared server has no demo; tests make their own data).
 */
export const DEMO_ORGANISER = { email: "organiser@demo.gavel.test", password: "gavel-demo-2026" };

/**
 * Signs the page's browser in: the post the home page's email-and-password form makes, sent with the page's own
 * cookies, so that whatever the page opens next is signed in. It does not open a page itself: the 130 sign-ins of
 * the suite each loaded the home page twice. The form, in a browser, is auth-password.spec.ts's.
 */
export async function signIn(page: Page, person: Person) {
  const answer = await page.request.post("/auth/sign-in", {
    form: { email: person.email, password: person.password, returnTo: "/" },
    maxRedirects: 0,
  });
  expect(answer.status(), `${person.email} is not signed in: ${await answer.text()}`).toBe(302);
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
