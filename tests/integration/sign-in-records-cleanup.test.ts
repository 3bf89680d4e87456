// The hourly clean-up of spent sign-in records (app/auth/cleanup.server.ts): paced attempts that no longer count,
// expired one-time links and codes, and ended sessions past their expiry go; everything still in use stays.
import { expect, it } from "vitest";
import { deleteExpiredSignInRecords } from "~/auth/cleanup.server";
import { PACING_WINDOW_MS, recordAttempts } from "~/auth/pacing.server";
import { issueToken } from "~/auth/token-store.server";
import { auth_token, ended_session, paced_attempt } from "~drizzle/schema";
import { testDatabase } from "../support/database";
import { makeUser } from "../support/people";

it("removes attempts older than the pacing window, links that have expired and sessions past their expiry", async () => {
  const { db } = testDatabase();
  const person = await makeUser(db);
  const now = new Date();
  const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
  const windowMinutes = PACING_WINDOW_MS / 60_000;

  await recordAttempts(db, [{ kind: "password:account", subject: "old@example.org" }], minutesAgo(windowMinutes + 1));
  await recordAttempts(
    db,
    [{ kind: "password:account", subject: "recent@example.org" }],
    minutesAgo(windowMinutes - 1),
  );
  await issueToken(db, { usrId: person.usr_id, purpose: "password_reset", now: minutesAgo(61) }); // expired
  await issueToken(db, { usrId: person.usr_id, purpose: "password_reset", now: minutesAgo(59) }); // still works
  await db.insert(ended_session).values([
    { session_id: "ended-and-expired-session-x", expires_at: minutesAgo(1) },
    { session_id: "ended-still-unexpired-sess", expires_at: new Date(now.getTime() + 60_000) },
  ]);

  await deleteExpiredSignInRecords(db, now);

  const attempts = await db.select().from(paced_attempt);
  expect(attempts.map((row) => row.subject)).toContain("recent@example.org");
  expect(attempts.map((row) => row.subject)).not.toContain("old@example.org");
  const tokens = await db.select().from(auth_token);
  expect(tokens.filter((token) => token.usr_id === person.usr_id)).toHaveLength(1);
  expect(tokens.every((token) => token.expires_at.getTime() > now.getTime())).toBe(true);
  const sessions = (await db.select().from(ended_session)).map((row) => row.session_id);
  expect(sessions).toContain("ended-still-unexpired-sess");
  expect(sessions).not.toContain("ended-and-expired-session-x");
});
