// The redirect drill (issue 32): every page that takes a return address, given each known bypass form
// (tests/fixtures/redirect-bypasses.ts), sends the browser somewhere on this site only.
import { describe, expect, it } from "vitest";
import { setPassword } from "~/auth/accounts.server";
import { hashPassword } from "~/auth/password.server";
import * as authLayout from "~/routes/auth";
import * as codeRoute from "~/routes/auth.code";
import * as signInRoute from "~/routes/auth.sign-in";
import * as signOutRoute from "~/routes/auth.sign-out";
import * as signUpRoute from "~/routes/auth.sign-up";
import * as billingCardRoute from "~/routes/billing.card";
import { REDIRECT_BYPASSES } from "../fixtures/redirect-bypasses";
import { testDatabase } from "../support/database";
import { makeEvent, makeUser, sessionCookie } from "../support/people";
import { call, makeRequest, type Outcome, type RouteFunction } from "../support/route-calls";

const { db } = testDatabase();
const SITE = "http://localhost:3000";
const PASSWORD = "correct horse battery staple";

/** Where a browser on this site's page would go, following `to` (a Location or a link's href). */
function staysOnSite(to: string | undefined): boolean {
  if (to === undefined) return true;
  if (/^\/[/\\]/.test(to)) return false;
  return new URL(to, `${SITE}/auth/sign-in`).origin === SITE;
}

const location = (outcome: Outcome) => outcome.location;
const returnToOf = (outcome: Outcome) => (outcome.data as { returnTo?: string } | undefined)?.returnTo;
const query = (to: string) => `returnTo=${encodeURIComponent(to)}`;

describe("the redirect drill", () => {
  it("every return address of the sign-in, sign-up, code, sign-out and card pages stays on the site", async () => {
    const person = await makeUser(db);
    await setPassword(db, person.usr_id, await hashPassword(PASSWORD));
    const cookie = await sessionCookie(person.usr_id);
    const gala = await makeEvent(db);
    const paths: Array<[string, (to: string) => Promise<string | undefined>]> = [
      [
        "GET /auth/sign-in, signed in",
        async (to) =>
          location(
            await call(signInRoute.loader as RouteFunction, makeRequest(`/auth/sign-in?${query(to)}`, { cookie })),
          ),
      ],
      [
        "GET /auth/sign-in's data",
        async (to) =>
          returnToOf(await call(signInRoute.loader as RouteFunction, makeRequest(`/auth/sign-in?${query(to)}`))),
      ],
      [
        "POST /auth/sign-in",
        async (to) =>
          location(
            await call(
              signInRoute.action as RouteFunction,
              makeRequest("/auth/sign-in", { form: { email: person.email_address, password: PASSWORD, returnTo: to } }),
            ),
          ),
      ],
      [
        "GET /auth/code, signed in",
        async (to) =>
          location(await call(codeRoute.loader as RouteFunction, makeRequest(`/auth/code?${query(to)}`, { cookie }))),
      ],
      [
        "GET /auth/code's data",
        async (to) => returnToOf(await call(codeRoute.loader as RouteFunction, makeRequest(`/auth/code?${query(to)}`))),
      ],
      [
        "POST /auth/sign-out",
        async (to) =>
          location(
            await call(
              signOutRoute.action as RouteFunction,
              makeRequest("/auth/sign-out", { cookie, form: { returnTo: to } }),
            ),
          ),
      ],
      [
        "GET /auth/sign-up's data",
        async (to) =>
          returnToOf(await call(signUpRoute.loader as RouteFunction, makeRequest(`/auth/sign-up?${query(to)}`))),
      ],
      [
        "the sign-in layout's event link",
        async (to) => {
          const outcome = await call(authLayout.loader as RouteFunction, makeRequest(`/auth/sign-in?${query(to)}`));
          return (outcome.data as { event: { returnTo: string } | null }).event?.returnTo;
        },
      ],
      [
        "/billing/card's Back link",
        async (to) =>
          returnToOf(
            await call(
              billingCardRoute.loader as RouteFunction,
              makeRequest(`/billing/card?id=${gala.event_id}&${query(to)}`, { cookie }),
            ),
          ),
      ],
    ];
    const escapes: string[] = [];
    for (const [path, follow] of paths) {
      for (const to of REDIRECT_BYPASSES) {
        const landing = await follow(to);
        if (!staysOnSite(landing)) escapes.push(`${path}: ${JSON.stringify(to)} → ${landing}`);
      }
    }
    expect(escapes).toEqual([]);
    expect(REDIRECT_BYPASSES.length).toBeGreaterThanOrEqual(30);
  });
});
