// The hourly clean-up of spent sign-in records (app/auth/cleanup.server.ts): failures that no longer count and
// expired one-time links go; everything still in use stays.
import { expect, it } from "vitest";
import { deleteExpiredSignInRecords } from "~/auth/cleanup.server";
import { recordSignInFailure } from "~/auth/sign-in-limits.server";
import { issueToken } from "~/auth/token-store.server";
import { auth_token, sign_in_failure } from "~drizzle/schema";
import { testDatabase } from "../support/database";
import { makeUser } from "../support/people";

it("removes failures older than the limits' window and links that have expired", async () => {
  const { db } = testDatabase();
  const person = await makeUser(db);
  const now = new Date();
  const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);

  await recordSignInFailure(db, "old@example.org", "192.0.2.1", minutesAgo(16));
  await recordSignInFailure(db, "recent@example.org", "192.0.2.1", minutesAgo(14));
  await issueToken(db, { usrId: person.usr_id, purpose: "password_reset", now: minutesAgo(61) }); // expired
  await issueToken(db, { usrId: person.usr_id, purpose: "password_reset", now: minutesAgo(59) }); // still works

  await deleteExpiredSignInRecords(db, now);

  expect((await db.select().from(sign_in_failure)).map((row) => row.email)).toEqual(["recent@example.org"]);
  const tokens = await db.select().from(auth_token);
  expect(tokens).toHaveLength(1);
  expect(tokens[0].expires_at.getTime()).toBeGreaterThan(now.getTime());
});
