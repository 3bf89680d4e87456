// Signing in with a code sent by email (/auth/code) against a real database: the code in the mail, wrong codes,
// expiry, single use, a new account for a new address, the pacing, and a returnTo that stays on this site. The
// lockout drill (lockout-drill.test.ts) plays strangers on the owner's network.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getSignedInUser } from "~/auth/access.server";
import { deleteExpiredSignInRecords } from "~/auth/cleanup.server";
import { heldDeviceKey } from "~/auth/devices.server";
import { PACING_WINDOW_MS } from "~/auth/pacing.server";
import { CODE_REQUEST_PACES, requestSignInCode, verifySignInCode } from "~/auth/sign-in-code.server";
import * as codeRoute from "~/routes/auth.code";
import { paced_attempt, sign_in_code, usr } from "~drizzle/schema";
import { testDatabase } from "../support/database";
import { lastMailTo, mailTo } from "../support/mailbox";
import { giveRole, makeEvent, makeUser, teamRole } from "../support/people";
import { call, makeRequest, type Outcome, type RouteFunction } from "../support/route-calls";
import type { FormReply } from "~/forms/form-contract";

const { db } = testDatabase();

const newAddress = () => `bidder-${Math.random().toString(36).slice(2, 10)}@example.org`;

/** A browser going through /auth/code: it keeps the cookies the answers set (its session, its device). */
function browser(returnTo?: string) {
  const jar = new Map<string, string>();
  let cookie: string | undefined;
  const path = returnTo ? `/auth/code?returnTo=${encodeURIComponent(returnTo)}` : "/auth/code";
  const keep = (outcome: Outcome) => {
    for (const set of outcome.response?.headers.getSetCookie() ?? []) {
      const pair = set.split(";")[0];
      jar.set(pair.split("=")[0], pair);
    }
    cookie = [...jar.values()].join("; ") || undefined;
    return outcome;
  };
  const post = async (form: Record<string, string>) =>
    keep(
      await call(
        codeRoute.action as RouteFunction,
        makeRequest(path, { cookie, form: { returnTo: returnTo ?? "", ...form } }),
      ),
    );
  return {
    open: async () => keep(await call(codeRoute.loader as RouteFunction, makeRequest(path, { cookie }))),
    send: (email: string) => post({ intent: "send", email }),
    resend: () => post({ intent: "resend" }),
    restart: () => post({ intent: "restart" }),
    enter: (code: string, names: { first_name?: string; last_name?: string } = {}) =>
      post({ intent: "verify", code, ...names }),
    /** The key of the device cookie the browser holds. */
    device: () => heldDeviceKey(new Request("http://localhost/", { headers: { Cookie: cookie ?? "" } })),
    signedInAs: () =>
      getSignedInUser(new Request("http://localhost/", { headers: { Cookie: cookie ?? "" } })).then(
        (user) => user?.usr_id,
      ),
  };
}

/** The code in a mail as it shows it (a team member's in groups of five), and as typed without its spaces. */
const shownCodeIn = (text: string) => {
  const code = text.match(/sign-in code is (\d[\d ]*\d)/)?.[1];
  if (!code) throw new Error(`No code in:\n${text}`);
  return code;
};
const codeIn = (text: string) => shownCodeIn(text).replaceAll(" ", "");
const lastCodeTo = async (email: string) => codeIn((await lastMailTo(email)).text);
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");
const codeRows = (email: string) => db.select().from(sign_in_code).where(eq(sign_in_code.email, email.toLowerCase()));
/** The messages of a refusal (a FormReply): by field, "" for the form's own. */
const messageOf = (outcome: Outcome) => (outcome.data as FormReply).error ?? {};

describe(`sign-in codes on ${process.env.TEST_DB_ENGINE}`, () => {
  it("mails a code, asks for it on the same page, creates the account of a new address and signs it in", async () => {
    const email = newAddress();
    const person = browser();
    expect((await person.open()).data).toMatchObject({ email: null, returnTo: "/" });
    expect(await person.send(email)).toMatchObject({ status: 302, location: "/auth/code" });
    // Step two: the address is remembered in the session, not put in the page's address.
    expect((await person.open()).data).toMatchObject({ email });

    const message = await lastMailTo(email);
    expect(message.subject).toBe("Your Gavel sign-in code");
    expect(message.text).toContain("works once, for 10 minutes");
    const code = codeIn(message.text);
    // Stored hashed, never as the code.
    const [row] = await codeRows(email);
    expect(row.code_hash).not.toContain(code);
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);

    expect(await db.select().from(usr).where(eq(usr.email_address, email))).toEqual([]);
    const done = await person.enter(code.replace(/^(\d{3})/, "$1 "), { first_name: " Ada ", last_name: "" });
    expect(done).toMatchObject({ status: 302, location: "/" });
    const [account] = await db.select().from(usr).where(eq(usr.email_address, email));
    expect(account).toMatchObject({ first_name: "Ada", last_name: null });
    expect(await person.signedInAs()).toBe(account.usr_id);
    // The session forgets the address, and the page sends a signed-in person on.
    expect(await person.open()).toMatchObject({ status: 302, location: "/" });
  });

  it("signs in the existing account of the address, whatever its case, and keeps the names it has", async () => {
    const existing = await makeUser(db, { email: `${newAddress()}`, first_name: "Grace" });
    const person = browser();
    await person.send(existing.email_address.toUpperCase());
    const code = await lastCodeTo(existing.email_address);
    expect((await person.enter(code, { first_name: "Someone else" })).status).toBe(302);
    expect(await person.signedInAs()).toBe(existing.usr_id);
    const accounts = await db
      .select()
      .from(usr)
      .where(sql`lower(${usr.email_address}) = ${existing.email_address.toLowerCase()}`);
    expect(accounts).toHaveLength(1);
    expect(accounts[0].first_name).toBe("Grace");
  });

  it("answers a wrong code with the tries left, takes 5, then asks for a new code", async () => {
    const email = newAddress();
    const person = browser();
    await person.send(email);
    const code = await lastCodeTo(email);
    const wrong = wrongCode(code);
    for (const left of [4, 3, 2, 1]) {
      const outcome = await person.enter(wrong, { first_name: "Ada" });
      expect(outcome.status).toBe(400);
      // The name typed comes back; the code, a credential, does not.
      expect((outcome.data as FormReply).initialValue).toMatchObject({ first_name: "Ada" });
      expect((outcome.data as FormReply).initialValue).not.toHaveProperty("code");
      expect(messageOf(outcome).code).toEqual([
        `That code is not right. You can try ${left} more ${left === 1 ? "time" : "times"}.`,
      ]);
    }
    expect(messageOf(await person.enter(wrong)).code).toEqual([
      "Too many wrong tries for this code. Ask for a new code below.",
    ]);
    // Even the right code no longer works; a new one does: codes go to the owner's inbox, so wrong tries (perhaps a
    // stranger's) never lock the owner out (issue 19).
    const after = await person.enter(code);
    expect(after.status).toBe(400);
    expect(await person.signedInAs()).toBeUndefined();
    expect((await codeRows(email))[0].attempts).toBe(5);
    expect(await db.select().from(usr).where(eq(usr.email_address, email))).toEqual([]);
    await person.send(email);
    expect(await person.enter(await lastCodeTo(email))).toMatchObject({ status: 302 });
  });

  it("refuses something that is neither 6 nor 10 digits without using up a try", async () => {
    const email = newAddress();
    const person = browser();
    await person.send(email);
    for (const typed of ["12345", "1234567", "12345678901"])
      expect(messageOf(await person.enter(typed)).code).toEqual(["Enter the code from the email: its 6 or 10 digits."]);
    expect((await codeRows(email))[0].attempts).toBe(0);
  });

  it("gives a team member's address 10 digits, shown in groups of five, and a guest's 6 (issue 19, M2)", async () => {
    const { event_id } = await makeEvent(db);
    const member = await makeUser(db);
    await giveRole(db, member.usr_id, event_id, teamRole("can_edit_auction_items"));
    // A guest's role on an event lets them bid and nothing else: still a guest.
    const guest = await makeUser(db);
    await giveRole(db, guest.usr_id, event_id, { can_bid: true });

    const staff = browser();
    await staff.send(member.email_address.toUpperCase());
    const shown = shownCodeIn((await lastMailTo(member.email_address)).text);
    expect(shown).toMatch(/^\d{5} \d{5}$/);
    // The guest's 6 digits do not sign a team member in, whatever they are.
    expect((await staff.enter(shown.slice(0, 6))).status).toBe(400);
    expect(await staff.enter(shown)).toMatchObject({ status: 302, location: "/" });
    expect(await staff.signedInAs()).toBe(member.usr_id);

    for (const email of [guest.email_address, newAddress()]) {
      const person = browser();
      await person.send(email);
      expect(shownCodeIn((await lastMailTo(email)).text)).toMatch(/^\d{6}$/);
      expect((await person.enter(await lastCodeTo(email))).status).toBe(302);
    }
  });

  it("refuses an expired code", async () => {
    const email = newAddress();
    const person = browser();
    await person.send(email);
    const code = await lastCodeTo(email);
    await db
      .update(sign_in_code)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(sign_in_code.email, email));
    expect(messageOf(await person.enter(code)).code).toEqual([
      "This code has expired or has already been used. Ask for a new code below.",
    ]);
    expect(await person.signedInAs()).toBeUndefined();
  });

  it("works once, and a new code replaces the old one", async () => {
    const email = newAddress();
    const first = browser();
    await first.send(email);
    const oldCode = await lastCodeTo(email);
    expect(await first.resend()).toMatchObject({ status: 302, location: "/auth/code" });
    const newCode = await lastCodeTo(email);
    expect(await mailTo(email)).toHaveLength(2);
    if (newCode !== oldCode) {
      expect(messageOf(await first.enter(oldCode)).code?.[0]).toMatch(/^That code is not right/);
    }
    expect((await first.enter(newCode)).status).toBe(302);
    // The same code again.
    expect(await verifySignInCode(db, { email, code: newCode, device: await first.device() })).toEqual({
      ok: false,
      reason: "no-code",
    });
  });

  it("lets only one of two requests racing with the right code sign in", async () => {
    const email = newAddress();
    const device = "racing-browser";
    await requestSignInCode(db, { email, requester: { device, cookieless: false, ip: undefined } });
    const code = await lastCodeTo(email);
    const results = await Promise.all([
      verifySignInCode(db, { email, code, device }),
      verifySignInCode(db, { email, code, device }),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok)).toEqual([{ ok: false, reason: "no-code" }]);
    expect(await db.select().from(usr).where(eq(usr.email_address, email))).toHaveLength(1);
  });

  it("paces codes for an address asked from one browser after 3, the same whether or not an account exists", async () => {
    const existing = await makeUser(db);
    const { free } = CODE_REQUEST_PACES.emailFromDevice;
    for (const email of [existing.email_address, newAddress()]) {
      const person = browser();
      for (let i = 0; i < free; i++) expect((await person.send(email)).status).toBe(302);
      const refused = await person.send(email);
      expect(refused.status).toBe(429);
      expect(refused.response).toBeUndefined();
      expect(refused.data).toMatchObject({ formId: "code-email" });
      expect(messageOf(refused)[""]).toEqual([
        "Several codes were sent to this email address just now: use the newest one, or ask again. Try again in 30 seconds.",
      ]);
      expect(await mailTo(email)).toHaveLength(free);
    }
  });

  it("paces codes asked from one browser whatever the address, and clients without a device cookie per network", async () => {
    const now = new Date();
    const ip = "198.51.100.200";
    const asking = (device: string, cookieless = false) => ({ device, cookieless, ip });
    for (let i = 0; i < CODE_REQUEST_PACES.device.free; i++) {
      expect(await requestSignInCode(db, { email: newAddress(), requester: asking("one-browser"), now })).toEqual({
        ok: true,
      });
    }
    expect(await requestSignInCode(db, { email: newAddress(), requester: asking("one-browser"), now })).toMatchObject({
      ok: false,
      block: { scope: "device" },
    });
    for (let i = 0; i < CODE_REQUEST_PACES.cookielessAddress.free; i++) {
      await requestSignInCode(db, { email: newAddress(), requester: asking(`script-${i}`, true), now });
    }
    expect(
      await requestSignInCode(db, { email: newAddress(), requester: asking("script-x", true), now }),
    ).toMatchObject({
      ok: false,
      block: { scope: "address" },
    });
    // A browser holding its device cookie on the same network is not held back by either.
    expect(await requestSignInCode(db, { email: newAddress(), requester: asking("guest-phone"), now })).toEqual({
      ok: true,
    });
    // The cleanup removes what no longer counts: attempts past the window, expired codes.
    const later = new Date(now.getTime() + PACING_WINDOW_MS + 1);
    await deleteExpiredSignInRecords(db, later);
    expect(await db.select().from(paced_attempt).where(eq(paced_attempt.subject, ip))).toEqual([]);
    expect(await db.select().from(sign_in_code).where(eq(sign_in_code.device, "guest-phone"))).toEqual([]);
  });

  it("goes back to a path of this site after signing in, never to another site", async () => {
    const email = newAddress();
    const bidder = browser("/inroombid?id=42");
    expect(await bidder.send(email)).toMatchObject({
      status: 302,
      location: "/auth/code?returnTo=%2Finroombid%3Fid%3D42",
    });
    expect((await bidder.open()).data).toMatchObject({ returnTo: "/inroombid?id=42", email });
    expect(await bidder.enter(await lastCodeTo(email))).toMatchObject({ status: 302, location: "/inroombid?id=42" });

    for (const elsewhere of ["https://evil.example/", "//evil.example/", "/\\evil.example"]) {
      const other = newAddress();
      const person = browser(elsewhere);
      expect(await person.send(other)).toMatchObject({ location: "/auth/code" });
      expect(await person.enter(await lastCodeTo(other))).toMatchObject({ status: 302, location: "/" });
    }
  });

  it("starts over with another address, and a code step without an address goes back to step one", async () => {
    const person = browser();
    await person.send(newAddress());
    expect(await person.restart()).toMatchObject({ status: 302, location: "/auth/code" });
    expect((await person.open()).data).toMatchObject({ email: null });
    expect(await person.enter("123456")).toMatchObject({ status: 302, location: "/auth/code" });
    expect(await browser().send("not an address")).toMatchObject({
      status: 400,
      data: { formId: "code-email", error: { email: ["Enter an email address such as ada@example.org."] } },
    });
  });

  it("counts wrong codes against the browser that typed them, not the account's password sign-in", async () => {
    const email = newAddress();
    const person = browser();
    await person.send(email);
    await person.enter(wrongCode(await lastCodeTo(email)));
    const counted = await db
      .select()
      .from(paced_attempt)
      .where(eq(paced_attempt.subject, (await person.device())!));
    expect(counted.map((row) => row.kind)).toContain("sign-in:device");
    // What counts by the address is only the code asked for it, nothing that could hold back its password.
    const byAddress = await db.select().from(paced_attempt).where(eq(paced_attempt.subject, email));
    expect(byAddress.map((row) => row.kind)).toEqual(["code:email"]);
  });
});
