// Anyone may ask for a sign-up or password-reset link for any address (issue 19: no limit, so one visitor could fill
// a stranger's inbox): an account gets at most three of each an hour; later requests are answered alike, unsent.
import { describe, expect, it } from "vitest";
import { requestPasswordReset } from "~/auth/password-reset.server";
import { requestSignUp } from "~/auth/sign-up.server";
import { testDatabase } from "../support/database";
import { mailTo } from "../support/mailbox";
import { makeUser } from "../support/people";

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
    for (let i = 0; i < 5; i++) await requestSignUp({ email, origin: ORIGIN });
    expect(await mailTo(email)).toHaveLength(3);
  });
});
