// Anyone may ask for a sign-up or password-reset link for any address (issue 19: no limit, so one visitor could fill
// a stranger's inbox): an account gets at most three of each an hour; later requests are answered alike, unsent
// (issue 32: the "you already have an account" note too). One browser signing up many addresses is paced.
import { describe, expect, it } from "vitest";
import { setPassword } from "~/auth/accounts.server";
import { requestPasswordReset } from "~/auth/password-reset.server";
import { hashPassword } from "~/auth/password.server";
import { requestSignUp, SIGN_UP_PACES } from "~/auth/sign-up.server";
import { testDatabase } from "../support/database";
import { mailTo } from "../support/mailbox";
import { aBrowser, makeUser } from "../support/people";

const { db } = testDatabase();
const ORIGIN = "http://localhost:3000";

describe(`link quotas on ${process.env.TEST_DB_ENGINE}`, () => {
  it("sends at most three reset links an hour to one account, and more after the hour", async () => {
    const person = await makeUser(db);
    const now = new Date();
    for (let i = 0; i < 5; i++) await requestPasswordReset({ email: person.email_address, origin: ORIGIN, now });
    expect((await mailTo(person.email_address)).filter((mail) => /password/i.test(mail.subject))).toHaveLength(3);
    const later = new Date(now.getTime() + 61 * 60 * 1000);
    await requestPasswordReset({ email: person.email_address, origin: ORIGIN, now: later });
    expect((await mailTo(person.email_address)).filter((mail) => /password/i.test(mail.subject))).toHaveLength(4);
  });

  it("sends at most three sign-up links an hour to one address", async () => {
    const email = `quota-${Date.now()}@example.org`;
    for (let i = 0; i < 5; i++) await requestSignUp({ email, origin: ORIGIN, device: undefined, ip: undefined });
    expect(await mailTo(email)).toHaveLength(3);
  });

  it("sends an existing account's owner 3 'you already have an account' notes for 30 sign-ups, answered alike", async () => {
    const person = await makeUser(db);
    await setPassword(db, person.usr_id, await hashPassword("correct horse battery staple"));
    for (let i = 0; i < 30; i++) {
      const answer = await requestSignUp({ email: person.email_address, origin: ORIGIN, ...aBrowser() });
      expect(answer).toEqual({ ok: true });
    }
    expect(await mailTo(person.email_address)).toHaveLength(SIGN_UP_PACES.mailsToAddress.free);
  });

  it("paces sign-ups of many addresses from one browser, and from clients without a device cookie per network", async () => {
    const now = new Date();
    const browser = aBrowser();
    const addresses = Array.from({ length: 25 }, (_, i) => `many-${i}-${Date.now()}@example.org`);
    const answers = [];
    for (const email of addresses) answers.push(await requestSignUp({ email, origin: ORIGIN, ...browser, now }));
    expect(answers.filter((answer) => answer.ok)).toHaveLength(SIGN_UP_PACES.device.free);
    expect(answers.at(-1)).toMatchObject({ ok: false, block: { scope: "device" } });
    const sent = await Promise.all(addresses.map((email) => mailTo(email)));
    expect(sent.flat()).toHaveLength(SIGN_UP_PACES.device.free);
    // Another guest's browser on the same network signs up.
    expect(
      await requestSignUp({ email: `next-${Date.now()}@example.org`, origin: ORIGIN, ...aBrowser(), now }),
    ).toEqual({
      ok: true,
    });
    const script = { device: undefined, ip: "203.0.113.140" };
    for (let i = 0; i < SIGN_UP_PACES.cookielessAddress.free; i++) {
      await requestSignUp({ email: `scripted-${i}-${Date.now()}@example.org`, origin: ORIGIN, ...script, now });
    }
    expect(
      await requestSignUp({ email: `scripted-x-${Date.now()}@example.org`, origin: ORIGIN, ...script, now }),
    ).toMatchObject({
      ok: false,
      block: { scope: "address" },
    });
  });
});
