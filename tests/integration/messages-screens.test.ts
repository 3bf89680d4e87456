// The messaging screens, called as Remix would: the event permission on the server, bad input refused beside its
// field with nothing changed, secrets stored encrypted and never sent back, a send to guests written to the outbox
// with its limit, and the bidder's own choice of channel.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startTwilioSandbox } from "~/demo/sandbox/twilio";
import { EMAIL_SETUP_FORM, TEXTING_SETUP_FORM } from "~/messages/message-forms";
import {
  message,
  message_broadcast,
  message_preference,
  message_settings,
  registrant,
  text_opt_out,
  usr,
} from "~drizzle/schema";
import { makeAuctionEvent, makeBidder } from "../support/auction";
import { makeWinner } from "../support/billing";
import { testDatabase } from "../support/database";
import { freePort } from "../support/free-port";
import { giveRole, makeUser, sessionCookie, teamRole } from "../support/people";
import { call, makeRequest } from "../support/route-calls";
import { startSmtpCapture } from "../support/smtp-capture";

const { db } = testDatabase();
const SMTP_SECRET = "smtps://gala:very-secret-password@smtp.example.org:465";
const TWILIO_TOKEN = "twilio-token-that-must-stay-secret";

const TWILIO_SID = `AC${"1".repeat(32)}`;
let gateway: { close(callback: () => void): void };

beforeAll(async () => {
  // The fake Twilio gateway, which confirms the account and its number when the texting setup is saved.
  const port = await freePort();
  gateway = await startTwilioSandbox({
    port,
    accounts: { [TWILIO_SID]: TWILIO_TOKEN },
    numbers: { [TWILIO_SID]: ["+16175550000"] },
  });
  vi.stubEnv("TWILIO_API_URL", `http://127.0.0.1:${port}`);
  vi.stubEnv("SECRETS_KEY", "b".repeat(64));
  vi.resetModules();
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await new Promise<void>((resolve) => gateway.close(() => resolve()));
});

async function teamMember(eventId: number, ...permissions: Parameters<typeof teamRole>) {
  const person = await makeUser(db, { first_name: "Morgan" });
  await giveRole(db, person.usr_id, eventId, teamRole(...permissions));
  return { ...person, cookie: await sessionCookie(person.usr_id) };
}

describe("/admin/setup/email", () => {
  it("needs can_configure_event in the loader and the action", async () => {
    const route = await import("~/routes/admin._workspace.setup.email");
    const gala = await makeAuctionEvent(db);
    const other = await teamMember(gala.event_id, "can_send_messages");
    const url = `/admin/setup/email?id=${gala.event_id}`;
    expect((await call(route.loader, makeRequest(url, { cookie: other.cookie }))).status).toBe(403);
    const posted = await call(
      route.action,
      makeRequest(url, { cookie: other.cookie, form: { intent: EMAIL_SETUP_FORM, sender_name: "X" } }),
    );
    expect(posted.status).toBe(403);
    expect(await db.select().from(message_settings).where(eq(message_settings.event_id, gala.event_id))).toEqual([]);
  });

  it("refuses a bad reply-to beside its field and stores nothing; stores the SMTP address encrypted, never shown back", async () => {
    const route = await import("~/routes/admin._workspace.setup.email");
    const gala = await makeAuctionEvent(db);
    const admin = await teamMember(gala.event_id, "can_configure_event");
    const url = `/admin/setup/email?id=${gala.event_id}`;
    const refused = await call(
      route.action,
      makeRequest(url, {
        cookie: admin.cookie,
        form: { intent: EMAIL_SETUP_FORM, sender_name: "Harbor Light", reply_to: "not an address" },
      }),
    );
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({ error: { reply_to: ["Enter an email address such as info@example.org."] } });
    expect(await db.select().from(message_settings).where(eq(message_settings.event_id, gala.event_id))).toEqual([]);

    // Saving signs in to the server first (a real one, on loopback, as tests allow).
    const smtp = await startSmtpCapture({ user: "gala", password: "very-secret-password" });
    vi.stubEnv("ALLOW_PRIVATE_EVENT_SMTP", "true");
    vi.stubEnv("NODE_ENV", "test");
    vi.resetModules();
    const saved = await call(
      (await import("~/routes/admin._workspace.setup.email")).action,
      makeRequest(url, {
        cookie: admin.cookie,
        form: {
          intent: EMAIL_SETUP_FORM,
          sender_name: "Harbor Light",
          reply_to: "hello@harbor.example",
          smtp_url: SMTP_SECRET.replace("smtp.example.org:465", `127.0.0.1:${smtp.port}`).replace("smtps:", "smtp:"),
          auto_won: "yes",
        },
      }),
    );
    vi.stubEnv("ALLOW_PRIVATE_EVENT_SMTP", "false");
    vi.resetModules();
    await smtp.close();
    expect(saved.status).toBe(302);
    const [row] = await db.select().from(message_settings).where(eq(message_settings.event_id, gala.event_id));
    expect(row).toMatchObject({ sender_name: "Harbor Light", reply_to: "hello@harbor.example" });
    expect(row.smtp_url_encrypted).toMatch(/^v1:/);
    expect(row.smtp_url_encrypted).not.toContain("very-secret-password");
    // Unticked automatic messages are off; ticked ones on.
    expect(row.automatic).toMatchObject({ won: true, outbid: false });

    const shown = await call(route.loader, makeRequest(url, { cookie: admin.cookie }));
    expect(shown.status).toBe(200);
    expect(JSON.stringify(shown.data)).not.toContain("very-secret-password");
    expect(shown.data).toMatchObject({ setup: { hasOwnSmtp: true, senderName: "Harbor Light" } });
  });

  it("keeps a message written in the editor, sanitised; ours as the editor sends it back, or emptied, is not stored", async () => {
    const route = await import("~/routes/admin._workspace.setup.email");
    const { TEMPLATES } = await import("~/messages/templates");
    const { plainBodyAsHtml } = await import("~/messages/rich-body");
    const gala = await makeAuctionEvent(db);
    const admin = await teamMember(gala.event_id, "can_configure_event");
    const url = `/admin/setup/email?id=${gala.event_id}`;
    const save = (form: Record<string, string>) =>
      call(route.action, makeRequest(url, { cookie: admin.cookie, form: { intent: EMAIL_SETUP_FORM, ...form } }));
    const stored = async () =>
      ((await db.select().from(message_settings).where(eq(message_settings.event_id, gala.event_id)))[0].templates ??
        {}) as Record<string, { body?: string }>;

    expect(
      (
        await save({
          body_won:
            '<p>Bravo <strong>{{first_name}}</strong>!</p><p onclick="alert(1)">Pick it up<script>x()</script></p>',
          body_outbid: plainBodyAsHtml(TEMPLATES.outbid.body),
          body_extended: "<p></p>",
        })
      ).status,
    ).toBe(302);
    const templates = await stored();
    expect(templates.won.body).toBe("<p>Bravo <strong>{{first_name}}</strong>!</p><p>Pick it up</p>");
    expect(templates.outbid.body).toBeUndefined();
    expect(templates.extended.body).toBeUndefined();
  });
});

describe("/admin/setup/texting", () => {
  it("stores the Twilio token encrypted, never shown back; a blank token keeps it; a bad SID is refused", async () => {
    const route = await import("~/routes/admin._workspace.setup.texting");
    const gala = await makeAuctionEvent(db);
    const admin = await teamMember(gala.event_id, "can_configure_event");
    const url = `/admin/setup/texting?id=${gala.event_id}`;
    const form = {
      intent: TEXTING_SETUP_FORM,
      twilio_account_sid: TWILIO_SID,
      twilio_auth_token: TWILIO_TOKEN,
      twilio_from_number: "(617) 555-0000",
      outbid_window_minutes: "15",
    };
    const before = await call(route.loader, makeRequest(url, { cookie: admin.cookie }));
    expect(before.data).toMatchObject({ setup: { textingOn: false } });

    const refused = await call(
      route.action,
      makeRequest(url, { cookie: admin.cookie, form: { ...form, twilio_account_sid: "nope" } }),
    );
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({
      error: { twilio_account_sid: ["An Account SID is AC followed by 32 letters and digits."] },
    });

    expect((await call(route.action, makeRequest(url, { cookie: admin.cookie, form }))).status).toBe(302);
    await call(route.action, makeRequest(url, { cookie: admin.cookie, form: { ...form, twilio_auth_token: "" } }));
    const [row] = await db.select().from(message_settings).where(eq(message_settings.event_id, gala.event_id));
    expect(row).toMatchObject({ twilio_from_number: "+16175550000", outbid_window_minutes: 15 });
    expect(row.twilio_auth_token_encrypted).toMatch(/^v1:/);
    const { openSecret } = await import("~/security/secret-box.server");
    expect(openSecret(row.twilio_auth_token_encrypted, gala.event_id)).toBe(TWILIO_TOKEN);
    // Bound to its event: the same value on another event's row does not open.
    expect(openSecret(row.twilio_auth_token_encrypted, gala.event_id + 1)).toBeNull();

    const shown = await call(route.loader, makeRequest(url, { cookie: admin.cookie }));
    expect(JSON.stringify(shown.data)).not.toContain(TWILIO_TOKEN);
    expect(shown.data).toMatchObject({ setup: { textingOn: true, hasTwilioToken: true } });
  });
});

describe("writing to guests", () => {
  async function galaWithGuests() {
    const gala = await makeAuctionEvent(db);
    await db.insert(registrant).values([
      { event_id: gala.event_id, name: "Ada Lovelace", first_name: "Ada", email: "ada@example.org" },
      { event_id: gala.event_id, name: "Alan Turing", first_name: "Alan", email: "alan@example.org" },
      {
        event_id: gala.event_id,
        name: "Grace Hopper",
        first_name: "Grace",
        email: "grace@example.org",
        checked_in_at: new Date(),
      },
    ]);
    return gala;
  }

  it("needs can_send_messages", async () => {
    const route = await import("~/routes/admin._workspace.auction_items.email_page_.guests");
    const gala = await galaWithGuests();
    const other = await teamMember(gala.event_id, "can_configure_event");
    const url = `/admin/auction_items/email_page/guests?id=${gala.event_id}`;
    expect((await call(route.loader, makeRequest(url, { cookie: other.cookie }))).status).toBe(403);
    const form = { audience: "registrants", channel: "email", subject: "Hi", body: "Hello", intent: "send" };
    expect((await call(route.action, makeRequest(url, { cookie: other.cookie, form }))).status).toBe(403);
    expect(await db.select().from(message).where(eq(message.event_id, gala.event_id))).toEqual([]);
  });

  it("previews for a real guest, sends one message per guest through the outbox, and follows the delivery", async () => {
    const route = await import("~/routes/admin._workspace.auction_items.email_page_.guests");
    const gala = await galaWithGuests();
    const sender = await teamMember(gala.event_id, "can_send_messages");
    const url = `/admin/auction_items/email_page/guests?id=${gala.event_id}`;
    const draft = {
      audience: "not_checked_in",
      channel: "email",
      subject: "Valet tonight",
      body: "Hello {{first_name}},\n\nValet opens at 6.",
    };

    const missingSubject = await call(
      route.action,
      makeRequest(url, { cookie: sender.cookie, form: { ...draft, subject: "", intent: "send" } }),
    );
    expect(missingSubject.status).toBe(400);
    expect(missingSubject.data).toMatchObject({ error: { subject: ["Write a subject for the email."] } });

    const preview = await call(
      route.action,
      makeRequest(url, { cookie: sender.cookie, form: { ...draft, intent: "preview" } }),
    );
    expect(preview.data).toMatchObject({ preview: { recipientCount: 2, recipient: "Ada Lovelace" } });
    expect((preview.data as { preview: { email: { text: string } } }).preview.email.text).toContain("Hello Ada,");
    expect(await db.select().from(message).where(eq(message.event_id, gala.event_id))).toEqual([]);

    const sent = await call(
      route.action,
      makeRequest(url, { cookie: sender.cookie, form: { ...draft, intent: "send" } }),
    );
    expect(sent.status).toBe(302);
    const rows = await db.select().from(message).where(eq(message.event_id, gala.event_id));
    expect(rows.map((row) => row.to_email).sort()).toEqual(["ada@example.org", "alan@example.org"]);
    expect(rows[0]).toMatchObject({ template: "broadcast", status: "queued", sent_by_usr_id: sender.usr_id });
    expect(rows.find((row) => row.to_email === "alan@example.org")?.data).toMatchObject({
      subject: "Valet tonight",
      message: "Hello Alan,\n\nValet opens at 6.",
    });

    const { runOutbox } = await import("~/messages/worker.server");
    await runOutbox(db);
    const [broadcast] = await db.select().from(message_broadcast).where(eq(message_broadcast.event_id, gala.event_id));
    const page = await call(
      route.loader,
      makeRequest(`${url}&broadcast=${broadcast.message_broadcast_id}`, { cookie: sender.cookie }),
    );
    expect(page.data).toMatchObject({
      broadcasts: [{ total: 2, sent: 2, queued: 0 }],
      open: { deliveries: [{ status: "sent" }, { status: "sent" }] },
    });
  });

  it("a text's preview counts who will really get it and names the skipped and why; the send writes that many", async () => {
    const route = await import("~/routes/admin._workspace.auction_items.email_page_.guests");
    const { sealSecret } = await import("~/security/secret-box.server");
    const gala = await makeAuctionEvent(db);
    await db.insert(message_settings).values({
      event_id: gala.event_id,
      twilio_account_sid: TWILIO_SID,
      twilio_auth_token_encrypted: sealSecret(TWILIO_TOKEN, gala.event_id),
      twilio_from_number: "+16175550000",
      twilio_verified_at: new Date(),
    });
    const guest = async (name: string, phone: string | null, consent: boolean) => {
      const person = await makeUser(db, { first_name: name, last_name: "Guest" });
      if (phone) await db.update(usr).set({ phone }).where(eq(usr.usr_id, person.usr_id));
      if (consent)
        await db
          .insert(message_preference)
          .values({ usr_id: person.usr_id, event_id: gala.event_id, text_consent: true });
      await db
        .insert(registrant)
        .values({ event_id: gala.event_id, usr_id: person.usr_id, name: `${name} Guest`, first_name: name });
    };
    await guest("Ann", "+16175550101", true);
    await guest("Ben", "+16175550102", false);
    await guest("Cy", null, true);
    await guest("Dee", "+16175550104", true);
    await db
      .insert(text_opt_out)
      .values({ twilio_account_sid: TWILIO_SID, from_number: "+16175550000", phone: "+16175550104", opted_out: true });
    // A guest registered without an account cannot have agreed to texts.
    await db.insert(registrant).values({ event_id: gala.event_id, name: "Eve Walk-in", phone: "+16175550105" });
    const sender = await teamMember(gala.event_id, "can_send_messages");
    const url = `/admin/auction_items/email_page/guests?id=${gala.event_id}`;
    const draft = { audience: "registrants", channel: "text", body: "Valet opens at 6, {{first_name}}." };

    const preview = await call(
      route.action,
      makeRequest(url, { cookie: sender.cookie, form: { ...draft, intent: "preview" } }),
    );
    expect(preview.data).toMatchObject({
      preview: {
        recipient: "Ann Guest",
        recipientCount: 1,
        audienceSize: 5,
        skippedCount: 4,
        skippedReasons: [
          { reason: "no consent to texts", count: 2 },
          { reason: "no mobile number", count: 1 },
          { reason: "opted out (replied STOP)", count: 1 },
        ],
      },
    });
    const named = (preview.data as { preview: { skippedNamed: { name: string; reason: string }[] } }).preview
      .skippedNamed;
    expect(named).toEqual(
      expect.arrayContaining([
        { name: "Ben Guest", reason: "no consent to texts" },
        { name: "Eve Walk-in", reason: "no consent to texts" },
        { name: "Cy Guest", reason: "no mobile number" },
        { name: "Dee Guest", reason: "opted out (replied STOP)" },
      ]),
    );

    const sent = await call(
      route.action,
      makeRequest(url, { cookie: sender.cookie, form: { ...draft, intent: "send" } }),
    );
    expect(sent.status).toBe(302);
    const rows = await db.select().from(message).where(eq(message.event_id, gala.event_id));
    expect(rows).toHaveLength(1);
    const [broadcast] = await db.select().from(message_broadcast).where(eq(message_broadcast.event_id, gala.event_id));
    expect(broadcast.recipient_count).toBe(1);
    const { runOutbox } = await import("~/messages/worker.server");
    await runOutbox(db);
    const page = await call(route.loader, makeRequest(url, { cookie: sender.cookie }));
    expect(page.data).toMatchObject({ broadcasts: [{ total: 1, sent: 1, skipped: 0, failed: 0 }] });
  });

  it("an email to guests without an address: they are counted as skipped, and a send that reaches nobody is refused", async () => {
    const route = await import("~/routes/admin._workspace.auction_items.email_page_.guests");
    const gala = await makeAuctionEvent(db);
    await db.insert(registrant).values([{ event_id: gala.event_id, name: "Phone Only", phone: "+16175550109" }]);
    const sender = await teamMember(gala.event_id, "can_send_messages");
    const url = `/admin/auction_items/email_page/guests?id=${gala.event_id}`;
    const form = { audience: "registrants", channel: "email", subject: "Hi", body: "Hello" };
    const preview = await call(
      route.action,
      makeRequest(url, { cookie: sender.cookie, form: { ...form, intent: "preview" } }),
    );
    expect(preview.status).toBe(400);
    expect(JSON.stringify(preview.data)).toContain("Nobody in this audience can get it: no email address (1).");
    const sent = await call(
      route.action,
      makeRequest(url, { cookie: sender.cookie, form: { ...form, intent: "send" } }),
    );
    expect(sent.status).toBe(400);
    expect(await db.select().from(message).where(eq(message.event_id, gala.event_id))).toEqual([]);
  });

  it("writes to the guests who still owe: a winner who paid is left out, one who owes is in", async () => {
    const route = await import("~/routes/admin._workspace.auction_items.email_page_.guests");
    const { invoiceIdFor, recordManualPayment } = await import("~/billing/charges.server");
    const gala = await makeAuctionEvent(db);
    const owes = await makeWinner(db, gala.event_id, 45_000);
    const paid = await makeWinner(db, gala.event_id, 12_000);
    await makeBidder(db, gala.event_id);
    const sender = await teamMember(gala.event_id, "can_send_messages");
    await recordManualPayment(gala.event_id, (await invoiceIdFor(gala.event_id, paid.usrId))!, {
      method: "cash",
      amount: 12_000,
      checkNumber: null,
      byUsrId: sender.usr_id,
      submissionKey: "paid-in-full",
    });
    const url = `/admin/auction_items/email_page/guests?id=${gala.event_id}`;
    const draft = {
      audience: "winners_with_balance",
      channel: "email",
      subject: "Checkout",
      body: "Hi {{first_name}}",
    };

    const sent = await call(
      route.action,
      makeRequest(url, { cookie: sender.cookie, form: { ...draft, intent: "send" } }),
    );
    expect(sent.status).toBe(302);
    const rows = await db
      .select()
      .from(message)
      .where(and(eq(message.event_id, gala.event_id), eq(message.template, "broadcast")));
    expect(rows.map((row) => row.to_usr_id)).toEqual([owes.usrId]);
  });

  it("holds a sender to the hourly limit", async () => {
    const { assertWithinSendingLimit, MESSAGES_PER_SENDER_PER_HOUR } = await import("~/messages/sending-limits.server");
    const gala = await galaWithGuests();
    const sender = await teamMember(gala.event_id, "can_send_messages");
    await expect(
      assertWithinSendingLimit(db, {
        eventId: gala.event_id,
        usrId: sender.usr_id,
        adding: MESSAGES_PER_SENDER_PER_HOUR,
      }),
    ).resolves.toBeUndefined();
    await expect(
      assertWithinSendingLimit(db, {
        eventId: gala.event_id,
        usrId: sender.usr_id,
        adding: MESSAGES_PER_SENDER_PER_HOUR + 1,
      }),
    ).rejects.toThrow(/the limit is 2000 per hour/);
  });
});

describe("the bidder's choice on /inroombid?view=mine", () => {
  it("asks for a number and consent before texts, refuses texts where the event cannot text, and saves the choice", async () => {
    const route = await import("~/routes/inroombid");
    const gala = await makeAuctionEvent(db);
    const bidder = await makeBidder(db, gala.event_id);
    const cookie = await sessionCookie(bidder.usrId);
    const url = `/inroombid?id=${gala.event_id}&view=mine`;
    const post = (form: Record<string, string>) =>
      call(route.action, makeRequest(url, { cookie, form: { intent: "message-preferences", ...form } }));

    const page = await call(route.loader, makeRequest(url, { cookie }));
    expect(page.data).toMatchObject({ messagePreference: { outbid_channel: "email", textingAvailable: false } });

    const noConsent = await post({ outbid_channel: "both", phone: "617 555 0101" });
    expect(noConsent.status).toBe(400);
    expect(noConsent.data).toMatchObject({ error: { text_consent: ["Tick the box to agree to texts."] } });

    const cannotText = await post({ outbid_channel: "text", phone: "617 555 0101", text_consent: "yes" });
    expect(cannotText.data).toMatchObject({ error: { outbid_channel: ["This event does not send text messages."] } });
    const choice = () =>
      db
        .select()
        .from(message_preference)
        .where(and(eq(message_preference.usr_id, bidder.usrId), eq(message_preference.event_id, gala.event_id)));
    expect(await choice()).toEqual([]);

    await db.insert(message_settings).values({
      event_id: gala.event_id,
      twilio_account_sid: `AC${"2".repeat(32)}`,
      twilio_auth_token_encrypted: "v1:stored",
      twilio_from_number: "+16175550000",
    });
    expect((await post({ outbid_channel: "both", phone: "617 555 0101", text_consent: "yes" })).status).toBe(302);
    expect(await choice()).toMatchObject([{ outbid_channel: "both", text_consent: true }]);
    expect((await post({ outbid_channel: "none" })).status).toBe(302);
    expect(await choice()).toMatchObject([{ outbid_channel: "none", text_consent: false }]);
  });
});
