// An event's own SMTP server is the organiser's choice, so it may not lead into Gavel's own network (issue 32,
// finding 4): a loopback or private address is refused when saved, beside the field, in every spelling; a saved name
// that resolves to such an address when mail is sent is refused then, before any connection; and what the organiser
// reads of a failure says what went wrong without network detail (no "ECONNREFUSED", no "Greeting never received").
// ALLOW_PRIVATE_EVENT_SMTP (tests only) lets the same event reach the suite's local SMTP server.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { EMAIL_SETUP_FORM } from "~/messages/message-forms";
import { message, message_attempt, message_settings } from "~drizzle/schema";
import { makeAuctionEvent } from "../support/auction";
import { testDatabase } from "../support/database";
import { freePort } from "../support/free-port";
import { giveRole, makeUser, sessionCookie, teamRole } from "../support/people";
import { call, makeRequest } from "../support/route-calls";
import { startSmtpCapture, type SmtpCapture } from "../support/smtp-capture";

const { db } = testDatabase();
let smtp: SmtpCapture;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  vi.stubEnv("SECRETS_KEY", "c".repeat(64));
  vi.stubEnv("MAIL_FROM", "Gavel <gala@gavel.example>");
  vi.resetModules();
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await smtp.close();
});

async function organiser() {
  const gala = await makeAuctionEvent(db);
  const person = await makeUser(db);
  await giveRole(db, person.usr_id, gala.event_id, teamRole("can_configure_event"));
  return { gala, person, cookie: await sessionCookie(person.usr_id) };
}

describe("saving an event's own mail server", () => {
  it("refuses a loopback, private, link-local or metadata address beside the field, and stores nothing", async () => {
    const route = await import("~/routes/admin._workspace.setup.email");
    const { gala, cookie } = await organiser();
    const save = (smtp_url: string) =>
      call(
        route.action,
        makeRequest(`/admin/setup/email?id=${gala.event_id}`, { cookie, form: { intent: EMAIL_SETUP_FORM, smtp_url } }),
      );
    for (const address of [
      `smtp://127.0.0.1:${smtp.port}`,
      `smtp://user:pass@localhost:${smtp.port}`,
      "smtp://127.1:25",
      "smtp://0x7f.1:25",
      "smtps://[::1]:465",
      "smtp://[::ffff:127.0.0.1]:25",
      "smtp://10.0.0.5:25",
      "smtp://172.20.1.1:587",
      "smtp://192.168.1.10:25",
      "smtp://169.254.169.254:80",
      "smtp://0.0.0.0:25",
    ]) {
      const refused = await save(address);
      expect(refused.status, address).toBe(400);
      expect(refused.data, address).toMatchObject({
        error: { smtp_url: [expect.stringMatching(/^This mail server is at a private or local network address/)] },
      });
    }
    expect(await db.select().from(message_settings).where(eq(message_settings.event_id, gala.event_id))).toEqual([]);
  });
});

describe("saving checks the event's own mail server as sending will", () => {
  it("connects and signs in: a wrong password or a closed port is refused beside the field and nothing is saved; a working server is saved", async () => {
    // A real SMTP server that wants a user name and password.
    const server = await startSmtpCapture({ user: "gala", password: "right-password" });
    const port = server.port;
    vi.stubEnv("ALLOW_PRIVATE_EVENT_SMTP", "true");
    vi.stubEnv("NODE_ENV", "test");
    vi.resetModules();
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const route = await import("~/routes/admin._workspace.setup.email");
      const { gala, cookie } = await organiser();
      const save = (smtp_url: string) =>
        call(
          route.action,
          makeRequest(`/admin/setup/email?id=${gala.event_id}`, {
            cookie,
            form: { intent: EMAIL_SETUP_FORM, sender_name: "Gala", smtp_url },
          }),
        );
      const stored = async () => db.select().from(message_settings).where(eq(message_settings.event_id, gala.event_id));

      const wrongPassword = await save(`smtp://gala:wrong-password@127.0.0.1:${port}`);
      expect(wrongPassword.status).toBe(400);
      expect(wrongPassword.data).toMatchObject({
        error: {
          smtp_url: [
            "Gavel could not use this mail server: The mail server refused the sign-in. Nothing was saved; check " +
              "the address, user name and password, or ask whoever runs the server.",
          ],
        },
      });
      const closed = await save(`smtp://gala:right-password@127.0.0.1:${await freePort()}`);
      expect(closed.status).toBe(400);
      const closedError = (closed.data as { error: { smtp_url: string[] } }).error.smtp_url[0];
      expect(closedError).toContain("The mail server could not be reached.");
      expect(closedError).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);
      expect(await stored()).toEqual([]);

      const working = await save(`smtp://gala:right-password@127.0.0.1:${port}`);
      expect(working.status).toBe(302);
      expect((await stored())[0]).toMatchObject({
        sender_name: "Gala",
        smtp_url_encrypted: expect.stringMatching(/^v1:/),
      });
    } finally {
      errors.mockRestore();
      vi.stubEnv("ALLOW_PRIVATE_EVENT_SMTP", "false");
      vi.resetModules();
      await server.close();
    }
  });
});

describe("sending through an event's own mail server", () => {
  /** The event's server as stored (saved while its name led somewhere public, say), and one test email queued. */
  async function eventWithServer(smtpUrl: string) {
    const { sealSecret } = await import("~/security/secret-box.server");
    const { enqueueMessage } = await import("~/messages/outbox.server");
    const { gala, person } = await organiser();
    await db
      .insert(message_settings)
      .values({ event_id: gala.event_id, smtp_url_encrypted: sealSecret(smtpUrl, gala.event_id) });
    await enqueueMessage(db, {
      event_id: gala.event_id,
      template: "test",
      channel: "email",
      to: { usr_id: person.usr_id },
      idempotency_key: `event-smtp:${gala.event_id}`,
    });
    return { eventId: gala.event_id, email: person.email_address };
  }

  async function deliver(eventId: number) {
    const { runOutbox } = await import("~/messages/worker.server");
    await runOutbox(db);
    const [row] = await db.select().from(message).where(eq(message.event_id, eventId));
    const attempts = await db.select().from(message_attempt).where(eq(message_attempt.message_id, row.message_id));
    return { row, attempts };
  }

  it("a saved name that resolves to a loopback address is refused when mail is sent, with a short reason", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const closedPort = await freePort();
    const reasons: string[] = [];
    for (const server of [
      `smtp://localhost:${smtp.port}`, // resolves to 127.0.0.1 (or ::1): an SMTP server answers there
      `smtp://localhost:${closedPort}`, // nothing listens there
      `smtp://127.0.0.1:${smtp.port}`,
    ]) {
      const { eventId, email } = await eventWithServer(server);
      const { row, attempts } = await deliver(eventId);
      expect(smtp.received.filter((mail) => mail.to.includes(email))).toEqual([]);
      expect(row.status).not.toBe("sent");
      reasons.push(row.last_error!, attempts[0].error!);
    }
    // The same words whether something listens at the port or not: nothing to scan with.
    expect(new Set(reasons)).toEqual(
      new Set([
        "The mail server could not be reached: its address is a private or local one, which Gavel does not use.",
      ]),
    );
    // The whole story is in the server's log.
    expect(errors).toHaveBeenCalled();
  });

  it("with ALLOW_PRIVATE_EVENT_SMTP (tests only) the event's server on a loopback port takes the mail; a closed port reads 'could not be reached'", async () => {
    vi.stubEnv("ALLOW_PRIVATE_EVENT_SMTP", "true");
    vi.stubEnv("NODE_ENV", "test");
    vi.resetModules();
    try {
      const open = await eventWithServer(`smtp://localhost:${smtp.port}`);
      expect((await deliver(open.eventId)).row).toMatchObject({ status: "sent", last_error: null });
      expect(smtp.received.filter((mail) => mail.to.includes(open.email))).toHaveLength(1);

      const errors = vi.spyOn(console, "error").mockImplementation(() => {});
      const closed = await eventWithServer(`smtp://127.0.0.1:${await freePort()}`);
      const { row, attempts } = await deliver(closed.eventId);
      expect(row.last_error).toBe("The mail server could not be reached.");
      expect(attempts[0].error).toBe("The mail server could not be reached.");
      expect(JSON.stringify({ row, attempts })).not.toMatch(/ECONNREFUSED|Greeting|127\.0\.0\.1/);
      expect(errors).toHaveBeenCalled();
    } finally {
      vi.stubEnv("ALLOW_PRIVATE_EVENT_SMTP", "false");
      vi.resetModules();
    }
  });
});
