// With SMTP_URL set, mail goes through a real SMTP server: here one started by the test (smtp-server), which
// receives the password reset message.
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { setPassword } from "~/auth/accounts.server";
import { hashPassword } from "~/auth/password.server";
import { testDatabase } from "../support/database";
import { linksIn, subjectOf } from "../support/mail-message";
import { makeUser } from "../support/people";
import { startSmtpCapture, type SmtpCapture } from "../support/smtp-capture";

let smtp: SmtpCapture;

beforeAll(async () => {
  smtp = await startSmtpCapture();
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await smtp.close();
});

it("sends the password reset mail through the SMTP server of SMTP_URL", async () => {
  const { db } = testDatabase();
  const person = await makeUser(db);
  await setPassword(db, person.usr_id, await hashPassword("the old long password"));

  // The configuration is read when the app's modules load: load them afresh with SMTP_URL set.
  vi.stubEnv("SMTP_URL", `smtp://127.0.0.1:${smtp.port}`);
  vi.stubEnv("MAIL_FROM", "Harbor Light Gala <gala@harborlight.example>");
  vi.resetModules();
  const { requestPasswordReset } = await import("~/auth/password-reset.server");
  const { queuedMailSent } = await import("~/mail/mailer.server");

  await requestPasswordReset({ email: person.email_address, origin: "https://gavel.example.org" });
  await queuedMailSent();

  expect(smtp.received).toHaveLength(1);
  const [message] = smtp.received;
  expect(message.from).toBe("gala@harborlight.example");
  expect(message.to).toEqual([person.email_address]);
  expect(subjectOf(message.raw)).toBe("Reset your Gavel password");
  expect(message.raw).toMatch(/Content-Type: text\/plain/);
  expect(message.raw).toMatch(/Content-Type: text\/html/);
  const resetLinks = linksIn(message.raw).filter((link) =>
    link.startsWith("https://gavel.example.org/auth/reset-password?token="),
  );
  expect(resetLinks.length).toBeGreaterThan(0);
  expect(new URL(resetLinks[0]).searchParams.get("token")).toMatch(/^[A-Za-z0-9_-]{43}$/);
});
