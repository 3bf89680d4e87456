// A paddle belongs to one person unless the team shares it on purpose (issue 19: a guest's personal link could
// change the seat's email, and joining the auction matched paddles by email, so two users ended up on one paddle).
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { paddleOf } from "~/billing/paddle-holders.server";
import { ensurePaddle } from "~/registration/paddles.server";
import * as registerRoute from "~/routes/register";
import { event, pass, registrant, registration, usr_event_paddle } from "~drizzle/schema";
import { testDatabase } from "../support/database";
import { makeEvent, makeUser } from "../support/people";
import { call, makeRequest, type RouteFunction } from "../support/route-calls";

const { db } = testDatabase();

async function openRegistration() {
  const made = await makeEvent(db);
  const [record] = await db.insert(registration).values({ paddle_start: 100 }).returning();
  await db
    .update(event)
    .set({ registration_id: record.registration_id, is_registration_enabled: true, is_registration_testing: false })
    .where(eq(event.event_id, made.event_id));
  return made.event_id;
}

async function seat(eventId: number, fields: Partial<typeof registrant.$inferInsert>) {
  const [row] = await db
    .insert(registrant)
    .values({ event_id: eventId, name: "A guest", claim_token: randomBytes(16).toString("hex"), ...fields })
    .returning();
  return row;
}

describe(`paddle ownership on ${process.env.TEST_DB_ENGINE}`, () => {
  it("links a seat to the account that joins with its email; its link can no longer hand it to another address", async () => {
    const eventId = await openRegistration();
    const ann = await makeUser(db);
    const mallory = await makeUser(db);
    const annSeat = await seat(eventId, { email: ann.email_address, paddle: 150 });

    expect(await ensurePaddle(db, eventId, ann.usr_id)).toBe(150);
    expect(
      (await db.select().from(registrant).where(eq(registrant.registrant_id, annSeat.registrant_id)))[0].usr_id,
    ).toBe(ann.usr_id);
    const link = `/register?id=${eventId}&guest=${annSeat.claim_token}`;
    const moved = await call(
      registerRoute.action as RouteFunction,
      makeRequest(link, { form: { first_name: "Mal", last_name: "Lory", email: mallory.email_address } }),
    );
    expect(moved).toMatchObject({
      status: 400,
      data: {
        formId: "guest-details",
        error: { email: [expect.stringMatching(/^This seat belongs to its guest's account/)] },
      },
    });
    // Even with the seat's email changed behind the link's back, the seat stays Ann's.
    await db
      .update(registrant)
      .set({ email: mallory.email_address })
      .where(eq(registrant.registrant_id, annSeat.registrant_id));
    expect(await ensurePaddle(db, eventId, mallory.usr_id)).not.toBe(150);
  });

  it("gives a newcomer a number of their own when another user holds the seat's, unless the team shared it", async () => {
    const eventId = await openRegistration();
    const [holder, newcomer, partner1, partner2] = [
      await makeUser(db),
      await makeUser(db),
      await makeUser(db),
      await makeUser(db),
    ];
    // 180 is held by one user already (they joined with it); the seat with it names someone else.
    await db.insert(usr_event_paddle).values({ event_id: eventId, usr_id: holder.usr_id, paddle: 180 });
    await seat(eventId, { email: newcomer.email_address, paddle: 180 });
    const own = await ensurePaddle(db, eventId, newcomer.usr_id);
    expect(own).not.toBe(180);
    expect(await paddleOf(db, eventId, holder.usr_id)).toBe(180);

    // A couple whose seats the team gave one number: both partners bid on it.
    const [couple] = await db.insert(pass).values({ event_id: eventId, seat_count: 2 }).returning();
    await seat(eventId, { email: partner1.email_address, paddle: 190, pass_id: couple.pass_id });
    await seat(eventId, { email: partner2.email_address, paddle: 190, pass_id: couple.pass_id });
    expect(await ensurePaddle(db, eventId, partner1.usr_id)).toBe(190);
    expect(await ensurePaddle(db, eventId, partner2.usr_id)).toBe(190);
  });
});
