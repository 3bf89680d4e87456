// Issue 34, item 4: organisers read words, not code. The message previews on the setup screens and the design lab
// show the real event (its name, date, address and links), not the samples' Harbor Light Gala; and a server that
// cannot keep secrets says whom to ask, without naming its setting (SECRETS_KEY) on an organiser's screen.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { EMAIL_SETUP_FORM, TEXTING_SETUP_FORM } from "~/messages/message-forms";
import { event } from "~drizzle/schema";
import { testDatabase } from "../support/database";
import { giveRole, makeEvent, makeUser, sessionCookie, teamRole } from "../support/people";
import { call, makeRequest } from "../support/route-calls";
import type { PreviewEvent, TemplateName } from "~/messages/templates";

const { db } = testDatabase();

/** A code name an organiser should not read: an environment variable (SECRETS_KEY) or a snake_case identifier. */
const CODE_NAME = /\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b|\b[a-z][a-z0-9]*_[a-z0-9_]+\b/;

beforeAll(() => {
  // A server without stored secrets: the organiser's screens must say whom to ask. It is a deployment on PostgreSQL
  // (the embedded default generates its key); the test database is the one already open, whatever this names.
  vi.stubEnv("SECRETS_KEY", "");
  vi.stubEnv("DATABASE_URL", process.env.DATABASE_URL ?? "postgres://gavel@127.0.0.1:5432/unused");
  vi.resetModules();
});
afterAll(() => {
  vi.unstubAllEnvs();
});

async function organiserOf(eventId: number) {
  const person = await makeUser(db, { first_name: "Morgan" });
  await giveRole(db, person.usr_id, eventId, teamRole("can_configure_event", "can_design"));
  return sessionCookie(person.usr_id);
}

/** An event with its own name, date and address. */
async function realEvent() {
  const made = await makeEvent(db, { title: "Lighthouse Supper 2027" });
  await db
    .update(event)
    .set({
      address: "Old Mill Hall, 12 Quay Street, Portland",
      start_date_time: new Date("2027-03-06T23:30:00Z"),
      timezone: "America/Los_Angeles",
    })
    .where(eq(event.event_id, made.event_id));
  return made;
}

describe("message previews", () => {
  it("the email and texting setup screens and the design lab preview with the real event's name, date, address and links", async () => {
    const { previewValues, renderEmailTemplate, renderTextTemplate, TEMPLATE_NAMES } =
      await import("~/messages/templates");
    const made = await realEvent();
    const cookie = await organiserOf(made.event_id);
    const screens = [
      ["~/routes/admin._workspace.setup.email", `/admin/setup/email?id=${made.event_id}`],
      ["~/routes/admin._workspace.setup.texting", `/admin/setup/texting?id=${made.event_id}`],
    ] as const;
    for (const [module, url] of screens) {
      const route = (await import(/* @vite-ignore */ module)) as { loader: Parameters<typeof call>[0] };
      const answer = await call(route.loader, makeRequest(url, { cookie }));
      expect(answer.status, url).toBe(200);
      const preview = (answer.data as { preview: PreviewEvent }).preview;
      expect(preview.eventId).toBe(made.event_id);
      expect(preview.branding).toMatchObject({
        eventTitle: "Lighthouse Supper 2027",
        where: "Old Mill Hall, 12 Quay Street, Portland",
      });
      // The date, in the event's own zone (3:30 PM in Portland, Oregon).
      expect(preview.branding.when).toMatch(/(6 March|March 6),? 2027.*3:30 PM/);

      const reminder = previewValues("reminder_evening_before", preview);
      const email = renderEmailTemplate("reminder_evening_before", reminder, preview.branding);
      expect(email.text).toContain("Lighthouse Supper 2027");
      expect(email.text).toContain("Old Mill Hall, 12 Quay Street, Portland");
      expect(email.text).toContain(preview.branding.when);
      expect(email.text).toContain(`${preview.origin}/event?id=${made.event_id}`);
      for (const name of TEMPLATE_NAMES as readonly TemplateName[]) {
        const values = previewValues(name, preview);
        const text = renderTextTemplate(name, values);
        const html = renderEmailTemplate(name, values, preview.branding).html;
        for (const shown of [text, html]) {
          expect(shown, name).not.toContain("Harbor Light Gala");
          expect(shown, name).not.toContain("Harbor Light Pavilion");
          expect(shown, name).not.toContain("gavel.example.org");
        }
      }
    }

    const lab = await import("~/routes/admin._hub.eric.email");
    const answer = await call(lab.loader, makeRequest(`/admin/eric/email?id=${made.event_id}`, { cookie }));
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ eventId: made.event_id, branding: { eventTitle: "Lighthouse Supper 2027" } });
  });

  it("an event without a date or an address yet says so in the preview, rather than show another event's", async () => {
    const { previewValues, renderEmailTemplate } = await import("~/messages/templates");
    const made = await makeEvent(db, { title: "Spring Raffle" });
    const cookie = await organiserOf(made.event_id);
    const route = await import("~/routes/admin._workspace.setup.email");
    const answer = await call(route.loader, makeRequest(`/admin/setup/email?id=${made.event_id}`, { cookie }));
    const preview = (answer.data as { preview: PreviewEvent }).preview;
    const email = renderEmailTemplate(
      "reminder_evening_before",
      previewValues("reminder_evening_before", preview),
      preview.branding,
    );
    expect(email.text).toContain("Spring Raffle");
    expect(email.text).toContain("not set yet");
    expect(email.text).not.toContain("Harbor Light");
  });
});

describe("a server that cannot keep secrets", () => {
  it("the email, texting and payment screens say whom to ask, without naming the server's setting", async () => {
    const made = await realEvent();
    const cookie = await organiserOf(made.event_id);
    const texts: string[] = [];

    const email = await import("~/routes/admin._workspace.setup.email");
    const emailUrl = `/admin/setup/email?id=${made.event_id}`;
    const refusedSmtp = await call(
      email.action,
      makeRequest(emailUrl, {
        cookie,
        form: { intent: EMAIL_SETUP_FORM, sender_name: "Lighthouse", smtp_url: "smtps://u:p@smtp.example.org:465" },
      }),
    );
    expect(refusedSmtp.status).toBe(400);
    const smtpError = (refusedSmtp.data as { error: Record<string, string[]> }).error.smtp_url[0];
    expect(smtpError).toMatch(/ask the person who runs your Gavel server/);
    texts.push(smtpError);

    const texting = await import("~/routes/admin._workspace.setup.texting");
    const refusedToken = await call(
      texting.action,
      makeRequest(`/admin/setup/texting?id=${made.event_id}`, {
        cookie,
        form: {
          intent: TEXTING_SETUP_FORM,
          twilio_account_sid: `AC${"1".repeat(32)}`,
          twilio_auth_token: "a-token",
          twilio_from_number: "(617) 555-0000",
          outbid_window_minutes: "15",
        },
      }),
    );
    expect(refusedToken.status).toBe(400);
    const tokenError = (refusedToken.data as { error: Record<string, string[]> }).error.twilio_auth_token[0];
    expect(tokenError).toMatch(/ask the person who runs your Gavel server/);
    texts.push(tokenError);

    const { storedSecretsOff, ASK_FOR_STORED_SECRETS } = await import("~/security/stored-secrets");
    texts.push(storedSecretsOff("payment keys"), ASK_FOR_STORED_SECRETS);
    for (const text of texts) expect(text).not.toMatch(CODE_NAME);
  });
});
