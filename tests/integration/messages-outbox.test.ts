// The outbox on a real database: messages written in the bid's transaction (or not, when it rolls back), the outbid
// throttle, workers that claim with leases, retry with backoff, record each attempt, and never send one message twice.
import { asc, eq, inArray, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { beforeEach, describe, expect, it } from "vitest";
import { closeDueItems } from "~/bidding/closing-scheduler.server";
import { placeBid } from "~/bidding/place-bid.server";
import { enqueueMessage, enqueueOutbidMessages } from "~/messages/outbox.server";
import { ProviderError, type EmailProvider, type TextProvider } from "~/messages/providers.server";
import { enqueueDueReminders } from "~/messages/reminders.server";
import {
  claimDueMessages,
  deliverClaimed,
  MAX_ATTEMPTS,
  retryDelayMs,
  runOutbox,
  SENDING_AT_ONCE,
  type ClaimedMessage,
  type ProviderSource,
} from "~/messages/worker.server";
import {
  event,
  message,
  message_attempt,
  message_preference,
  message_settings,
  registrant,
  text_opt_out,
  usr,
  usr_event_paddle,
} from "~drizzle/schema";
import { makeAuctionEvent, makeAuctionItem, makeBidder } from "../support/auction";
import { testDatabase } from "../support/database";
import { giveRole, makeUser } from "../support/people";
import type { Database } from "~/db/connection.server";

const { db } = testDatabase();

// The tests of this file share a database: each starts with nothing due, so a worker sees only its own messages.
beforeEach(async () => {
  await db
    .update(message)
    .set({ status: "skipped", last_error: "cleared between tests" })
    .where(inArray(message.status, ["queued", "sending"]));
});

const bid$ = (amount: number) => ({ kind: "bid" as const, amount, maximum: null });

/** A provider that keeps what it was asked to send; like Twilio's fake gateway, it keeps one copy per key. */
function recordingProviders(behaviour: { failTimes?: number; permanent?: boolean } = {}) {
  const calls: { channel: string; to: string; key: string; subject?: string; body: string }[] = [];
  const delivered = new Map<string, number>();
  let failures = behaviour.failTimes ?? 0;
  const answer = (key: string) => {
    if (failures > 0) {
      failures--;
      throw new ProviderError("421 try again later", behaviour.permanent ?? false, { responseCode: 421 });
    }
    delivered.set(key, (delivered.get(key) ?? 0) + 1);
    return { providerMessageId: `id-${key}`, answer: { accepted: true } };
  };
  const email: EmailProvider = {
    name: "recording-email",
    async send(mail) {
      calls.push({ channel: "email", to: mail.to, key: mail.idempotencyKey, subject: mail.subject, body: mail.text });
      return answer(mail.idempotencyKey);
    },
  };
  const text: TextProvider = {
    name: "recording-text",
    async send(sms) {
      calls.push({ channel: "text", to: sms.to, key: sms.idempotencyKey, body: sms.body });
      return answer(sms.idempotencyKey);
    },
  };
  const providers: ProviderSource = { email: () => email, text: () => text };
  return { calls, delivered, providers };
}

/** The error postgres.js gives a query whose connection the server closed (a restart, a failover). */
const connectionClosed = () =>
  Object.assign(new Error("write CONNECTION_CLOSED 127.0.0.1:5432"), { code: "CONNECTION_CLOSED" });

/**
 * The database handle, answering every query with connectionClosed while `away` is set: each call on it, or on a
 * query it builds, gives back something that fails when awaited.
 */
function goingAway(db: Database) {
  const failing = (): unknown =>
    new Proxy(() => {}, {
      get: (_, key) =>
        key === "then" ? (_resolve: unknown, reject: (error: Error) => void) => reject(connectionClosed()) : failing(),
      apply: () => failing(),
    });
  const state = {
    away: false,
    handle: new Proxy(db, {
      get(target, key) {
        const value: unknown = Reflect.get(target, key);
        if (typeof value !== "function") return value;
        return (...args: unknown[]) =>
          state.away ? failing() : (value as (...args: unknown[]) => unknown).apply(target, args);
      },
    }),
  };
  return state;
}

async function messagesOf(eventId: number) {
  return db.select().from(message).where(eq(message.event_id, eventId)).orderBy(asc(message.message_id));
}

async function outbidScene() {
  const gala = await makeAuctionEvent(db);
  const item = await makeAuctionItem(db, gala.event_id);
  const ann = await makeBidder(db, gala.event_id);
  const ben = await makeBidder(db, gala.event_id);
  return { gala, item, ann, ben };
}

describe("messages written in the bid's transaction", () => {
  it("a bid that outbids writes one outbid message to the bidder who lost the lead", async () => {
    const { gala, item, ann, ben } = await outbidScene();
    const place = (usrId: number, amount: number, key: string) =>
      placeBid(db, {
        eventId: gala.event_id,
        itemId: item.auction_item_id,
        usrId,
        submission: bid$(amount),
        idempotencyKey: key,
      });

    expect(await place(ann.usrId, 10_000, "a1")).toMatchObject({ ok: true, outcome: "winning" });
    expect(await messagesOf(gala.event_id)).toEqual([]);
    expect(await place(ben.usrId, 11_000, "b1")).toMatchObject({ ok: true, outcome: "winning" });

    const written = await messagesOf(gala.event_id);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({
      template: "outbid",
      channel: "email",
      to_usr_id: ann.usrId,
      status: "queued",
      data: { item_id: item.auction_item_id, amount_cents: 11_000 },
    });
  });

  it("a bid whose transaction rolls back writes none", async () => {
    const { gala, item, ann, ben } = await outbidScene();
    await placeBid(db, {
      eventId: gala.event_id,
      itemId: item.auction_item_id,
      usrId: ann.usrId,
      submission: bid$(10_000),
      idempotencyKey: "a1",
    });
    await expect(
      placeBid(db, {
        eventId: gala.event_id,
        itemId: item.auction_item_id,
        usrId: ben.usrId,
        submission: bid$(11_000),
        idempotencyKey: "b1",
        // Runs inside the bid's transaction after everything else was written: the whole bid rolls back.
        onPlaced: async () => {
          throw new Error("the console's log could not be written");
        },
      }),
    ).rejects.toThrow("the console's log could not be written");
    expect(await messagesOf(gala.event_id)).toEqual([]);
  });

  it("throttles: 50 quick outbids of one bidder on one item make one message per channel in the window", async () => {
    const { gala, item, ann, ben } = await outbidScene();
    await db
      .insert(message_preference)
      .values({ usr_id: ann.usrId, event_id: gala.event_id, outbid_channel: "both", text_consent: true });
    const at = new Date();
    let amount = 10_000;
    for (let round = 0; round < 50; round++) {
      await placeBid(db, {
        eventId: gala.event_id,
        itemId: item.auction_item_id,
        usrId: ann.usrId,
        submission: bid$(amount),
        idempotencyKey: `a${round}`,
        at,
      });
      amount += 1_000;
      await placeBid(db, {
        eventId: gala.event_id,
        itemId: item.auction_item_id,
        usrId: ben.usrId,
        submission: bid$(amount),
        idempotencyKey: `b${round}`,
        at,
      });
      amount += 1_000;
    }
    const written = await messagesOf(gala.event_id);
    const to = (usrId: number, template: string) =>
      written
        .filter((row) => row.to_usr_id === usrId && row.template === template)
        .map((row) => `${row.channel} ${JSON.stringify((row.data as { outbid_count?: number }).outbid_count ?? null)}`)
        .sort();
    expect(to(ann.usrId, "outbid")).toEqual(["email null", "text null"]);
    expect(to(ben.usrId, "outbid")).toEqual(["email null"]);
    // The other outbids of the window wait in one digest per channel, due when the window ends: Ann was outbid 50
    // times, Ben 49 (Ann's first bid outbid nobody).
    expect(to(ann.usrId, "outbid_digest")).toEqual(["email 49", "text 49"]);
    expect(to(ben.usrId, "outbid_digest")).toEqual(["email 48"]);
    // The window is ten minutes from the outbid message that opened it.
    const windowEnd = at.getTime() + 600_000;
    for (const digest of written.filter((row) => row.template === "outbid_digest"))
      expect(digest.next_attempt_at.getTime()).toBe(windowEnd);
  });

  it("sends the digest when the window ends only to a bidder still outbid", async () => {
    const { gala, item, ann, ben } = await outbidScene();
    const at = new Date();
    const bidAt = (usrId: number, amount: number, key: string) =>
      placeBid(db, {
        eventId: gala.event_id,
        itemId: item.auction_item_id,
        usrId,
        submission: bid$(amount),
        idempotencyKey: key,
        at,
      });
    // Ann is outbid three times; Ben twice, and he leads at the end.
    let amount = 10_000;
    for (const [round, who] of [ann, ben, ann, ben, ann, ben, ann, ben].entries())
      await bidAt(who.usrId, (amount += 1_000), `bid-${round}`);
    await bidAt(ann.usrId, (amount += 1_000), "ann-last");
    await bidAt(ben.usrId, (amount += 1_000), "ben-last");
    const { calls, providers } = recordingProviders();
    await runOutbox(db, { providers, now: new Date() });
    expect(calls.map((call) => call.subject)).toEqual([
      expect.stringMatching(/^You've been outbid/),
      expect.stringMatching(/^You've been outbid/),
    ]);

    calls.length = 0;
    // Not before the window ends, ten minutes after the outbid message.
    await runOutbox(db, { providers, now: new Date(at.getTime() + 600_000 - 1) });
    expect(calls).toEqual([]);
    await runOutbox(db, { providers, now: new Date(at.getTime() + 600_000) });
    const user = await db.select({ email: usr.email_address }).from(usr).where(eq(usr.usr_id, ann.usrId));
    expect(calls).toEqual([
      expect.objectContaining({
        to: user[0].email,
        subject: `Still outbid on ${item.title}: $${(amount / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ",")} leads`,
        body: expect.stringContaining("you were outbid 4 more times"),
      }),
    ]);
    const [dropped] = (await messagesOf(gala.event_id)).filter(
      (row) => row.template === "outbid_digest" && row.to_usr_id === ben.usrId,
    );
    expect(dropped).toMatchObject({ status: "skipped", last_error: "The bidder leads again." });
  });

  it("a new window allows the next outbid message; 'none' and a switched-off outbid message write nothing", async () => {
    const { gala, item, ann, ben } = await outbidScene();
    const bidAt = (usrId: number, amount: number, key: string, at: Date) =>
      placeBid(db, {
        eventId: gala.event_id,
        itemId: item.auction_item_id,
        usrId,
        submission: bid$(amount),
        idempotencyKey: key,
        at,
      });
    await bidAt(ann.usrId, 10_000, "a1", new Date());
    await bidAt(ben.usrId, 11_000, "b1", new Date());
    expect((await messagesOf(gala.event_id)).length).toBe(1);
    await bidAt(ann.usrId, 12_000, "a2", new Date());
    await bidAt(ben.usrId, 13_000, "b2", new Date(Date.now() + 11 * 60_000));
    expect((await messagesOf(gala.event_id)).filter((row) => row.to_usr_id === ann.usrId)).toHaveLength(2);

    await db.insert(message_preference).values({ usr_id: ann.usrId, event_id: gala.event_id, outbid_channel: "none" });
    await bidAt(ann.usrId, 14_000, "a3", new Date());
    await bidAt(ben.usrId, 15_000, "b3", new Date(Date.now() + 30 * 60_000));
    expect((await messagesOf(gala.event_id)).filter((row) => row.to_usr_id === ann.usrId)).toHaveLength(2);

    const before = (await messagesOf(gala.event_id)).length;
    await db.insert(message_settings).values({ event_id: gala.event_id, automatic: { outbid: false } });
    await bidAt(ann.usrId, 16_000, "a4", new Date(Date.now() + 60 * 60_000));
    await bidAt(ben.usrId, 17_000, "b4", new Date(Date.now() + 60 * 60_000));
    expect(await messagesOf(gala.event_id)).toHaveLength(before);
  });
});

describe("the outbid throttle is a true window", () => {
  /** Ann outbid on the item at `at`, in a transaction of its own (as a bid's). */
  const outbid = (scene: Awaited<ReturnType<typeof outbidScene>>, at: Date) =>
    db.transaction((tx) =>
      enqueueOutbidMessages(tx, {
        eventId: scene.gala.event_id,
        itemId: scene.item.auction_item_id,
        usrIds: [scene.ann.usrId],
        amount: 12_000,
        at,
      }),
    );
  const annMessages = async (scene: Awaited<ReturnType<typeof outbidScene>>) =>
    (await messagesOf(scene.gala.event_id)).map((row) => ({
      template: row.template,
      count: (row.data as { outbid_count?: number }).outbid_count ?? null,
      due: row.next_attempt_at.toISOString(),
    }));

  it("two outbids seconds apart across a multiple of the window make one message and the digest", async () => {
    const scene = await outbidScene();
    // Two seconds before a multiple of ten minutes, then two seconds after it: the clock slots sent two texts.
    const edge = Math.ceil(Date.now() / 600_000) * 600_000;
    const first = new Date(edge - 2_000);
    await outbid(scene, first);
    await outbid(scene, new Date(edge + 2_000));
    expect(await annMessages(scene)).toEqual([
      { template: "outbid", count: null, due: expect.any(String) },
      { template: "outbid_digest", count: 1, due: new Date(first.getTime() + 600_000).toISOString() },
    ]);
  });

  it("the window is measured from the last outbid message: the next one goes when it ends, then a new digest", async () => {
    const scene = await outbidScene();
    const start = Date.now();
    const minutes = (n: number) => new Date(start + n * 60_000);
    await outbid(scene, minutes(0));
    await outbid(scene, minutes(9));
    await outbid(scene, minutes(9.9));
    await outbid(scene, minutes(10));
    await outbid(scene, minutes(15));
    expect(await annMessages(scene)).toEqual([
      { template: "outbid", count: null, due: expect.any(String) },
      { template: "outbid_digest", count: 2, due: minutes(10).toISOString() },
      { template: "outbid", count: null, due: expect.any(String) },
      { template: "outbid_digest", count: 1, due: minutes(20).toISOString() },
    ]);
  });

  it("two outbids of one bidder at once send one message; the other is counted on the digest", async () => {
    const scene = await outbidScene();
    const at = new Date();
    await Promise.all([outbid(scene, at), outbid(scene, new Date(at.getTime() + 1))]);
    expect((await annMessages(scene)).map((row) => `${row.template} ${row.count}`)).toEqual([
      "outbid null",
      "outbid_digest 1",
    ]);
  });

  it.runIf(process.env.TEST_DB_ENGINE === "postgres")(
    "(PostgreSQL) a second outbid that waits on the first one's open transaction sees the window it opened",
    async () => {
      const scene = await outbidScene();
      const at = new Date();
      let letFirstCommit!: () => void;
      const firstMayCommit = new Promise<void>((resolve) => (letFirstCommit = resolve));
      let firstWrote!: () => void;
      const firstHasWritten = new Promise<void>((resolve) => (firstWrote = resolve));
      const firstTransaction = db.transaction(async (tx) => {
        await enqueueOutbidMessages(tx, {
          eventId: scene.gala.event_id,
          itemId: scene.item.auction_item_id,
          usrIds: [scene.ann.usrId],
          amount: 12_000,
          at,
        });
        firstWrote();
        await firstMayCommit;
      });
      await firstHasWritten;
      // The second starts while the first holds the window's row uncommitted, and waits for it.
      const secondTransaction = outbid(scene, new Date(at.getTime() + 1_000));
      await new Promise((resolve) => setTimeout(resolve, 200));
      letFirstCommit();
      await Promise.all([firstTransaction, secondTransaction]);
      expect((await annMessages(scene)).map((row) => `${row.template} ${row.count}`)).toEqual([
        "outbid null",
        "outbid_digest 1",
      ]);
    },
  );
});

describe("messages at close and on a soft close", () => {
  it("the close writes a won message to the winner, once even if the close runs again", async () => {
    const now = new Date();
    const gala = await makeAuctionEvent(db, { end_date_time: new Date(now.getTime() + 30 * 60_000) });
    const item = await makeAuctionItem(db, gala.event_id);
    const ann = await makeBidder(db, gala.event_id);
    await placeBid(db, {
      eventId: gala.event_id,
      itemId: item.auction_item_id,
      usrId: ann.usrId,
      submission: bid$(10_000),
      idempotencyKey: "a1",
    });
    expect(await closeDueItems(db, new Date(now.getTime() + 31 * 60_000))).toBe(1);
    await closeDueItems(db, new Date(now.getTime() + 32 * 60_000));
    const written = await messagesOf(gala.event_id);
    expect(written).toMatchObject([
      { template: "won", channel: "email", to_usr_id: ann.usrId, data: { item_id: item.auction_item_id } },
    ]);
  });

  it("when the last item closes, the team members with notify_event_status hear that bidding closed", async () => {
    const now = new Date();
    const gala = await makeAuctionEvent(db, { end_date_time: new Date(now.getTime() + 30 * 60_000) });
    await makeAuctionItem(db, gala.event_id);
    const told = await makeUser(db);
    await giveRole(db, told.usr_id, gala.event_id, { is_team_member: true, notify_event_status: true });
    await closeDueItems(db, new Date(now.getTime() + 31 * 60_000));
    const notices = (await messagesOf(gala.event_id)).filter((row) => row.template === "team_event_status");
    expect(notices).toMatchObject([{ to_usr_id: told.usr_id, channel: "email" }]);
  });

  it("a late bid that moves the close tells the item's other bidders (not the one it outbid, who hears of that)", async () => {
    const now = new Date();
    const gala = await makeAuctionEvent(db, {
      end_date_time: new Date(now.getTime() + 30 * 60_000),
      soft_close_minutes: 2,
    });
    const item = await makeAuctionItem(db, gala.event_id);
    const [ann, ben, cal] = [
      await makeBidder(db, gala.event_id),
      await makeBidder(db, gala.event_id),
      await makeBidder(db, gala.event_id),
    ];
    const bidAt = (usrId: number, amount: number, minutes: number) =>
      placeBid(db, {
        eventId: gala.event_id,
        itemId: item.auction_item_id,
        usrId,
        submission: bid$(amount),
        idempotencyKey: `${usrId}-${amount}`,
        at: new Date(now.getTime() + minutes * 60_000),
      });
    await bidAt(ann.usrId, 10_000, 1);
    await bidAt(ben.usrId, 11_000, 2);
    const before = (await messagesOf(gala.event_id)).length;
    // A minute before the end: the close moves to two minutes after the bid.
    await bidAt(cal.usrId, 12_000, 29);
    const added = (await messagesOf(gala.event_id)).slice(before);
    expect(added.map((row) => [row.template, row.to_usr_id]).sort()).toEqual([
      ["extended", ann.usrId],
      ["outbid", ben.usrId],
    ]);
  });
});

describe("reminders", () => {
  it("the evening before: at 6 PM in the event's zone the day before, once per guest's address", async () => {
    const gala = await makeAuctionEvent(db);
    // Saturday 16 May 2030, 7 PM in New York (EDT, UTC-4).
    await db
      .update(event)
      .set({ timezone: "America/New_York", start_date_time: new Date("2030-05-16T23:00:00Z") })
      .where(eq(event.event_id, gala.event_id));
    await db.insert(registrant).values([
      { event_id: gala.event_id, name: "Ada Lovelace", first_name: "Ada", email: "ada@example.org" },
      { event_id: gala.event_id, name: "Ada again", first_name: "Ada", email: "ADA@example.org" },
      { event_id: gala.event_id, name: null, email: "unnamed@example.org" },
    ]);
    const reminders = async () =>
      (await messagesOf(gala.event_id)).filter((row) => row.template === "reminder_evening_before");
    await enqueueDueReminders(db, new Date("2030-05-15T21:59:00Z")); // 5:59 PM the day before
    expect(await reminders()).toEqual([]);
    await enqueueDueReminders(db, new Date("2030-05-15T22:00:00Z")); // 6 PM the day before
    await enqueueDueReminders(db, new Date("2030-05-15T22:01:00Z"));
    expect((await reminders()).map((row) => row.to_email)).toEqual(["ada@example.org"]);
  });

  it("bidding closes soon: 15 minutes before the end, to each bidder, with the exact time; the leaders hear they are winning", async () => {
    const end = new Date(Date.now() + 60 * 60_000);
    const gala = await makeAuctionEvent(db, { end_date_time: end });
    const item = await makeAuctionItem(db, gala.event_id);
    const ann = await makeBidder(db, gala.event_id);
    await placeBid(db, {
      eventId: gala.event_id,
      itemId: item.auction_item_id,
      usrId: ann.usrId,
      submission: bid$(10_000),
      idempotencyKey: "a1",
    });
    const closingSoon = async () =>
      (await messagesOf(gala.event_id)).filter((row) => row.template === "reminder_closing_soon");
    await enqueueDueReminders(db, new Date(end.getTime() - 16 * 60_000));
    expect(await closingSoon()).toEqual([]);
    await enqueueDueReminders(db, new Date(end.getTime() - 15 * 60_000));
    await enqueueDueReminders(db, new Date(end.getTime() - 14 * 60_000));
    expect(await closingSoon()).toMatchObject([
      { to_usr_id: ann.usrId, channel: "email", data: { closes_at: expect.any(String) } },
    ]);
    // The leader of each item also hears they are winning it, once.
    const winning = (await messagesOf(gala.event_id)).filter((row) => row.template === "winning_at_close");
    expect(winning).toMatchObject([
      { to_usr_id: ann.usrId, data: { item_id: item.auction_item_id, amount_cents: 10_000 } },
    ]);
  });
});

describe("the worker", () => {
  async function queuedEmail() {
    const { gala, ann } = await outbidScene();
    await enqueueMessage(db, {
      event_id: gala.event_id,
      template: "test",
      to: { usr_id: ann.usrId },
      channel: "email",
      idempotency_key: `test:${gala.event_id}`,
    });
    return { gala, ann };
  }

  /** `count` guests of a new gala, each with a test email queued (keyed `${key}:${usrId}`), in the guests' order. */
  async function queuedEmails(count: number, key: string) {
    const { gala } = await outbidScene();
    const guests = await Promise.all(Array.from({ length: count }, () => makeBidder(db, gala.event_id)));
    for (const guest of guests)
      await enqueueMessage(db, {
        event_id: gala.event_id,
        template: "test",
        to: { usr_id: guest.usrId },
        channel: "email",
        idempotency_key: `${key}:${guest.usrId}`,
      });
    return { gala, guests };
  }

  /** An email provider that answers at once, and refuses for now the message keyed `refusing`. */
  function instantEmail(refusing?: string): ProviderSource {
    const email: EmailProvider = {
      name: "instant-email",
      async send(mail) {
        if (mail.idempotencyKey === refusing) throw new ProviderError("421 try again later", false, {});
        return { providerMessageId: `id-${mail.idempotencyKey}`, answer: { accepted: true } };
      },
    };
    return { email: () => email, text: () => null };
  }

  /**
   * `db` with each statement that records outcomes shown to `look` first (the outcomes as the JSON it is given); a
   * statement `look` answers with an error is refused with it, as the database would refuse it.
   */
  function watchingOutcomes(look: (outcomes: string) => Error | void): Database {
    const dialect = new PgDialect();
    return new Proxy(db, {
      get(target, key) {
        const value: unknown = Reflect.get(target, key);
        if (key !== "execute" || typeof value !== "function") return value;
        return (query: SQL) => {
          const { sql: text, params } = dialect.sqlToQuery(query);
          const refusal = text.includes("jsonb_to_recordset") ? look(String(params[0])) : undefined;
          return refusal ? Promise.reject(refusal) : (value as (query: SQL) => unknown).call(target, query);
        };
      },
    });
  }

  it("sends a message once, records the attempt and the provider's answer", async () => {
    const { gala, ann } = await queuedEmail();
    const { calls, providers } = recordingProviders();
    await runOutbox(db, { providers });
    await runOutbox(db, { providers });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ channel: "email", to: ann.email, subject: `Test message from ${gala.title}` });
    const [sent] = await messagesOf(gala.event_id);
    expect(sent).toMatchObject({ status: "sent", attempt_count: 1, provider_message_id: `id-test:${gala.event_id}` });
    const attempts = await db.select().from(message_attempt).where(eq(message_attempt.message_id, sent.message_id));
    expect(attempts).toMatchObject([
      { attempt: 1, status: "sent", provider: "recording-email", provider_answer: { accepted: true } },
    ]);
  });

  it("one batch of messages for two events: each goes with its own event, recipient, item and consent to texts", async () => {
    const north = await outbidScene();
    const south = await outbidScene();
    await db
      .update(event)
      .set({ title: `South gala ${south.gala.event_id}` })
      .where(eq(event.event_id, south.gala.event_id));
    const southItem = await makeAuctionItem(db, south.gala.event_id, { title: "Pottery class" });
    // Ann bids at both galas (one account) and agreed to texts for the south gala only.
    await db.insert(usr_event_paddle).values({ usr_id: north.ann.usrId, event_id: south.gala.event_id, paddle: 7001 });
    await db.update(usr).set({ phone: "(617) 555-0150", first_name: "Ann" }).where(eq(usr.usr_id, north.ann.usrId));
    await db
      .insert(message_preference)
      .values({ usr_id: north.ann.usrId, event_id: south.gala.event_id, outbid_channel: "both", text_consent: true });
    const queue = (eventId: number, usrId: number, channel: "email" | "text", itemId: number, key: string) =>
      enqueueMessage(db, {
        event_id: eventId,
        template: "outbid",
        to: { usr_id: usrId },
        channel,
        data: { item_id: itemId, amount_cents: 12_300 },
        idempotency_key: `${key}:${eventId}`,
      });
    await queue(north.gala.event_id, north.ann.usrId, "email", north.item.auction_item_id, "ann-north-email");
    await queue(north.gala.event_id, north.ann.usrId, "text", north.item.auction_item_id, "ann-north-text");
    await queue(south.gala.event_id, north.ann.usrId, "text", southItem.auction_item_id, "ann-south-text");
    await queue(south.gala.event_id, south.ben.usrId, "email", southItem.auction_item_id, "ben-south-email");
    // Another event's item named by a message is not this message's item.
    await queue(north.gala.event_id, north.ben.usrId, "email", southItem.auction_item_id, "ben-north-email");

    const { calls, providers } = recordingProviders();
    expect(await runOutbox(db, { providers })).toBe(5);
    const sent = (key: string, eventId: number) => calls.find((call) => call.key === `${key}:${eventId}`);
    expect(sent("ann-north-email", north.gala.event_id)).toMatchObject({ to: north.ann.email });
    expect(sent("ann-north-email", north.gala.event_id)?.subject).toContain("Weekend in Napa");
    expect(sent("ann-north-email", north.gala.event_id)?.body).toContain(
      `inroombid?id=${north.gala.event_id}&item=${north.item.auction_item_id}`,
    );
    expect(sent("ann-north-text", north.gala.event_id)).toBeUndefined();
    expect(sent("ann-south-text", south.gala.event_id)).toMatchObject({ channel: "text", to: "+16175550150" });
    expect(sent("ann-south-text", south.gala.event_id)?.body).toContain("Pottery class");
    expect(sent("ben-south-email", south.gala.event_id)).toMatchObject({ to: south.ben.email });
    expect(sent("ben-south-email", south.gala.event_id)?.body).toContain(`South gala ${south.gala.event_id}`);
    expect(sent("ben-north-email", north.gala.event_id)?.body).not.toContain("Pottery class");
    expect((await messagesOf(north.gala.event_id)).map((row) => [row.idempotency_key, row.status])).toEqual([
      [`ann-north-email:${north.gala.event_id}`, "sent"],
      [`ann-north-text:${north.gala.event_id}`, "skipped"],
      [`ben-north-email:${north.gala.event_id}`, "sent"],
    ]);
  });

  it("sends a batch's messages four at a time, each recorded as its provider answers", async () => {
    const { gala } = await queuedEmails(6, "four-at-once");
    let sending = 0;
    let mostAtOnce = 0;
    const slowEmail: EmailProvider = {
      name: "slow-email",
      async send(mail) {
        sending += 1;
        mostAtOnce = Math.max(mostAtOnce, sending);
        await new Promise((resolve) => setTimeout(resolve, 50));
        sending -= 1;
        return { providerMessageId: `id-${mail.idempotencyKey}`, answer: { accepted: true } };
      },
    };
    expect(await runOutbox(db, { providers: { email: () => slowEmail, text: () => null } })).toBe(6);
    expect(mostAtOnce).toBe(SENDING_AT_ONCE);
    expect((await messagesOf(gala.event_id)).map((row) => row.status)).toEqual(Array(6).fill("sent"));
  });

  it("writes the outcomes of messages answered together in one statement, each message's own", async () => {
    const { gala, guests } = await queuedEmails(8, "together");
    // One guest without an address (skipped), one whose provider refuses for now (queued again), six sent.
    await db.update(usr).set({ email_address: "" }).where(eq(usr.usr_id, guests[2].usrId));
    let outcomeStatements = 0;
    const counting = watchingOutcomes(() => {
      outcomeStatements += 1;
    });

    const started = Date.now();
    expect(await runOutbox(counting, { providers: instantEmail(`together:${guests[5].usrId}`) })).toBe(8);

    // Four lanes answered at once, twice: two statements, where each outcome used to take its own.
    expect(outcomeStatements).toBe(2);
    const rows = await messagesOf(gala.event_id);
    expect(rows.map((row) => [row.to_usr_id, row.status, row.provider_message_id, row.last_error])).toEqual(
      guests.map((guest, index) =>
        index === 2
          ? [guest.usrId, "skipped", null, "No email address."]
          : index === 5
            ? [guest.usrId, "queued", null, "421 try again later"]
            : [guest.usrId, "sent", `id-together:${guest.usrId}`, null],
      ),
    );
    // Due again after the first retry's wait (a second's leeway for the database's clock).
    expect(rows[5].next_attempt_at.getTime()).toBeGreaterThanOrEqual(started + retryDelayMs(1) - 1_000);
    const attempts = await db
      .select({
        message_id: message_attempt.message_id,
        status: message_attempt.status,
        provider: message_attempt.provider,
      })
      .from(message_attempt)
      .where(
        inArray(
          message_attempt.message_id,
          rows.map((row) => row.message_id),
        ),
      )
      .orderBy(asc(message_attempt.message_id));
    expect(attempts.map((row) => row.status)).toEqual([
      "sent",
      "sent",
      "skipped",
      "sent",
      "sent",
      "failed",
      "sent",
      "sent",
    ]);
    expect(attempts.filter((row) => row.status === "sent").every((row) => row.provider === "instant-email")).toBe(true);
  });

  it("an outcome statement the database refuses is written again one outcome at a time: only the refused one fails", async () => {
    const { gala } = await queuedEmails(4, "refused-outcome");
    const [, refused] = await messagesOf(gala.event_id);
    // The database refuses any statement that records the second message's outcome (as it would a value it cannot
    // store): the statement it shares with the others, then its own.
    const refusing = watchingOutcomes((outcomes) =>
      outcomes.includes(`"message_id":${refused.message_id},`)
        ? new Error("invalid input syntax for type json")
        : undefined,
    );

    await expect(runOutbox(refusing, { providers: instantEmail() })).rejects.toThrow(
      "invalid input syntax for type json",
    );

    expect((await messagesOf(gala.event_id)).map((row) => row.status)).toEqual(["sent", "sending", "sent", "sent"]);
  });

  it("keeps a provider's answer without what PostgreSQL cannot store (a NUL, an unpaired surrogate)", async () => {
    const { gala, ann } = await queuedEmail();
    const email: EmailProvider = {
      name: "odd-email",
      send: async (mail) => ({
        providerMessageId: `id-\u0000${mail.idempotencyKey}`,
        answer: { response: "250 queued\u0000 as \ud800x" },
      }),
    };

    expect(await runOutbox(db, { providers: { email: () => email, text: () => null } })).toBe(1);

    const [row] = await messagesOf(gala.event_id);
    expect(row).toMatchObject({
      status: "sent",
      to_usr_id: ann.usrId,
      provider_message_id: `id-test:${gala.event_id}`,
    });
    const [attempt] = await db.select().from(message_attempt).where(eq(message_attempt.message_id, row.message_id));
    expect(attempt).toMatchObject({ status: "sent", provider_answer: { response: "250 queued as \ufffdx" } });
  });

  it("writing the same idempotency key twice keeps one message", async () => {
    const { gala, ann } = await queuedEmail();
    const again = await enqueueMessage(db, {
      event_id: gala.event_id,
      template: "test",
      to: { usr_id: ann.usrId },
      channel: "email",
      idempotency_key: `test:${gala.event_id}`,
    });
    expect(again).toBe(false);
    expect(await messagesOf(gala.event_id)).toHaveLength(1);
  });

  it("retries with backoff after a failure, each attempt recorded, and gives up after the last", async () => {
    const { gala } = await queuedEmail();
    const { calls, providers } = recordingProviders({ failTimes: 2 });
    const t0 = new Date(Date.now() + 1_000); // after the messages' insert time, on any clock
    await runOutbox(db, { providers, now: t0 });
    let [row] = await messagesOf(gala.event_id);
    expect(row).toMatchObject({ status: "queued", attempt_count: 1, last_error: "421 try again later" });
    expect(row.next_attempt_at.getTime()).toBe(t0.getTime() + retryDelayMs(1));
    await runOutbox(db, { providers, now: new Date(t0.getTime() + retryDelayMs(1) - 1) });
    expect(calls).toHaveLength(1); // not due yet
    await runOutbox(db, { providers, now: new Date(t0.getTime() + retryDelayMs(1)) });
    await runOutbox(db, { providers, now: new Date(t0.getTime() + retryDelayMs(1) + retryDelayMs(2)) });
    [row] = await messagesOf(gala.event_id);
    expect(row).toMatchObject({ status: "sent", attempt_count: 3 });
    const attempts = await db
      .select()
      .from(message_attempt)
      .where(eq(message_attempt.message_id, row.message_id))
      .orderBy(asc(message_attempt.attempt));
    expect(attempts.map((attempt) => attempt.status)).toEqual(["failed", "failed", "sent"]);

    const never = recordingProviders({ failTimes: 100 });
    const other = await queuedEmail();
    let now = Date.now() + 1_000;
    for (let tick = 0; tick < MAX_ATTEMPTS + 2; tick++) {
      await runOutbox(db, { providers: never.providers, now: new Date(now) });
      now += 2 * 60 * 60_000;
    }
    const [gaveUp] = await messagesOf(other.gala.event_id);
    expect(gaveUp).toMatchObject({ status: "failed", attempt_count: MAX_ATTEMPTS });
  });

  it("a permanent refusal fails at once", async () => {
    const { gala } = await queuedEmail();
    const { providers } = recordingProviders({ failTimes: 1, permanent: true });
    await runOutbox(db, { providers });
    expect((await messagesOf(gala.event_id))[0]).toMatchObject({ status: "failed", attempt_count: 1 });
  });

  it("a worker killed after claiming: the lease ends, another worker sends it once", async () => {
    const { gala } = await queuedEmail();
    const t0 = new Date(Date.now() + 1_000); // after the messages' insert time, on any clock
    const killed = await claimDueMessages(db, { now: t0, leaseMs: 60_000 });
    expect(killed).toHaveLength(1);
    // The killed worker never answers. Before the lease ends, nobody else takes the message.
    expect(await claimDueMessages(db, { now: new Date(t0.getTime() + 59_000) })).toEqual([]);
    const { calls, providers } = recordingProviders();
    await runOutbox(db, { providers, now: new Date(t0.getTime() + 60_000) });
    expect(calls).toHaveLength(1);
    const [row] = await messagesOf(gala.event_id);
    expect(row).toMatchObject({ status: "sent", attempt_count: 2 });
    const attempts = await db
      .select()
      .from(message_attempt)
      .where(eq(message_attempt.message_id, row.message_id))
      .orderBy(asc(message_attempt.attempt));
    expect(attempts.map((attempt) => attempt.status)).toEqual(["started", "sent"]);
  });

  // A send three leases long: without renewal, another worker could claim the message twice over. Renewed every
  // renewEveryMs when told, else a third of the way into the lease (the server sets only the lease:
  // OUTBOX_LEASE_SECONDS).
  it.each([
    { renewal: "told how often", leaseMs: 500, renewEveryMs: 100 },
    { renewal: "a third of the way in", leaseMs: 600 },
  ])(
    "a worker renews its batch's lease ($renewal) while a slow provider sends: no other worker takes the message meanwhile",
    async ({ leaseMs, renewEveryMs }) => {
      const { gala } = await queuedEmail();
      let claimedByAnother: ClaimedMessage[] | undefined;
      const slowEmail: EmailProvider = {
        name: "slow-email",
        async send(mail) {
          await new Promise((resolve) => setTimeout(resolve, leaseMs * 3));
          claimedByAnother = await claimDueMessages(db);
          return { providerMessageId: `id-${mail.idempotencyKey}`, answer: { accepted: true } };
        },
      };
      await runOutbox(db, { providers: { email: () => slowEmail, text: () => null }, leaseMs, renewEveryMs });
      expect(claimedByAnother).toEqual([]);
      expect((await messagesOf(gala.event_id))[0]).toMatchObject({ status: "sent", attempt_count: 1 });
    },
  );

  it("an attempt the database failed goes back to the queue: no attempt used, no backoff, sent at the next tick", async () => {
    const { gala } = await queuedEmail();
    const { calls, providers } = recordingProviders();
    const t0 = new Date(Date.now() + 1_000); // after the messages' insert time, on any clock
    const [claimed] = await claimDueMessages(db, { now: t0 });
    // A query of the attempt meets a connection the server closed (here an enricher's); the database is back for
    // the record.
    const enrichers = { test: () => Promise.reject(connectionClosed()) };
    expect(await deliverClaimed(db, claimed, { providers, enrichers, now: t0 })).toBe("queued");
    const [row] = await messagesOf(gala.event_id);
    expect(row).toMatchObject({ status: "queued", attempt_count: 0, lease_until: null, claim_token: null });
    expect(row.next_attempt_at.getTime()).toBeLessThanOrEqual(t0.getTime());
    expect(calls).toEqual([]);

    await runOutbox(db, { providers, now: t0 });
    expect((await messagesOf(gala.event_id))[0]).toMatchObject({ status: "sent", attempt_count: 1 });
    const attempts = await db
      .select()
      .from(message_attempt)
      .where(eq(message_attempt.message_id, row.message_id))
      .orderBy(asc(message_attempt.message_attempt_id));
    expect(attempts).toMatchObject([
      { attempt: 1, status: "released", error: "write CONNECTION_CLOSED 127.0.0.1:5432" },
      { attempt: 1, status: "sent" },
    ]);
  });

  it("a worker whose database went away waits for it, within the lease, to give the message back", async () => {
    const { gala } = await queuedEmail();
    const { calls, providers } = recordingProviders();
    const t0 = new Date(Date.now() + 1_000); // after the messages' insert time, on any clock
    const [claimed] = await claimDueMessages(db, { now: t0 });
    const database = goingAway(db);
    database.away = true;
    const delivered = deliverClaimed(database.handle, claimed, { providers, now: t0, databaseRetryMs: 20 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    database.away = false;
    expect(await delivered).toBe("queued");
    expect(calls).toEqual([]);
    expect((await messagesOf(gala.event_id))[0]).toMatchObject({ status: "queued", attempt_count: 0 });

    // Away for longer than the lease: the message is left to the lease, as after a crash.
    const [again] = await claimDueMessages(db, { now: t0, leaseMs: 100 });
    database.away = true;
    await expect(
      deliverClaimed(database.handle, again, { providers, now: t0, leaseMs: 100, databaseRetryMs: 20 }),
    ).rejects.toMatchObject({ code: "CONNECTION_CLOSED" });
    expect((await messagesOf(gala.event_id))[0]).toMatchObject({ status: "sending", attempt_count: 1 });
  });

  it("a worker killed after the provider accepted: the resend carries the same key, so the provider keeps one copy; the late worker cannot overwrite", async () => {
    const { gala } = await queuedEmail();
    const t0 = new Date(Date.now() + 1_000); // after the messages' insert time, on any clock
    const { calls, delivered, providers } = recordingProviders();
    const [first] = await claimDueMessages(db, { now: t0, leaseMs: 60_000 });
    // The first worker's provider call went through, then the worker stalled before recording it.
    await providers
      .email(null as never)
      .send({ to: "x", subject: "", text: "", html: "", idempotencyKey: first.idempotency_key });
    await runOutbox(db, { providers, now: new Date(t0.getTime() + 60_000) });
    expect(calls.map((call) => call.key)).toEqual([first.idempotency_key, first.idempotency_key]);
    // Same key both times: a provider that keeps keys (Twilio's gateway, the Message-ID for mail) shows one message.
    expect(new Set(calls.map((call) => call.key)).size).toBe(1);
    expect(delivered.get(first.idempotency_key)).toBe(2);
    // The stalled worker wakes up and records its answer: its lease was taken over, so nothing changes.
    expect(await deliverClaimed(db, first, { providers, now: new Date(t0.getTime() + 61_000) })).toBe("lost_lease");
    expect((await messagesOf(gala.event_id))[0]).toMatchObject({ status: "sent", attempt_count: 2 });
  });
});

describe("texts", () => {
  async function textScene(consent: boolean) {
    const { gala, ann } = await outbidScene();
    await db.update(usr).set({ phone: "(617) 555-0142" }).where(eq(usr.usr_id, ann.usrId));
    await db
      .insert(message_preference)
      .values({ usr_id: ann.usrId, event_id: gala.event_id, outbid_channel: "text", text_consent: consent });
    return { gala, ann };
  }
  const enqueueText = (eventId: number, usrId: number, key: string) =>
    enqueueMessage(db, {
      event_id: eventId,
      template: "test",
      to: { usr_id: usrId },
      channel: "text",
      idempotency_key: key,
    });

  it("texts a consenting guest; STOP to the account and number it comes from stops the next text", async () => {
    const { gala, ann } = await textScene(true);
    const account = { twilio_account_sid: `AC${"4".repeat(32)}`, from_number: "+16175550000" };
    await db.insert(message_settings).values({
      event_id: gala.event_id,
      twilio_account_sid: account.twilio_account_sid,
      twilio_from_number: account.from_number,
    });
    const { calls, providers } = recordingProviders();
    // A STOP sent to another account, or to another of this account's numbers, is not about this event's texts.
    await db.insert(text_opt_out).values([
      { ...account, twilio_account_sid: `AC${"5".repeat(32)}`, phone: "+16175550142", opted_out: true },
      { ...account, from_number: "+16175550001", phone: "+16175550142", opted_out: true },
    ]);
    await enqueueText(gala.event_id, ann.usrId, `t1:${gala.event_id}`);
    await runOutbox(db, { providers });
    expect(calls).toMatchObject([{ channel: "text", to: "+16175550142" }]);

    await db.insert(text_opt_out).values({ ...account, phone: "+16175550142", opted_out: true });
    await enqueueText(gala.event_id, ann.usrId, `t2:${gala.event_id}`);
    await runOutbox(db, { providers });
    expect(calls).toHaveLength(1);
    const rows = await messagesOf(gala.event_id);
    expect(rows[1]).toMatchObject({ status: "skipped", last_error: "Opted out (replied STOP)." });
  });

  it("a guest without consent is never texted, and texting without credentials says it is off", async () => {
    const { gala, ann } = await textScene(false);
    const { calls, providers } = recordingProviders();
    await enqueueMessage(db, {
      event_id: gala.event_id,
      template: "outbid",
      to: { usr_id: ann.usrId },
      channel: "text",
      idempotency_key: `o:${gala.event_id}`,
    });
    await runOutbox(db, { providers });
    expect(calls).toEqual([]);
    expect((await messagesOf(gala.event_id))[0]).toMatchObject({
      status: "skipped",
      last_error: "No consent to texts.",
    });

    await enqueueText(gala.event_id, ann.usrId, `t3:${gala.event_id}`);
    await runOutbox(db, { providers: { ...providers, text: () => null } });
    expect((await messagesOf(gala.event_id))[1]).toMatchObject({
      status: "skipped",
      last_error: "Texting is off: no Twilio credentials.",
    });
  });
});

describe.runIf(process.env.TEST_DB_ENGINE === "postgres")("two workers at once (PostgreSQL)", () => {
  it("never send the same message: SKIP LOCKED gives each message to one of them", async () => {
    const { gala, ann } = await outbidScene();
    for (let index = 0; index < 60; index++) {
      await enqueueMessage(db, {
        event_id: gala.event_id,
        template: "test",
        to: { usr_id: ann.usrId },
        channel: "email",
        idempotency_key: `many:${gala.event_id}:${index}`,
      });
    }
    const { calls, providers } = recordingProviders();
    // Slow providers keep both workers busy at once.
    const slow: ProviderSource = {
      email: (messaging) => ({
        name: "slow",
        async send(mail) {
          await new Promise((resolve) => setTimeout(resolve, 5));
          return providers.email(messaging).send(mail);
        },
      }),
      text: providers.text,
    };
    await Promise.all([
      runOutbox(db, { providers: slow, batch: 5 }),
      runOutbox(db, { providers: slow, batch: 5 }),
      runOutbox(db, { providers: slow, batch: 5 }),
    ]);
    expect(calls).toHaveLength(60);
    expect(new Set(calls.map((call) => call.key)).size).toBe(60);
    const rows = await messagesOf(gala.event_id);
    expect(rows.every((row) => row.status === "sent" && row.attempt_count === 1)).toBe(true);
  });
});
