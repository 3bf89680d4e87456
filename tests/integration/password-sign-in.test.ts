// Email and password sign-in through the /auth/sign-in action, with wrong passwords paced per account, per browser
// and per address for clients without a device cookie, the owner's own browser never held back, and no hint whether
// an address has an account.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getSignedInUser } from "~/auth/access.server";
import { setPassword } from "~/auth/accounts.server";
import { ensureDevice } from "~/auth/devices.server";
import { signInWithPassword } from "~/auth/password-sign-in.server";
import { hashPassword } from "~/auth/password.server";
import { SIGN_IN_PACES } from "~/auth/sign-in-limits.server";
import * as signInRoute from "~/routes/auth.sign-in";
import { paced_attempt } from "~drizzle/schema";
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

/** A browser's device cookie (the Cookie header's pair), as the sign-in pages hand it out. */
async function aDeviceCookie() {
  return (await ensureDevice(new Request("http://localhost/"))).setCookie!.split(";")[0];
}

/** Posts the sign-in form as a browser at `clientAddress` (holding `cookie`, if any) would. */
async function signIn(
  email: string,
  password: string,
  {
    returnTo = "/",
    clientAddress = "198.51.100.1",
    cookie,
  }: { returnTo?: string; clientAddress?: string; cookie?: string } = {},
) {
  const request = makeRequest("/auth/sign-in", { form: { email, password, returnTo }, cookie });
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

describe("failed sign-in pacing (decision 035)", () => {
  const { account, cookielessAddress, device } = SIGN_IN_PACES;

  it(`paces an account after ${account.free} wrong passwords from strangers' browsers, and points to the code`, async () => {
    const person = await personWithPassword();
    for (let attempt = 0; attempt < account.free; attempt++) {
      expect((await signIn(person.email_address, `wrong ${attempt}`, { cookie: await aDeviceCookie() })).status).toBe(
        400,
      );
    }
    const refused = await signIn(person.email_address, PASSWORD, { cookie: await aDeviceCookie() });
    expect(refused).toMatchObject({
      status: 429,
      data: {
        formId: "password-sign-in",
        error: {
          "": [
            expect.stringMatching(
              /^Many wrong passwords were tried for this email address just now\. Try again in \d seconds?, or sign in with a code sent to your email\.$/,
            ),
          ],
        },
      },
    });
    const raw = (await signInRoute.action({
      request: makeRequest("/auth/sign-in", { form: { email: person.email_address, password: PASSWORD } }),
      params: {},
      context: {},
    })) as { init?: ResponseInit };
    expect(new Headers(raw.init?.headers).get("Retry-After")).toBe("1");
  });

  it("lets the owner's own browser in, whatever strangers tried on the same network", async () => {
    const person = await personWithPassword();
    const own = await aDeviceCookie();
    const venue = "203.0.113.10";
    expect((await signIn(person.email_address, PASSWORD, { cookie: own, clientAddress: venue })).status).toBe(302);
    // Strangers on the venue's address: browsers of their own, and a script that keeps no cookies.
    for (let attempt = 0; attempt < 25; attempt++) {
      const cookie = attempt % 2 === 0 ? await aDeviceCookie() : undefined;
      await signIn(person.email_address, `guess ${attempt}`, { cookie, clientAddress: venue });
    }
    expect((await signIn(person.email_address, PASSWORD, { clientAddress: venue })).status).toBe(429);
    expect((await signIn(person.email_address, PASSWORD, { cookie: own, clientAddress: venue })).status).toBe(302);
  });

  it("doubles the wait with each wrong password up to 15 minutes, and forgets them an hour on", async () => {
    const person = await personWithPassword();
    const start = new Date("2026-03-01T12:00:00Z");
    const attempt = (password: string, now: Date) =>
      signInWithPassword({ email: person.email_address, password, ip: undefined, device: "stranger", now });
    for (let n = 0; n < account.free; n++) await attempt("wrong", start);
    expect(await attempt(PASSWORD, start)).toMatchObject({
      ok: false,
      reason: "blocked",
      block: { scope: "account", retryAt: new Date(start.getTime() + 1_000) },
    });
    let now = start;
    const waits: number[] = [];
    for (let n = 0; n < 12; n++) {
      const answer = await attempt("wrong", now);
      if (!answer.ok && answer.reason === "blocked") {
        waits.push(answer.block.retryAt.getTime() - now.getTime());
        now = answer.block.retryAt;
      }
      await attempt("wrong", now);
    }
    expect(waits.slice(0, 4)).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect(Math.max(...waits)).toBe(account.maxDelayMs);
    const later = new Date(now.getTime() + 60 * 60_000 + 1);
    expect(await attempt(PASSWORD, later)).toEqual({ ok: true, usrId: person.usr_id });
  });

  it("clears the account's slate after a successful sign-in", async () => {
    const person = await personWithPassword();
    const cookie = await aDeviceCookie();
    for (let attempt = 0; attempt < account.free - 1; attempt++)
      await signIn(person.email_address, "wrong", { cookie });
    expect((await signIn(person.email_address, PASSWORD, { cookie })).status).toBe(302);
    const stranger = await aDeviceCookie();
    for (let attempt = 0; attempt < account.free - 1; attempt++)
      await signIn(person.email_address, "wrong", { cookie: stranger });
    expect((await signIn(person.email_address, PASSWORD, { cookie: stranger })).status).toBe(302);
  });

  it(`paces one browser after ${device.free} wrong passwords, whichever accounts it tried, and no other`, async () => {
    const clientAddress = "203.0.113.77";
    const guesser = await aDeviceCookie();
    for (let attempt = 0; attempt < device.free; attempt++) {
      await signIn(`target-${attempt}@example.org`, "guess", { cookie: guesser, clientAddress });
    }
    const person = await personWithPassword();
    const refused = await signIn(person.email_address, PASSWORD, { cookie: guesser, clientAddress });
    expect(refused.status).toBe(429);
    expect(refused.data).toMatchObject({
      error: { "": [expect.stringMatching(/^Many wrong passwords or codes were typed in this browser just now/)] },
    });
    // Another browser on the same network is not held back.
    expect(
      (await signIn(person.email_address, PASSWORD, { cookie: await aDeviceCookie(), clientAddress })).status,
    ).toBe(302);
  });

  it(`paces clients without a device cookie on one address after ${cookielessAddress.free}, not browsers with one`, async () => {
    const clientAddress = "203.0.113.78";
    for (let attempt = 0; attempt < cookielessAddress.free; attempt++) {
      await signIn(`sprayed-${attempt}@example.org`, "guess", { clientAddress });
    }
    const person = await personWithPassword();
    const refused = await signIn(person.email_address, PASSWORD, { clientAddress });
    expect(refused.data).toMatchObject({
      error: { "": [expect.stringMatching(/^Many sign-in attempts came from your network just now/)] },
    });
    expect(
      (await signIn(person.email_address, PASSWORD, { cookie: await aDeviceCookie(), clientAddress })).status,
    ).toBe(302);
  });

  it("checks a burst from one address one at a time, refusing those left once the pace holds them", async () => {
    const clientAddress = "203.0.113.79";
    const left = 5;
    await db.insert(paced_attempt).values(
      Array.from({ length: cookielessAddress.free - left }, () => ({
        kind: "password:cookieless",
        subject: clientAddress,
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
    const recorded = await db.select().from(paced_attempt).where(eq(paced_attempt.subject, clientAddress));
    expect(recorded).toHaveLength(cookielessAddress.free);
  });
});
