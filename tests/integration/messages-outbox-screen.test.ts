// The outbox screen (/admin/auction_items/email_page/outbox), called as Remix would: can_send_messages on the server,
// the filters by guest, kind and status read from the address, a page of fifty at a time, and the retry of a failed
// message: once however often it is posted, who asked kept, never for a message that did not fail or another event's.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { enqueueMessage, enqueueMessages } from "~/messages/outbox.server";
import { message } from "~drizzle/schema";
import { makeAuctionEvent } from "../support/auction";
import { testDatabase } from "../support/database";
import { giveRole, makeUser, sessionCookie, teamRole } from "../support/people";
import { call, makeRequest } from "../support/route-calls";

const { db } = testDatabase();
const route = () => import("~/routes/admin._workspace.auction_items.email_page_.outbox");

async function teamMember(eventId: number, ...permissions: Parameters<typeof teamRole>) {
  const person = await makeUser(db, { first_name: "Morgan", last_name: "Lee" });
  await giveRole(db, person.usr_id, eventId, teamRole(...permissions));
  return { ...person, cookie: await sessionCookie(person.usr_id) };
}

type Page = {
  entries: { id: number; to: string; kind: string; status: string; tries: number; reason: string | null }[];
  olderHref: string | null;
  tallies: Record<string, number>;
};

async function outboxScene() {
  const gala = await makeAuctionEvent(db);
  const ada = await makeUser(db, {
    first_name: "Ada",
    last_name: "Lovelace",
    email: `ada-${gala.event_id}@example.org`,
  });
  const alan = await makeUser(db, { first_name: "Alan", last_name: "Turing" });
  const write = (template: "outbid" | "won" | "broadcast", usrId: number, key: string) =>
    enqueueMessage(db, {
      event_id: gala.event_id,
      template,
      channel: "email",
      to: { usr_id: usrId },
      idempotency_key: `${key}:${gala.event_id}`,
    });
  await write("outbid", ada.usr_id, "outbid-ada");
  await write("won", ada.usr_id, "won-ada");
  await write("outbid", alan.usr_id, "outbid-alan");
  const [failed] = await db
    .update(message)
    .set({ status: "failed", attempt_count: 8, last_error: "The mail server refused the sign-in." })
    .where(eq(message.idempotency_key, `won-ada:${gala.event_id}`))
    .returning();
  return { gala, ada, alan, failed };
}

describe("/admin/auction_items/email_page/outbox", () => {
  it("needs can_send_messages to see it and to retry", async () => {
    const { gala, failed } = await outboxScene();
    const other = await teamMember(gala.event_id, "can_configure_event", "can_edit_auction_items");
    const url = `/admin/auction_items/email_page/outbox?id=${gala.event_id}`;
    const { loader, action } = await route();
    expect((await call(loader, makeRequest(url, { cookie: other.cookie }))).status).toBe(403);
    const form = { intent: "retry-message", message_id: String(failed.message_id), retry_count: "0" };
    expect((await call(action, makeRequest(url, { cookie: other.cookie, form }))).status).toBe(403);
    const [row] = await db.select().from(message).where(eq(message.message_id, failed.message_id));
    expect(row.status).toBe("failed");
  });

  it("lists the event's messages newest first with status and reason, filtered by guest, kind and status", async () => {
    const { gala } = await outboxScene();
    const staff = await teamMember(gala.event_id, "can_send_messages");
    const { loader } = await route();
    const page = async (query: string) =>
      (await call(loader, makeRequest(`/admin/auction_items/email_page/outbox?id=${gala.event_id}${query}`, staff)))
        .data as Page;

    const all = await page("");
    expect(all.entries.map((entry) => `${entry.to} · ${entry.kind} · ${entry.status}`)).toEqual([
      "Alan Turing · Outbid · queued",
      "Ada Lovelace · Won · failed",
      "Ada Lovelace · Outbid · queued",
    ]);
    expect(all.entries[1].reason).toBe("The mail server refused the sign-in.");
    expect(all.tallies).toEqual({ queued: 2, failed: 1 });

    expect((await page("&guest=lovelace")).entries.map((entry) => entry.kind)).toEqual(["Won", "Outbid"]);
    expect((await page(`&guest=ada-${gala.event_id}%40example`)).entries).toHaveLength(2);
    expect((await page("&kind=outbid")).entries.map((entry) => entry.to)).toEqual(["Alan Turing", "Ada Lovelace"]);
    expect((await page("&kind=outbid&guest=alan")).entries.map((entry) => entry.to)).toEqual(["Alan Turing"]);
    expect((await page("&status=failed")).entries.map((entry) => entry.kind)).toEqual(["Won"]);
    // A % in the guest box is a character to find, not a wildcard; unknown kinds and statuses show everything.
    expect((await page("&guest=%25")).entries).toEqual([]);
    expect((await page("&kind=sign_in_code&status=lost")).entries).toHaveLength(3);
  });

  it("shows a large event's messages fifty at a time, the next page by the last one's id", async () => {
    const gala = await makeAuctionEvent(db);
    const guest = await makeUser(db, { first_name: "Grace", last_name: "Hopper" });
    await enqueueMessages(
      db,
      Array.from({ length: 120 }, (_, index) => ({
        event_id: gala.event_id,
        template: "broadcast" as const,
        channel: "email" as const,
        to: { usr_id: guest.usr_id },
        idempotency_key: `many:${gala.event_id}:${index}`,
      })),
    );
    const staff = await teamMember(gala.event_id, "can_send_messages");
    const { loader } = await route();
    const seen: number[] = [];
    let href: string | null = `?id=${gala.event_id}`;
    while (href) {
      const page = (await call(loader, makeRequest(`/admin/auction_items/email_page/outbox${href}`, staff)))
        .data as Page;
      expect(page.entries.length).toBeLessThanOrEqual(50);
      seen.push(...page.entries.map((entry) => entry.id));
      href = page.olderHref;
    }
    expect(seen).toHaveLength(120);
    expect(new Set(seen).size).toBe(120);
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
  });

  it("retries a failed message once however often the retry is posted, and keeps who asked", async () => {
    const { gala, failed } = await outboxScene();
    const staff = await teamMember(gala.event_id, "can_send_messages");
    const url = `/admin/auction_items/email_page/outbox?id=${gala.event_id}&status=failed`;
    const { action, loader } = await route();
    const form = { intent: "retry-message", message_id: String(failed.message_id), retry_count: "0" };
    const first = await call(action, makeRequest(url, { cookie: staff.cookie, form }));
    expect(first.status).toBe(302);
    expect(first.location).toBe(url);
    const [retried] = await db.select().from(message).where(eq(message.message_id, failed.message_id));
    expect(retried).toMatchObject({
      status: "queued",
      attempt_count: 0,
      retry_count: 1,
      retried_by_usr_id: staff.usr_id,
      retried_at: expect.any(Date),
    });

    // A double click or a replayed post, even once the retry failed again: nothing more.
    await db.update(message).set({ status: "failed" }).where(eq(message.message_id, failed.message_id));
    const replay = await call(action, makeRequest(url, { cookie: staff.cookie, form }));
    expect(replay.status).toBe(302);
    const [after] = await db.select().from(message).where(eq(message.message_id, failed.message_id));
    expect(after).toMatchObject({ status: "failed", retry_count: 1 });

    // The list says who retried it.
    const page = (await call(loader, makeRequest(url, staff))).data as {
      entries: { retriedBy: string | null; retryCount: number }[];
    };
    expect(page.entries[0]).toMatchObject({ retriedBy: "Morgan Lee", retryCount: 1 });

    // A message that did not fail is not sent again; another event's message is not found.
    const [queued] = await db
      .select()
      .from(message)
      .where(eq(message.idempotency_key, `outbid-alan:${gala.event_id}`));
    const notFailed = { intent: "retry-message", message_id: String(queued.message_id), retry_count: "0" };
    expect((await call(action, makeRequest(url, { cookie: staff.cookie, form: notFailed }))).status).toBe(302);
    const [still] = await db.select().from(message).where(eq(message.message_id, queued.message_id));
    expect(still).toMatchObject({ status: "queued", retry_count: 0, retried_by_usr_id: null });

    const elsewhere = await outboxScene();
    const foreign = { intent: "retry-message", message_id: String(elsewhere.failed.message_id), retry_count: "0" };
    expect((await call(action, makeRequest(url, { cookie: staff.cookie, form: foreign }))).status).toBe(404);
    const [untouched] = await db.select().from(message).where(eq(message.message_id, elsewhere.failed.message_id));
    expect(untouched.status).toBe("failed");
  });

  it("a retried message gets a new round of tries from the worker", async () => {
    const { gala, failed } = await outboxScene();
    const staff = await teamMember(gala.event_id, "can_send_messages");
    const { retryMessage } = await import("~/messages/outbox-list.server");
    const { runOutbox } = await import("~/messages/worker.server");
    expect(
      await retryMessage(gala.event_id, { messageId: failed.message_id, seenRetryCount: 0, usrId: staff.usr_id }),
    ).toBe("retried");
    const sent: string[] = [];
    await runOutbox(db, {
      providers: {
        email: () => ({
          name: "recording",
          async send(mail) {
            sent.push(mail.idempotencyKey);
            return { providerMessageId: "id", answer: {} };
          },
        }),
        text: () => null,
      },
    });
    expect(sent).toContain(failed.idempotency_key);
    const [row] = await db.select().from(message).where(eq(message.message_id, failed.message_id));
    expect(row).toMatchObject({ status: "sent", attempt_count: 1, retry_count: 1 });
  });
});
