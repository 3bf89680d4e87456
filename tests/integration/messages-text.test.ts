// Texts through the official Twilio SDK, pointed at the local fake gateway (app/demo/sandbox/twilio.ts, the demo's sandbox): the
// outbid text is short with an exact clock time and the item's link; a resend with the same key is one text; STOP,
// posted to the webhook with Twilio's signature, stops the next text, START brings texts back; an unsigned post
// changes nothing. Between organisations (issue 32, finding 3): saving texting settings asks Twilio to confirm the
// account and number, so a made-up account cannot be saved nor post replies, and a STOP to one organisation's number
// does not stop another's texts to that phone.
import { eq } from "drizzle-orm";
import twilio from "twilio";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { startTwilioSandbox } from "~/demo/sandbox/twilio";
import { TEXTING_SETUP_FORM } from "~/messages/message-forms";
import {
  auction_item,
  event,
  message,
  message_preference,
  message_settings,
  silent_auction,
  text_opt_out,
  usr,
} from "~drizzle/schema";
import { makeAuctionEvent, makeAuctionItem, makeBidder } from "../support/auction";
import { testDatabase } from "../support/database";
import { freePort } from "../support/free-port";
import { giveRole, makeUser, sessionCookie, teamRole } from "../support/people";
import { call, makeRequest } from "../support/route-calls";

const { db } = testDatabase();
const SID = "AC00000000000000000000000000000001";
const TOKEN = "fake-auth-token-0123456789";
const KEY = "a".repeat(64);
const FROM = "+16175550000";
// A second organisation's own Twilio account and number.
const OTHER_SID = "AC00000000000000000000000000000002";
const OTHER_TOKEN = "other-organisation-token-98765";
const OTHER_FROM = "+16175550077";
const texts: { to: string; from: string; body: string }[] = [];
let gateway: { close(callback: () => void): void };

beforeAll(async () => {
  const port = await freePort();
  gateway = await startTwilioSandbox({
    port,
    accounts: { [SID]: TOKEN, [OTHER_SID]: OTHER_TOKEN },
    numbers: { [SID]: [FROM], [OTHER_SID]: [OTHER_FROM] },
    onText: (text) => texts.push(text),
  });
  vi.stubEnv("TWILIO_API_URL", `http://127.0.0.1:${port}`);
  vi.stubEnv("SECRETS_KEY", KEY);
  vi.stubEnv("PUBLIC_URL", "https://gavel.example.org");
  vi.resetModules();
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await new Promise<void>((resolve) => gateway.close(() => resolve()));
});

async function textingGala() {
  const { sealSecret } = await import("~/security/secret-box.server");
  const gala = await makeAuctionEvent(db);
  await db.update(event).set({ timezone: "America/Chicago" }).where(eq(event.event_id, gala.event_id));
  await db
    .update(silent_auction)
    .set({ end_date_time: new Date("2030-05-17T02:30:00Z") })
    .where(eq(silent_auction.silent_auction_id, gala.silentAuctionId));
  await db.insert(message_settings).values({
    event_id: gala.event_id,
    twilio_account_sid: SID,
    twilio_auth_token_encrypted: sealSecret(TOKEN, gala.event_id),
    twilio_from_number: FROM,
    // As saveTextingSetup leaves it once Twilio confirmed the account and number.
    twilio_verified_at: new Date(),
  });
  const item = await makeAuctionItem(db, gala.event_id, { title: "Hot-air balloon ride over the valley at sunrise" });
  const ann = await makeBidder(db, gala.event_id);
  const ben = await makeBidder(db, gala.event_id);
  await db.update(usr).set({ phone: "617-555-0199" }).where(eq(usr.usr_id, ann.usrId));
  await db
    .insert(message_preference)
    .values({ usr_id: ann.usrId, event_id: gala.event_id, outbid_channel: "text", text_consent: true });
  return { gala, item, ann, ben };
}

async function outbid(scene: Awaited<ReturnType<typeof textingGala>>, round: number, at: Date) {
  const { placeBid } = await import("~/bidding/place-bid.server");
  const bid = (usrId: number, amount: number) =>
    placeBid(db, {
      eventId: scene.gala.event_id,
      itemId: scene.item.auction_item_id,
      usrId,
      submission: { kind: "bid", amount, maximum: null },
      idempotencyKey: `${usrId}-${amount}`,
      at,
    });
  await bid(scene.ann.usrId, 10_000 + round * 2_000);
  await bid(scene.ben.usrId, 11_000 + round * 2_000);
}

async function reply(
  eventId: number,
  body: string,
  signed = true,
  account: { sid: string; token: string; to: string } = { sid: SID, token: TOKEN, to: FROM },
) {
  const { action } = await import("~/routes/webhooks.twilio.sms");
  const params = {
    AccountSid: account.sid,
    From: "+16175550199",
    To: account.to,
    Body: body,
    MessageSid: `SM${eventId}${body}`,
  };
  const url = "https://gavel.example.org/webhooks/twilio/sms";
  const signature = signed ? twilio.getExpectedTwilioSignature(account.token, url, params) : "forged";
  const request = new Request("http://localhost:3000/webhooks/twilio/sms", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Twilio-Signature": signature },
    body: new URLSearchParams(params),
  });
  return (await action({ request, params: {}, context: {} })) as Response;
}

/** An organiser of a new organisation's event, saving its texting setup on /admin/setup/texting as the page does. */
async function organiserOfAnotherOrganisation() {
  const gala = await makeAuctionEvent(db);
  const organiser = await makeUser(db);
  await giveRole(db, organiser.usr_id, gala.event_id, teamRole("can_configure_event"));
  const cookie = await sessionCookie(organiser.usr_id);
  const saveTexting = async (form: { sid: string; token: string; from: string }) => {
    const route = await import("~/routes/admin._workspace.setup.texting");
    return call(
      route.action,
      makeRequest(`/admin/setup/texting?id=${gala.event_id}`, {
        cookie,
        form: {
          intent: TEXTING_SETUP_FORM,
          twilio_account_sid: form.sid,
          twilio_auth_token: form.token,
          twilio_from_number: form.from,
          outbid_window_minutes: "10",
        },
      }),
    );
  };
  return { gala, saveTexting };
}

it("texts the outbid bidder through the Twilio SDK: short, the exact closing time in the event's zone, the link", async () => {
  const { runOutbox } = await import("~/messages/worker.server");
  const scene = await textingGala();
  await outbid(scene, 0, new Date());
  // Sent on the evening of the close (7 PM in Chicago): the time alone.
  await runOutbox(db, { now: new Date("2030-05-17T00:00:00Z") });
  const sent = texts.filter((text) => text.to === "+16175550199");
  expect(sent).toHaveLength(1);
  expect(sent[0].from).toBe(FROM);
  expect(sent[0].body.length).toBeLessThanOrEqual(160);
  // 02:30 UTC on 17 May is 9:30 PM CDT on the 16th in Chicago.
  expect(sent[0].body).toContain("Ends 9:30 PM CDT.");
  expect(sent[0].body).toMatch(
    new RegExp(
      `https://gavel\\.example\\.org/inroombid\\?id=${scene.gala.event_id}&item=${scene.item.auction_item_id}$`,
    ),
  );
  const [row] = await db.select().from(message).where(eq(message.event_id, scene.gala.event_id));
  expect(row).toMatchObject({ channel: "text", status: "sent", provider_message_id: expect.stringMatching(/^SM/) });
});

it("a text sent before the day of the close names the day: Ends Thu May 16, 9:30 PM CDT", async () => {
  const { runOutbox } = await import("~/messages/worker.server");
  const scene = await textingGala();
  await db
    .update(auction_item)
    .set({ title: "Balloon ride" })
    .where(eq(auction_item.auction_item_id, scene.item.auction_item_id));
  await outbid(scene, 0, new Date());
  // The afternoon before, in Chicago.
  await runOutbox(db, { now: new Date("2030-05-15T20:00:00Z") });
  const [sent] = texts.filter((text) =>
    text.body.endsWith(`?id=${scene.gala.event_id}&item=${scene.item.auction_item_id}`),
  );
  expect(sent.body).toContain("Ends Thu May 16, 9:30 PM CDT.");
  expect(sent.body.length).toBeLessThanOrEqual(160);
});

it("the same idempotency key twice is one text at the gateway", async () => {
  const { twilioProvider } = await import("~/messages/providers.server");
  const provider = twilioProvider({ accountSid: SID, authToken: TOKEN, from: FROM });
  const before = texts.length;
  const first = await provider.send({ to: "+16175550123", body: "Hello", idempotencyKey: "same-key" });
  const second = await provider.send({ to: "+16175550123", body: "Hello", idempotencyKey: "same-key" });
  expect(second.providerMessageId).toBe(first.providerMessageId);
  expect(texts.length - before).toBe(1);
});

it("STOP by signed webhook stops the next text, START brings texts back; an unsigned post changes nothing", async () => {
  const { runOutbox } = await import("~/messages/worker.server");
  const scene = await textingGala();
  const t0 = Date.now();
  const countTo = () => texts.filter((text) => text.to === "+16175550199").length;
  const start = countTo();

  expect((await reply(scene.gala.event_id, "STOP", false)).status).toBe(403);
  await outbid(scene, 0, new Date(t0));
  await runOutbox(db);
  expect(countTo()).toBe(start + 1);

  const stopped = await reply(scene.gala.event_id, "stop");
  expect(stopped.status).toBe(200);
  expect(await stopped.text()).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
  await outbid(scene, 1, new Date(t0 + 11 * 60_000)); // the next throttle window
  await runOutbox(db);
  expect(countTo()).toBe(start + 1);
  const rows = await db.select().from(message).where(eq(message.event_id, scene.gala.event_id));
  expect(rows.at(-1)).toMatchObject({ status: "skipped", last_error: "Opted out (replied STOP)." });

  const help = await reply(scene.gala.event_id, "HELP");
  expect(await help.text()).toContain("Reply STOP to stop them");

  await reply(scene.gala.event_id, "START");
  await outbid(scene, 2, new Date(t0 + 22 * 60_000));
  await runOutbox(db);
  expect(countTo()).toBe(start + 2);
});

it("saving texting settings asks Twilio: a made-up account, a wrong token or a number the account does not own is refused", async () => {
  const other = await organiserOfAnotherOrganisation();
  const settings = () => db.select().from(message_settings).where(eq(message_settings.event_id, other.gala.event_id));

  const madeUp = await other.saveTexting({ sid: `AC${"9".repeat(32)}`, token: "made-up-token", from: "+16175550123" });
  expect(madeUp.status).toBe(400);
  expect(madeUp.data).toMatchObject({
    error: { twilio_auth_token: ["Twilio did not accept this Account SID and auth token."] },
  });
  // The first organisation's real account SID and number, with a token of the second's own making.
  const borrowed = await other.saveTexting({ sid: SID, token: "guessed-token", from: FROM });
  expect(borrowed.status).toBe(400);
  // Its own account, with the first organisation's number.
  const notOwned = await other.saveTexting({ sid: OTHER_SID, token: OTHER_TOKEN, from: FROM });
  expect(notOwned.data).toMatchObject({
    error: { twilio_from_number: ["This number is not one of the Twilio account's numbers."] },
  });
  expect(await settings()).toEqual([]);

  expect((await other.saveTexting({ sid: OTHER_SID, token: OTHER_TOKEN, from: OTHER_FROM })).status).toBe(302);
  const [saved] = await settings();
  expect(saved).toMatchObject({ twilio_account_sid: OTHER_SID, twilio_from_number: OTHER_FROM });
  expect(saved.twilio_verified_at).toBeInstanceOf(Date);
});

it("another organisation cannot stop (or restart) the first one's texts, and a STOP to its own number stops only its own", async () => {
  const { runOutbox } = await import("~/messages/worker.server");
  const scene = await textingGala();
  const t0 = Date.now();
  const fromFirst = () => texts.filter((text) => text.to === "+16175550199" && text.from === FROM).length;
  const start = fromFirst();

  // The attack as it was: a made-up account saved (Twilio never confirmed it), then a reply signed with its token.
  const other = await organiserOfAnotherOrganisation();
  const MADE_UP = { sid: `AC${"7".repeat(32)}`, token: "made-up-token", to: "+16175550123" };
  expect((await other.saveTexting({ sid: MADE_UP.sid, token: MADE_UP.token, from: MADE_UP.to })).status).toBe(400);
  // Even a row saved before confirmation existed (unconfirmed) is never asked to check a reply's signature.
  const { sealSecret } = await import("~/security/secret-box.server");
  await db.insert(message_settings).values({
    event_id: other.gala.event_id,
    twilio_account_sid: MADE_UP.sid,
    twilio_auth_token_encrypted: sealSecret(MADE_UP.token, other.gala.event_id),
    twilio_from_number: MADE_UP.to,
  });
  expect((await reply(other.gala.event_id, "STOP", true, MADE_UP)).status).toBe(403);
  // Nor can it claim the first organisation's account and number with a token of its own.
  const third = await organiserOfAnotherOrganisation();
  await db.insert(message_settings).values({
    event_id: third.gala.event_id,
    twilio_account_sid: SID,
    twilio_auth_token_encrypted: sealSecret("guessed-token", third.gala.event_id),
    twilio_from_number: FROM,
  });
  const claimed = { sid: SID, token: "guessed-token", to: FROM };
  expect((await reply(third.gala.event_id, "STOP", true, claimed)).status).toBe(403);

  // The second organisation's own confirmed account: a STOP to its number is about its texts only.
  await db.delete(message_settings).where(eq(message_settings.event_id, other.gala.event_id));
  expect((await other.saveTexting({ sid: OTHER_SID, token: OTHER_TOKEN, from: OTHER_FROM })).status).toBe(302);
  const toOther = { sid: OTHER_SID, token: OTHER_TOKEN, to: OTHER_FROM };
  expect((await reply(other.gala.event_id, "STOP", true, toOther)).status).toBe(200);
  const optOuts = await db.select().from(text_opt_out).where(eq(text_opt_out.phone, "+16175550199"));
  expect(optOuts.filter((row) => row.opted_out)).toMatchObject([
    { twilio_account_sid: OTHER_SID, from_number: OTHER_FROM },
  ]);

  await outbid(scene, 0, new Date(t0));
  await runOutbox(db);
  expect(fromFirst()).toBe(start + 1);

  // The first organisation's own STOP still works, and the second's START does not undo it.
  expect((await reply(scene.gala.event_id, "STOP")).status).toBe(200);
  expect((await reply(other.gala.event_id, "START", true, toOther)).status).toBe(200);
  await outbid(scene, 1, new Date(t0 + 11 * 60_000));
  await runOutbox(db);
  expect(fromFirst()).toBe(start + 1);
  const rows = await db.select().from(message).where(eq(message.event_id, scene.gala.event_id));
  expect(rows.at(-1)).toMatchObject({ status: "skipped", last_error: "Opted out (replied STOP)." });
});
