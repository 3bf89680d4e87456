// Signing up with email and password: the form answers the same for every address, and only the emailed link
// (which proves the address) sets a password, so nobody can take over an existing person by signing up as them.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getSignedInUser } from "~/auth/access.server";
import { setPassword } from "~/auth/accounts.server";
import { hashPassword, verifyPassword } from "~/auth/password.server";
import { finishSignUp } from "~/auth/sign-up.server";
import * as finishRoute from "~/routes/auth.finish-sign-up";
import * as signUpRoute from "~/routes/auth.sign-up";
import { auth_token, usr, usr_password } from "~drizzle/schema";
import { testDatabase } from "../support/database";
import { linkTo, lastMailTo, mailTo } from "../support/mailbox";
import { makeUser } from "../support/people";
import { call, makeRequest, type Outcome, type RouteFunction } from "../support/route-calls";
import type { FormReply } from "~/forms/form-contract";

const { db } = testDatabase();
const PASSWORD = "a long and private passphrase";

const requestSignUp = (email: string, returnTo = "/") =>
  call(signUpRoute.action as RouteFunction, makeRequest("/auth/sign-up", { form: { email, returnTo } }));

const finish = (link: URL, form: Record<string, string>) =>
  call(finishRoute.action as RouteFunction, makeRequest(`${link.pathname}${link.search}`, { form }));

const openLink = (link: URL) =>
  call(finishRoute.loader as RouteFunction, makeRequest(`${link.pathname}${link.search}`));

const sessionOf = (outcome: Outcome) =>
  getSignedInUser(
    new Request("http://localhost/", {
      headers: { Cookie: outcome.response!.headers.get("Set-Cookie")!.split(";")[0] },
    }),
  ).then((user) => user?.usr_id);

const passwordHashOf = async (usrId: number) =>
  (await db.select().from(usr_password).where(eq(usr_password.usr_id, usrId)))[0]?.password_hash;

describe("sign-up", () => {
  it("sends a link that sets the password, signs the person in and goes back where they were", async () => {
    const email = "new.organiser@example.org";
    expect(await requestSignUp(email, "/teamsignup")).toMatchObject({
      status: 302,
      location: "/auth/check-email?for=sign-up",
    });

    const message = await lastMailTo(email);
    expect(message.subject).toBe("Finish signing up for Gavel");
    expect(message.html).toContain("Choose your password");
    const link = linkTo(message, "/auth/finish-sign-up");
    expect(link.origin).toBe("http://localhost:3000");
    expect(link.searchParams.get("returnTo")).toBe("/teamsignup");
    expect(await openLink(link)).toMatchObject({ status: 200, data: { email } });

    const done = await finish(link, { firstName: "Nia", lastName: "Okafor", password: PASSWORD });
    expect(done.status).toBe(302);
    expect(done.location).toBe("/teamsignup");
    const [person] = await db.select().from(usr).where(eq(usr.email_address, email));
    expect(person).toMatchObject({ first_name: "Nia", last_name: "Okafor" });
    expect(await sessionOf(done)).toBe(person.usr_id);
    expect(await verifyPassword(await passwordHashOf(person.usr_id), PASSWORD)).toBe(true);
  });

  it("works once", async () => {
    await requestSignUp("once@example.org");
    const link = linkTo(await lastMailTo("once@example.org"), "/auth/finish-sign-up");
    expect((await finish(link, { password: PASSWORD })).status).toBe(302);
    expect((await openLink(link)).status).toBe(410);
    expect(await finish(link, { password: "another long passphrase" })).toMatchObject({
      status: 410,
      data: { formId: "finish-sign-up", error: { "": [expect.stringContaining("used or has expired")] } },
    });
  });

  it("expires after 24 hours", async () => {
    await requestSignUp("late@example.org");
    const token = linkTo(await lastMailTo("late@example.org"), "/auth/finish-sign-up").searchParams.get("token")!;
    const tomorrow = new Date(Date.now() + 24 * 3_600_000 + 60_000);
    expect(await finishSignUp({ token, password: PASSWORD, now: tomorrow })).toEqual({
      ok: false,
      reason: "invalid-link",
    });
    expect((await finishSignUp({ token, password: PASSWORD })).ok).toBe(true);
  });

  it("asks for a password of 10 characters that is not the email address, keeping the link usable", async () => {
    await requestSignUp("rules@example.org");
    const link = linkTo(await lastMailTo("rules@example.org"), "/auth/finish-sign-up");
    const short = await finish(link, { firstName: "Rita", password: "short" });
    // What was typed comes back, but never the password.
    expect((short.data as FormReply).initialValue).toEqual({ firstName: "Rita" });
    expect(short).toMatchObject({
      status: 400,
      data: { formId: "finish-sign-up", error: { password: ["Use at least 10 characters."] } },
    });
    expect(await finish(link, { password: "Rules@Example.org" })).toMatchObject({
      status: 400,
      data: { formId: "finish-sign-up", error: { password: ["Your password cannot be your email address."] } },
    });
    expect((await finish(link, { password: PASSWORD })).status).toBe(302);
  });

  it("answers an address with an account exactly like a new one, and tells only its owner by email", async () => {
    const existing = await makeUser(db);
    await setPassword(db, existing.usr_id, await hashPassword(PASSWORD));
    const forExisting = await requestSignUp(existing.email_address);
    const forNew = await requestSignUp("brand.new@example.org");
    expect([forExisting.status, forExisting.location]).toEqual([forNew.status, forNew.location]);

    const note = await lastMailTo(existing.email_address);
    expect(note.subject).toBe("You already have a Gavel account");
    expect(note.text).toContain("http://localhost:3000/auth/forgot-password");
    expect(await db.select().from(auth_token).where(eq(auth_token.usr_id, existing.usr_id))).toEqual([]);
    expect(await verifyPassword(await passwordHashOf(existing.usr_id), PASSWORD)).toBe(true);
  });

  it("lets a person who exists without a password (a registered guest) set one through the link, on the same row", async () => {
    const guest = await makeUser(db, { first_name: "Gail" });
    await requestSignUp(guest.email_address.toUpperCase());
    // Until the link is used, the sign-up changed nothing a password could be checked against.
    expect(await passwordHashOf(guest.usr_id)).toBeUndefined();

    const link = linkTo(await lastMailTo(guest.email_address), "/auth/finish-sign-up");
    const done = await finish(link, { firstName: "Someone else", password: PASSWORD });
    expect(await sessionOf(done)).toBe(guest.usr_id);
    const rows = await db.select().from(usr).where(eq(usr.usr_id, guest.usr_id));
    expect(rows[0].first_name).toBe("Gail"); // a name the person already had is kept
    expect(await verifyPassword(await passwordHashOf(guest.usr_id), PASSWORD)).toBe(true);
  });

  it("checks the address before sending anything", async () => {
    expect(await requestSignUp("not an address")).toMatchObject({
      status: 400,
      data: { formId: "sign-up", error: { email: ["Enter an email address such as ada@example.org."] } },
    });
    expect(await mailTo("not an address")).toEqual([]);
  });
});
