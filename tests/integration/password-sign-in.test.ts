// Email and password sign-in through the /auth/sign-in action, with the failed-attempt limits per account and
// per client address, and no hint whether an address has an account.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getSignedInUser } from "~/auth/access.server";
import { setPassword } from "~/auth/accounts.server";
import { signInWithPassword } from "~/auth/password-sign-in.server";
import { hashPassword } from "~/auth/password.server";
import { SIGN_IN_LIMITS } from "~/auth/sign-in-limits.server";
import * as signInRoute from "~/routes/auth.sign-in";
import { sign_in_failure } from "~drizzle/schema";
import { testDatabase } from "../support/database";
import { makeUser } from "../support/people";
import { call, makeRequest, type Outcome, type RouteFunction } from "../support/route-calls";
import type { ActionFunctionArgs } from "@remix-run/node";

const { db } = testDatabase();
const PASSWORD = "correct horse battery staple";

async function personWithPassword() {
  const person = await makeUser(db);
  await setPassword(db, person.usr_id, await hashPassword(PASSWORD));
  return person;
}

/** Posts the sign-in form as a browser at `clientAddress` would. */
async function signIn(email: string, password: string, { returnTo = "/", clientAddress = "198.51.100.1" } = {}) {
  const request = makeRequest("/auth/sign-in", { form: { email, password, returnTo } });
  const withAddress = (args: ActionFunctionArgs) => signInRoute.action({ ...args, context: { clientAddress } });
  return call(withAddress as RouteFunction, request);
}

const sessionOf = (outcome: Outcome) =>
  getSignedInUser(
    new Request("http://localhost/", {
      headers: { Cookie: outcome.response!.headers.get("Set-Cookie")!.split(";")[0] },
    }),
  ).then((user) => user?.usr_id);

describe("password sign-in", () => {
  it("signs in with the right password, starts a session and goes where the person was going", async () => {
    const person = await personWithPassword();
    const outcome = await signIn(person.email_address.toUpperCase(), PASSWORD, { returnTo: "/teamsignup" });
    expect(outcome).toMatchObject({ status: 302, location: "/teamsignup" });
    expect(await sessionOf(outcome)).toBe(person.usr_id);
  });

  it("goes only to paths on this site afterwards", async () => {
    const person = await personWithPassword();
    expect((await signIn(person.email_address, PASSWORD, { returnTo: "//evil.example/x" })).location).toBe("/");
  });

  it("answers a wrong password and an unknown address the same way", async () => {
    const person = await personWithPassword();
    const wrong = await signIn(person.email_address, "not the password");
    const unknown = await signIn("nobody-here@example.org", PASSWORD);
    expect(wrong).toMatchObject({
      status: 400,
      data: { formId: "password-sign-in", error: { "": ["The email address or password is not right."] } },
    });
    expect(unknown.status).toBe(wrong.status);
    // The address typed comes back; the password never does.
    expect(unknown.data).toEqual({
      ...(wrong.data as object),
      initialValue: { email: "nobody-here@example.org", returnTo: "/" },
    });
    expect((wrong.data as { initialValue: object }).initialValue).not.toHaveProperty("password");
  });

  it("refuses a person who exists without a password (a guest, an invitee) like a wrong password", async () => {
    const guest = await makeUser(db);
    expect((await signIn(guest.email_address, "any password at all")).status).toBe(400);
  });

  it("shows field errors with status 400 for an empty form", async () => {
    const outcome = await signIn("", "");
    expect(outcome).toMatchObject({
      status: 400,
      data: {
        formId: "password-sign-in",
        error: { email: ["Enter your email address."], password: ["Enter your password."] },
      },
    });
  });
});

describe("failed sign-in limits", () => {
  it(`refuses an account after ${SIGN_IN_LIMITS.perAccount} failures, before checking the password`, async () => {
    const person = await personWithPassword();
    for (let attempt = 0; attempt < SIGN_IN_LIMITS.perAccount; attempt++) {
      expect((await signIn(person.email_address, `wrong ${attempt}`)).status).toBe(400);
    }
    const refused = await signIn(person.email_address, PASSWORD);
    expect(refused).toMatchObject({
      status: 429,
      data: {
        formId: "password-sign-in",
        error: {
          "": [
            "Too many attempts to sign in with this email address. Try again in 15 minutes, or sign in with a code sent to your email.",
          ],
        },
      },
    });
    const raw = (await signInRoute.action({
      request: makeRequest("/auth/sign-in", { form: { email: person.email_address, password: PASSWORD } }),
      params: {},
      context: {},
    })) as { init?: ResponseInit };
    expect(new Headers(raw.init?.headers).get("Retry-After")).toMatch(/^(899|900)$/);
  });

  it("limits an unknown address exactly like an account", async () => {
    for (let attempt = 0; attempt < SIGN_IN_LIMITS.perAccount; attempt++) await signIn("ghost@example.org", "guess");
    const refused = await signIn("ghost@example.org", "guess");
    expect(refused.status).toBe(429);
    expect(refused.data).toMatchObject({
      error: { "": [expect.stringMatching(/^Too many attempts to sign in with this email address/)] },
    });
  });

  it("lets the account in again once the failures are 15 minutes old", async () => {
    const person = await personWithPassword();
    const start = new Date("2026-03-01T12:00:00Z");
    for (let attempt = 0; attempt < SIGN_IN_LIMITS.perAccount; attempt++) {
      await signInWithPassword({ email: person.email_address, password: "wrong", ip: undefined, now: start });
    }
    const soon = new Date(start.getTime() + 14 * 60_000);
    expect(
      await signInWithPassword({ email: person.email_address, password: PASSWORD, ip: undefined, now: soon }),
    ).toMatchObject({
      ok: false,
      reason: "blocked",
      block: { scope: "account", retryAt: new Date(start.getTime() + SIGN_IN_LIMITS.windowMs) },
    });
    const later = new Date(start.getTime() + 15 * 60_000 + 1);
    expect(
      await signInWithPassword({ email: person.email_address, password: PASSWORD, ip: undefined, now: later }),
    ).toEqual({
      ok: true,
      usrId: person.usr_id,
    });
  });

  it("clears the account's failures after a successful sign-in", async () => {
    const person = await personWithPassword();
    for (let attempt = 0; attempt < SIGN_IN_LIMITS.perAccount - 1; attempt++)
      await signIn(person.email_address, "wrong");
    expect((await signIn(person.email_address, PASSWORD)).status).toBe(302);
    expect(
      await db.select().from(sign_in_failure).where(eq(sign_in_failure.email, person.email_address.toLowerCase())),
    ).toEqual([]);
    for (let attempt = 0; attempt < SIGN_IN_LIMITS.perAccount - 1; attempt++)
      await signIn(person.email_address, "wrong");
    expect((await signIn(person.email_address, PASSWORD)).status).toBe(302);
  });

  it(`refuses a client address after ${SIGN_IN_LIMITS.perAddress} failures, whichever accounts it tried`, async () => {
    const clientAddress = "203.0.113.77";
    for (let attempt = 0; attempt < SIGN_IN_LIMITS.perAddress; attempt++) {
      await signIn(`target-${attempt % 5}-${attempt}@example.org`, "guess", { clientAddress });
    }
    const person = await personWithPassword();
    const refused = await signIn(person.email_address, PASSWORD, { clientAddress });
    expect(refused).toMatchObject({
      status: 429,
      data: {
        formId: "password-sign-in",
        error: {
          "": [
            "Too many sign-in attempts from your network. Try again in 15 minutes, or sign in with a code sent to your email.",
          ],
        },
      },
    });
    // Other addresses are not affected.
    expect((await signIn(person.email_address, PASSWORD, { clientAddress: "203.0.113.78" })).status).toBe(302);
  });

  it("checks a burst from one address one at a time, refusing those left once the ceiling is reached", async () => {
    const clientAddress = "203.0.113.79";
    const left = 5;
    await db.insert(sign_in_failure).values(
      Array.from({ length: SIGN_IN_LIMITS.perAddress - left }, (_, n) => ({
        email: `earlier-${n}@example.org`,
        ip: clientAddress,
        created_at: new Date(),
      })),
    );
    const burst = await Promise.all(
      Array.from({ length: 2 * left }, (_, n) => signIn(`burst-${n}@example.org`, "guess", { clientAddress })),
    );
    expect(burst.map((outcome) => outcome.status).sort()).toEqual([
      ...Array<number>(left).fill(400),
      ...Array<number>(left).fill(429),
    ]);
    const recorded = await db.select().from(sign_in_failure).where(eq(sign_in_failure.ip, clientAddress));
    expect(recorded).toHaveLength(SIGN_IN_LIMITS.perAddress);
  });
});
