// Paddle numbers: handed out from the configured start, never reused, settable by hand (unique, or shared within
// a party), and distinct when many guests get one at once (that part races only on a real PostgreSQL).
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { paddleOf } from "~/billing/paddle-holders.server";
import { allocatePaddle, ensurePaddle, setRegistrantPaddle } from "~/registration/paddles.server";
import { event, pass, registrant, registration } from "~drizzle/schema";
import { testDatabase } from "../support/database";
import { makeEvent, makeUser } from "../support/people";

const { db } = testDatabase();

async function eventStartingAt(paddleStart: number) {
  const made = await makeEvent(db);
  const [record] = await db.insert(registration).values({ paddle_start: paddleStart }).returning();
  await db.update(event).set({ registration_id: record.registration_id }).where(eq(event.event_id, made.event_id));
  return made.event_id;
}

async function guest(eventId: number, fields: Partial<typeof registrant.$inferInsert> = {}) {
  const [row] = await db
    .insert(registrant)
    .values({ event_id: eventId, name: "Ada Lovelace", ...fields })
    .returning();
  return row;
}

describe("paddle numbers", () => {
  it("hands out numbers from the start, skipping ones set by hand and never reusing a deleted guest's", async () => {
    const eventId = await eventStartingAt(500);
    const first = await db.transaction((tx) => allocatePaddle(tx, eventId));
    await guest(eventId, { paddle: first });
    await guest(eventId, { paddle: 501 });
    const third = await db.transaction((tx) => allocatePaddle(tx, eventId));
    expect([first, third]).toEqual([500, 502]);

    await db.delete(registrant).where(eq(registrant.event_id, eventId));
    expect(await db.transaction((tx) => allocatePaddle(tx, eventId))).toBe(503);
  });

  it("starts above numbers already held when the counter is new, and gives an event without a record one", async () => {
    const made = await makeEvent(db);
    await guest(made.event_id, { paddle: 120 });
    expect(await db.transaction((tx) => allocatePaddle(tx, made.event_id))).toBe(121);
  });

  it("lets a couple share a number but refuses another party's", async () => {
    const eventId = await eventStartingAt(100);
    const [couple] = await db.insert(pass).values({ event_id: eventId, seat_count: 2 }).returning();
    const [single] = await db.insert(pass).values({ event_id: eventId, seat_count: 1 }).returning();
    const partner1 = await guest(eventId, { pass_id: couple.pass_id, paddle: 100, name: "Grace Hopper" });
    const partner2 = await guest(eventId, { pass_id: couple.pass_id, paddle: 101 });
    const stranger = await guest(eventId, { pass_id: single.pass_id, paddle: 102 });

    expect(await db.transaction((tx) => setRegistrantPaddle(tx, eventId, partner2.registrant_id, 100))).toEqual({
      ok: true,
    });
    expect(await db.transaction((tx) => setRegistrantPaddle(tx, eventId, stranger.registrant_id, 100))).toEqual({
      ok: false,
      message: "Paddle 100 belongs to Grace Hopper.",
    });
    const [strangerNow] = await db
      .select()
      .from(registrant)
      .where(eq(registrant.registrant_id, stranger.registrant_id));
    expect(strangerNow.paddle).toBe(102);
    expect(partner1.paddle).toBe(100);
  });

  it("gives a registered guest who signs in the paddle of their registration", async () => {
    const eventId = await eventStartingAt(100);
    const person = await makeUser(db);
    await guest(eventId, { email: person.email_address.toUpperCase(), paddle: 140 });
    expect(await ensurePaddle(db, eventId, person.usr_id)).toBe(140);
    expect(await paddleOf(db, eventId, person.usr_id)).toBe(140);
    const newcomer = await makeUser(db);
    expect(await ensurePaddle(db, eventId, newcomer.usr_id)).toBe(141);
  });

  it.runIf(process.env.TEST_DB_ENGINE === "postgres")(
    "gives 40 guests joining at once 40 different numbers",
    async () => {
      const eventId = await eventStartingAt(100);
      const people = await Promise.all(Array.from({ length: 40 }, () => makeUser(db)));
      const paddles = await Promise.all(people.map((person) => ensurePaddle(db, eventId, person.usr_id)));
      expect(new Set(paddles).size).toBe(40);
      expect(Math.min(...paddles)).toBe(100);
      expect(Math.max(...paddles)).toBe(139);
    },
  );
});
