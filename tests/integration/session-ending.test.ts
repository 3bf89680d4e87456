// Ending sessions (issue 19, L9; issue 32, finding 6): signing out ends the session on the server, so a copy of the
// cookie stops counting; "Sign out everywhere" and a new password end the user's sessions in every browser; a cookie
// from before sessions had versions and ids counts as ended.
import { describe, expect, it } from "vitest";
import { getSignedInUser } from "~/auth/access.server";
import { setPassword } from "~/auth/accounts.server";
import { hashPassword } from "~/auth/password.server";
import { sessionStorage, signedInCookies, SESSION_USER_KEY } from "~/auth/session.server";
import * as forgotRoute from "~/routes/auth.forgot-password";
import * as resetRoute from "~/routes/auth.reset-password";
import * as signOutRoute from "~/routes/auth.sign-out";
import { testDatabase } from "../support/database";
import { lastMailTo, linkTo } from "../support/mailbox";
import { makeUser } from "../support/people";
import { call, makeRequest, type RouteFunction } from "../support/route-calls";

const { db } = testDatabase();

/** The Cookie header of a new browser that signed in as the user. */
async function browserSignedInAs(usrId: number) {
  const cookies = await signedInCookies(new Request("http://localhost/"), usrId);
  return cookies
    .getSetCookie()
    .find((value) => value.startsWith("gavel_session="))!
    .split(";")[0];
}

const signedInAs = async (cookie: string) =>
  (await getSignedInUser(new Request("http://localhost/", { headers: { Cookie: cookie } })))?.usr_id;

const signOut = (cookie: string, form: Record<string, string> = {}) =>
  call(signOutRoute.action as RouteFunction, makeRequest("/auth/sign-out", { cookie, form }));

describe("ending sessions", () => {
  it("signing out ends this browser's session on the server, and only it", async () => {
    const person = await makeUser(db);
    const [phone, laptop] = [await browserSignedInAs(person.usr_id), await browserSignedInAs(person.usr_id)];
    expect(await signedInAs(phone)).toBe(person.usr_id);
    expect((await signOut(phone)).status).toBe(302);
    // A copy of the phone's cookie (taken before the sign-out) no longer counts; the laptop stays signed in.
    expect(await signedInAs(phone)).toBeUndefined();
    expect(await signedInAs(laptop)).toBe(person.usr_id);
    // Signing out with an ended cookie again changes nothing.
    expect((await signOut(phone)).status).toBe(302);
  });

  it("signing out everywhere ends every browser's session, and a later sign-in works", async () => {
    const person = await makeUser(db);
    const other = await makeUser(db);
    const [phone, laptop] = [await browserSignedInAs(person.usr_id), await browserSignedInAs(person.usr_id)];
    const otherLaptop = await browserSignedInAs(other.usr_id);

    const done = await signOut(phone, { everywhere: "1", returnTo: "/" });
    expect(done).toMatchObject({ status: 302, location: "/" });
    expect(await signedInAs(phone)).toBeUndefined();
    expect(await signedInAs(laptop)).toBeUndefined();
    expect(await signedInAs(otherLaptop)).toBe(other.usr_id);

    expect(await signedInAs(await browserSignedInAs(person.usr_id))).toBe(person.usr_id);
  });

  it("a forged 'everywhere' from a signed-out browser changes nothing", async () => {
    const person = await makeUser(db);
    const laptop = await browserSignedInAs(person.usr_id);
    expect((await signOut("", { everywhere: "1" })).status).toBe(302);
    expect(await signedInAs(laptop)).toBe(person.usr_id);
  });

  it("a new password ends the other sessions and signs in the browser that set it", async () => {
    const person = await makeUser(db);
    await setPassword(db, person.usr_id, await hashPassword("the old long password"));
    const stolenLaptop = await browserSignedInAs(person.usr_id);

    await call(
      forgotRoute.action as RouteFunction,
      makeRequest("/auth/forgot-password", { form: { email: person.email_address } }),
    );
    const link = linkTo(await lastMailTo(person.email_address), "/auth/reset-password");
    const done = await call(
      resetRoute.action as RouteFunction,
      makeRequest(`${link.pathname}${link.search}`, { form: { password: "a brand new long password" } }),
    );
    expect(done.status).toBe(302);
    const here = done
      .response!.headers.getSetCookie()
      .find((value) => value.startsWith("gavel_session="))!
      .split(";")[0];

    expect(await signedInAs(stolenLaptop)).toBeUndefined();
    expect(await signedInAs(here)).toBe(person.usr_id);
  });

  it("a cookie without a session id (from before sign-out ended sessions on the server) counts as ended", async () => {
    const person = await makeUser(db);
    const session = await sessionStorage.getSession();
    session.set(SESSION_USER_KEY, { usrId: person.usr_id, version: 1 });
    session.set("expiresAt", Date.now() + 60_000);
    const cookie = (await sessionStorage.commitSession(session)).split(";")[0];
    expect(await signedInAs(cookie)).toBeUndefined();
  });

  it("a cookie without a session version counts as ended", async () => {
    const person = await makeUser(db);
    const session = await sessionStorage.getSession();
    session.set(SESSION_USER_KEY, { usrId: person.usr_id });
    session.set("expiresAt", Date.now() + 60_000);
    const cookie = (await sessionStorage.commitSession(session)).split(";")[0];
    expect(await signedInAs(cookie)).toBeUndefined();
  });
});
