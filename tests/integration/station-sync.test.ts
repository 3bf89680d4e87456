// The door station's queue (/admin/registration/checkinout/sync, docs/decisions/041-offline-stations.md): each entry
// is recorded once however often it is sent, at the time it was taken; the server's rule decides conflicts, and
// entries taken offline that it turned down are listed until someone deals with them. On a real PostgreSQL, two
// stations replaying at once, with entries sent twice, converge.
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { registerParty } from "~/registration/register-party.server";
import * as door from "~/routes/admin._workspace.registration.checkinout";
import * as sync from "~/routes/admin._workspace.registration.checkinout_.sync";
import { serverTimeOf } from "~/stations/station-sync.server";
import { check_in, event, payment, registrant, registration, station_entry, ticket } from "~drizzle/schema";
import { testDatabase } from "../support/database";
import { giveRole, makeEvent, makeUser, sessionCookie, teamRole, teamRoleWithout } from "../support/people";
import { call, makeRequest, type RouteFunction } from "../support/route-calls";
import { sendEntry, type EntryOptions } from "../support/station-entries";

const { db } = testDatabase();
const call$ = (fn: unknown, request: Request) => call(fn as RouteFunction, request);
const MINUTE = 60_000;

async function setUp(guests = 2) {
  const made = await makeEvent(db);
  const [record] = await db.insert(registration).values({}).returning();
  await db.update(event).set({ registration_id: record.registration_id }).where(eq(event.event_id, made.event_id));
  const [single] = await db
    .insert(ticket)
    .values({ event_id: made.event_id, title: "Single", price: 20_000, seat_count: 1 })
    .returning();
  const registered = await registerParty(db, {
    eventId: made.event_id,
    lines: [{ ticketId: single.ticket_id, quantity: guests }],
    buyer: { first_name: "Ada", last_name: "Lovelace", email: "ada@example.org" },
    guests: Array.from({ length: guests }, (_, index) => ({ first_name: `Guest${index + 1}`, last_name: "Door" })),
    method: "pay_at_event",
  });
  if (!registered.ok) throw new Error("setup failed");
  const staff = await makeUser(db);
  await giveRole(db, staff.usr_id, made.event_id, teamRole("can_check_in_out"));
  const cookie = await sessionCookie(staff.usr_id);
  const syncUrl = `/admin/registration/checkinout/sync?id=${made.event_id}`;
  /** Sends one entry as a station's queue does: taken `agoMs` before it is sent, offline or not. */
  const send = async (fields: Record<string, string>, options: EntryOptions = {}) => {
    const sent = await sendEntry(sync.action, syncUrl, cookie, fields, options);
    return { status: sent.status, data: sent.answer };
  };
  const conflicts = async () =>
    (
      (await call$(door.loader, makeRequest(`/admin/registration/checkinout?id=${made.event_id}`, { cookie })))
        .data as {
        conflicts: { id: number; message: string }[];
      }
    ).conflicts;
  return {
    eventId: made.event_id,
    single,
    guests: registered.party.guests,
    paymentId: registered.party.paymentId,
    staff,
    cookie,
    syncUrl,
    send,
    conflicts,
  };
}

const guestRow = async (id: number) => (await db.select().from(registrant).where(eq(registrant.registrant_id, id)))[0];

describe("/admin/registration/checkinout/sync", () => {
  it("records an entry once however often it is sent, and answers a resend as the first time", async () => {
    const { guests, send } = await setUp();
    const [first] = guests;
    const entry = { intent: "in", registrantId: String(first.registrant_id) };
    const key = randomUUID();
    const sent = await send(entry, { key });
    expect(sent.data).toMatchObject({ outcome: "done", message: "Guest1 Door is checked in.", replayed: false });
    const again = await send(entry, { key });
    expect(again.data).toMatchObject({ outcome: "done", message: "Guest1 Door is checked in.", replayed: true });
    expect(await db.select().from(check_in).where(eq(check_in.registrant_id, first.registrant_id))).toHaveLength(1);
    // A new tap (a new key) is a new entry, turned down by the rule: the guest is already in.
    expect((await send(entry)).data).toMatchObject({ outcome: "conflict", replayed: false });
  });

  it("keeps the time an entry was taken, on the server's clock", async () => {
    const { guests, send } = await setUp();
    const before = Date.now();
    await send({ intent: "in", registrantId: String(guests[0].registrant_id) }, { agoMs: 12 * MINUTE, offline: true });
    const row = await guestRow(guests[0].registrant_id);
    expect(row.checked_in_at!.getTime()).toBeGreaterThan(before - 12 * MINUTE - 2_000);
    expect(row.checked_in_at!.getTime()).toBeLessThan(Date.now() - 12 * MINUTE + 2_000);
    const [log] = await db.select().from(check_in).where(eq(check_in.registrant_id, guests[0].registrant_id));
    expect(log.created_at.getTime()).toBe(row.checked_in_at!.getTime());
  });

  it("corrects a station's clock by the time between taking and sending, and never dates an entry ahead", () => {
    const now = new Date("2026-12-05T20:00:00Z");
    // The station's clock is an hour fast: taken 5 minutes before it was sent.
    expect(serverTimeOf(new Date("2026-12-05T20:55:00Z"), new Date("2026-12-05T21:00:00Z"), now)).toEqual(
      new Date("2026-12-05T19:55:00Z"),
    );
    expect(serverTimeOf(new Date("2026-12-05T21:00:00Z"), new Date("2026-12-05T20:00:00Z"), now)).toEqual(now);
    expect(serverTimeOf(new Date("2026-12-01T20:00:00Z"), now, now)).toEqual(new Date("2026-12-04T20:00:00Z"));
  });

  it("turns down a check-in taken offline before a later check-out, and lists it until it is dealt with", async () => {
    const { guests, send, conflicts, syncUrl, cookie, eventId } = await setUp();
    const id = String(guests[0].registrant_id);
    await send({ intent: "in", registrantId: id }, { agoMs: 30 * MINUTE });
    await send({ intent: "out", registrantId: id }, { agoMs: 10 * MINUTE });
    const stale = await send({ intent: "in", registrantId: id }, { agoMs: 20 * MINUTE, offline: true });
    expect(stale.data.outcome).toBe("conflict");
    expect(stale.data.message).toMatch(/^Guest1 Door was checked out at .+, after this check-in at .+: check them in/);
    expect((await guestRow(guests[0].registrant_id)).checked_out_at).not.toBeNull();

    const listed = await conflicts();
    expect(listed).toHaveLength(1);
    expect(listed[0].message).toBe(stale.data.message);
    // The same rule online is the status line's news, not a conflict to deal with.
    await send({ intent: "out", registrantId: id });
    expect(await conflicts()).toHaveLength(1);

    const resolved = await call$(
      sync.action,
      makeRequest(syncUrl, { cookie, form: { resolve_entry: String(listed[0].id) } }),
    );
    expect(resolved.status).toBe(302);
    expect(await conflicts()).toHaveLength(0);
    const [row] = await db.select().from(station_entry).where(eq(station_entry.station_entry_id, listed[0].id));
    expect(row.resolved_at).not.toBeNull();
    expect(row.event_id).toBe(eventId);
  });

  it("two stations offline checking in the same guest: the first recorded stands, the other is a conflict", async () => {
    const { guests, send, conflicts } = await setUp();
    const id = String(guests[1].registrant_id);
    const a = await send({ intent: "in", registrantId: id }, { agoMs: 5 * MINUTE, offline: true });
    const b = await send({ intent: "in", registrantId: id }, { agoMs: 4 * MINUTE, offline: true });
    expect(a.data.outcome).toBe("done");
    expect(b.data.outcome).toBe("conflict");
    expect(b.data.message).toMatch(/^Guest2 Door was already checked in at /);
    expect(await conflicts()).toEqual([expect.objectContaining({ message: b.data.message })]);
  });

  it("registers a walk-in once when the entry is sent twice, and takes a door payment once across stations", async () => {
    const { eventId, single, send, paymentId, conflicts } = await setUp();
    const walkIn = {
      intent: "walk-in",
      first_name: "Grace",
      last_name: "Hopper",
      email: "",
      ticket_id: String(single.ticket_id),
      method: "cash",
    };
    const key = randomUUID();
    const first = await send(walkIn, { key, offline: true, agoMs: MINUTE });
    const second = await send(walkIn, { key, offline: true, agoMs: MINUTE });
    expect(first.data).toMatchObject({ outcome: "done", answer: { walkIn: true } });
    expect(second.data).toMatchObject({ outcome: "done", replayed: true, message: first.data.message });
    const hoppers = await db
      .select()
      .from(registrant)
      .where(and(eq(registrant.event_id, eventId), eq(registrant.last_name, "Hopper")));
    expect(hoppers).toHaveLength(1);
    expect(hoppers[0].checked_in_at).not.toBeNull();

    const cash = await send({ intent: "pay-cash", paymentId: String(paymentId) }, { offline: true });
    const check = await send(
      { intent: "pay-check", paymentId: String(paymentId), check_number: "1042" },
      { offline: true },
    );
    expect(cash.data.outcome).toBe("done");
    expect(check.data).toMatchObject({ outcome: "conflict", message: "This order is already paid." });
    const [paid] = await db.select().from(payment).where(eq(payment.payment_id, paymentId));
    expect(paid).toMatchObject({ status: "paid", method: "cash" });
    expect((await conflicts()).map((conflict) => conflict.message)).toEqual(["This order is already paid."]);
  });

  it("refuses bad input as the page does and records it; refuses a bad entry, and needs can_check_in_out", async () => {
    const { eventId, guests, send, syncUrl } = await setUp();
    const refused = await send({
      intent: "walk-in",
      first_name: "",
      last_name: "X",
      email: "",
      ticket_id: "1",
      method: "cash",
    });
    expect(refused.data).toMatchObject({
      outcome: "refused",
      answer: { tone: "error", errors: { first_name: "Enter the guest's first name." } },
    });
    // A guest of another event is not this event's guest.
    const other = await setUp();
    const foreign = await send({ intent: "in", registrantId: String(other.guests[0].registrant_id) });
    expect(foreign.data).toMatchObject({ outcome: "refused", message: "That guest is not registered for this event." });
    expect((await guestRow(other.guests[0].registrant_id)).checked_in_at).toBeNull();

    const base = { intent: "in", registrantId: String(guests[0].registrant_id), occurred_at: new Date().toISOString() };
    // Staff of another event are not on this event's team: back to the start.
    const stranger = await call$(
      sync.action,
      makeRequest(syncUrl, {
        cookie: other.cookie,
        form: { ...base, entry_key: randomUUID(), sent_at: base.occurred_at },
      }),
    );
    expect(stranger).toMatchObject({ status: 302, location: "/" });
    const outsider = await makeUser(db);
    await giveRole(db, outsider.usr_id, eventId, teamRoleWithout("can_check_in_out"));
    const denied = await call$(
      sync.action,
      makeRequest(syncUrl, {
        cookie: await sessionCookie(outsider.usr_id),
        form: { ...base, entry_key: randomUUID(), sent_at: new Date().toISOString() },
      }),
    );
    expect(denied.status).toBe(403);
    expect((await guestRow(guests[0].registrant_id)).checked_in_at).toBeNull();
  });

  it("refuses an entry without a usable key, time or intent, changing nothing", async () => {
    const { guests, cookie, syncUrl } = await setUp();
    const entry = {
      intent: "in",
      registrantId: String(guests[0].registrant_id),
      entry_key: randomUUID(),
      occurred_at: new Date().toISOString(),
      sent_at: new Date().toISOString(),
    };
    for (const broken of [
      { ...entry, entry_key: "short" },
      { ...entry, occurred_at: "yesterday" },
      { ...entry, intent: "teleport" },
    ])
      expect((await call$(sync.action, makeRequest(syncUrl, { cookie, form: broken }))).status).toBe(400);
    expect((await guestRow(guests[0].registrant_id)).checked_in_at).toBeNull();
  });

  it.runIf(process.env.TEST_DB_ENGINE === "postgres")(
    "two stations replaying at once, each entry sent twice, record every guest once",
    async () => {
      const { eventId, guests, send } = await setUp(20);
      const stationA = guests.slice(0, 11).map((guest) => ({ id: guest.registrant_id, key: randomUUID() }));
      const stationB = guests.slice(9).map((guest) => ({ id: guest.registrant_id, key: randomUUID() }));
      const replay = async (entries: { id: number; key: string }[]) => {
        const answers = [];
        for (const entry of entries)
          answers.push(
            ...(await Promise.all(
              [0, 1].map(() =>
                send(
                  { intent: "in", registrantId: String(entry.id) },
                  { key: entry.key, offline: true, agoMs: MINUTE },
                ),
              ),
            )),
          );
        return answers;
      };
      const answers = (await Promise.all([replay(stationA), replay(stationB)])).flat();
      expect(answers.every((answer) => answer.status === 200)).toBe(true);
      const log = await db.select().from(check_in).where(eq(check_in.event_id, eventId));
      expect(log).toHaveLength(20);
      expect(new Set(log.map((row) => row.registrant_id)).size).toBe(20);
      const entries = await db.select().from(station_entry).where(eq(station_entry.event_id, eventId));
      expect(entries).toHaveLength(22);
      expect(entries.filter((entry) => entry.outcome === "conflict")).toHaveLength(2);
    },
  );
});
