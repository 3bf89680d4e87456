// Resetting a forgotten password by an emailed link: once, for an hour, with the same answer for every address.
import { describe, expect, it } from "vitest";
import { getSignedInUser } from "~/auth/access.server";
import { setPassword } from "~/auth/accounts.server";
import { resetPassword } from "~/auth/password-reset.server";
import { signInWithPassword } from "~/auth/password-sign-in.server";
import { hashPassword } from "~/auth/password.server";
import { recordSignInFailure, signInBlock } from "~/auth/sign-in-limits.server";
import * as forgotRoute from "~/routes/auth.forgot-password";
import * as resetRoute from "~/routes/auth.reset-password";
import { testDatabase } from "../support/database";
import { lastMailTo, linkTo, mailTo } from "../support/mailbox";
import { makeUser } from "../support/people";
import { call, makeRequest, type RouteFunction } from "../support/route-calls";

const { db } = testDatabase();
const OLD_PASSWORD = "the old long password";
const NEW_PASSWORD = "a brand new long password";

async function personWithPassword() {
  const person = await makeUser(db);
  await setPassword(db, person.usr_id, await hashPassword(OLD_PASSWORD));
  return person;
}

const askForReset = (email: string) =>
  call(forgotRoute.action as RouteFunction, makeRequest("/auth/forgot-password", { form: { email } }));

const openLink = (link: URL) => call(resetRoute.loader as RouteFunction, makeRequest(`${link.pathname}${link.search}`));
const reset = (link: URL, password: string) =>
  call(resetRoute.action as RouteFunction, makeRequest(`${link.pathname}${link.search}`, { form: { password } }));

const signsInWith = async (email: string, password: string) =>
  (await signInWithPassword({ email, password, ip: undefined, device: undefined })).ok;

describe("password reset", () => {
  it("mails a link that changes the password and signs the person in", async () => {
    const person = await personWithPassword();
    expect(await askForReset(person.email_address)).toMatchObject({
      status: 302,
      location: "/auth/check-email?for=password-reset",
    });

    const message = await lastMailTo(person.email_address);
    expect(message.subject).toBe("Reset your Gavel password");
    const link = linkTo(message, "/auth/reset-password");
    expect(await openLink(link)).toMatchObject({ status: 200, data: { email: person.email_address } });

    const done = await reset(link, NEW_PASSWORD);
    expect(done).toMatchObject({ status: 302, location: "/" });
    const cookie = done
      .response!.headers.getSetCookie()
      .find((value) => value.startsWith("gavel_session="))!
      .split(";")[0];
    expect((await getSignedInUser(new Request("http://localhost/", { headers: { Cookie: cookie } })))?.usr_id).toBe(
      person.usr_id,
    );
    expect(await signsInWith(person.email_address, NEW_PASSWORD)).toBe(true);
    expect(await signsInWith(person.email_address, OLD_PASSWORD)).toBe(false);
  });

  it("works once", async () => {
    const person = await personWithPassword();
    await askForReset(person.email_address);
    const link = linkTo(await lastMailTo(person.email_address), "/auth/reset-password");
    expect((await reset(link, NEW_PASSWORD)).status).toBe(302);
    expect((await openLink(link)).status).toBe(410);
    expect((await reset(link, "yet another long password")).status).toBe(410);
    expect(await signsInWith(person.email_address, NEW_PASSWORD)).toBe(true);
  });

  it("expires after an hour", async () => {
    const person = await personWithPassword();
    await askForReset(person.email_address);
    const token = linkTo(await lastMailTo(person.email_address), "/auth/reset-password").searchParams.get("token")!;
    const later = new Date(Date.now() + 61 * 60_000);
    expect(await resetPassword({ token, password: NEW_PASSWORD, now: later })).toEqual({
      ok: false,
      reason: "invalid-link",
    });
    expect(await signsInWith(person.email_address, OLD_PASSWORD)).toBe(true);
  });

  it("retires older links once the password has changed", async () => {
    const person = await personWithPassword();
    await askForReset(person.email_address);
    const first = linkTo(await lastMailTo(person.email_address), "/auth/reset-password");
    await askForReset(person.email_address);
    const second = linkTo(await lastMailTo(person.email_address), "/auth/reset-password");
    expect(first.href).not.toBe(second.href);
    expect((await reset(second, NEW_PASSWORD)).status).toBe(302);
    expect((await reset(first, "an attacker's long password")).status).toBe(410);
  });

  it("answers an unknown address exactly like a known one, and sends it nothing", async () => {
    const person = await personWithPassword();
    const known = await askForReset(person.email_address);
    const unknown = await askForReset("no-account-here@example.org");
    expect([unknown.status, unknown.location]).toEqual([known.status, known.location]);
    expect(await mailTo("no-account-here@example.org")).toEqual([]);
  });

  it("checks the new password against the rules without using up the link", async () => {
    const person = await personWithPassword();
    await askForReset(person.email_address);
    const link = linkTo(await lastMailTo(person.email_address), "/auth/reset-password");
    expect(await reset(link, "tiny")).toMatchObject({
      status: 400,
      data: { formId: "reset-password", error: { password: ["Use at least 10 characters."] } },
    });
    expect(await reset(link, person.email_address)).toMatchObject({
      status: 400,
      data: { error: { password: ["Your password cannot be your email address."] } },
    });
    expect((await reset(link, NEW_PASSWORD)).status).toBe(302);
  });

  it("lifts a sign-in block on the account", async () => {
    const person = await personWithPassword();
    const attempt = () => ({
      email: person.email_address,
      device: "stranger",
      ip: undefined,
      own: false,
      now: new Date(),
    });
    for (let n = 0; n < 5; n++) await recordSignInFailure(db, attempt());
    expect(await signInBlock(db, attempt())).toBeDefined();
    await askForReset(person.email_address);
    await reset(linkTo(await lastMailTo(person.email_address), "/auth/reset-password"), NEW_PASSWORD);
    expect(await signInBlock(db, attempt())).toBeUndefined();
  });

  it("shows a clear page for a link that does not work", async () => {
    expect(await openLink(new URL("http://localhost:3000/auth/reset-password?token=nonsense"))).toMatchObject({
      status: 410,
      data: { email: null },
    });
  });
});
