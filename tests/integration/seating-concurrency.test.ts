// Several staff seating guests at once never overfill a table: ten parties of two race for a table of ten, on a real
// PostgreSQL server (PGlite runs one transaction at a time, so it cannot race). Exactly five are seated, each whole.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { moveGuests } from "~/registration/seating.server";
import { updateTable } from "~/registration/tables.server";
import { pass, registrant, tbl } from "~drizzle/schema";
import { testDatabase } from "../support/database";
import { makeEvent } from "../support/people";

const { db } = testDatabase();

async function couples(eventId: number, count: number) {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const [row] = await db
        .insert(pass)
        .values({ event_id: eventId, title: `Couple ${i}`, seat_count: 2 })
        .returning();
      const guests = await db
        .insert(registrant)
        .values([0, 1].map((j) => ({ event_id: eventId, pass_id: row.pass_id, name: `Guest ${i}.${j}` })))
        .returning({ id: registrant.registrant_id });
      return guests.map((guest) => guest.id);
    }),
  );
}

describe.runIf(process.env.TEST_DB_ENGINE === "postgres")("seating under concurrency (PostgreSQL)", () => {
  it(
    "seats exactly five of ten couples racing for a table of ten, never splitting one",
    { timeout: 60_000 },
    async () => {
      const { event_id: eventId } = await makeEvent(db);
      const [table] = await db.insert(tbl).values({ event_id: eventId, name: "Table 1", capacity: 10 }).returning();
      const parties = await couples(eventId, 10);

      const results = await Promise.all(
        parties.map((guestIds) => moveGuests(db, eventId, { guestIds, to: table.tbl_id })),
      );

      expect(results.filter((result) => result.ok)).toHaveLength(5);
      expect(
        results
          .filter((result) => !result.ok)
          .every((result) => /Table 1 is full|Table 1 has only 1 seat free/.test(result.message)),
      ).toBe(true);
      const seated = await db
        .select({ id: registrant.registrant_id, assigned: registrant.assigned_table })
        .from(registrant)
        .where(eq(registrant.tbl_id, table.tbl_id));
      expect(seated).toHaveLength(10);
      expect(seated.every((guest) => guest.assigned === "Table 1")).toBe(true);
      // Parties stay whole: each couple is either both seated or both not.
      const seatedIds = new Set(seated.map((guest) => guest.id));
      for (const [a, b] of parties) expect(seatedIds.has(a)).toBe(seatedIds.has(b));
    },
  );

  it(
    "never leaves more guests than seats when the capacity shrinks while guests are being seated",
    { timeout: 60_000 },
    async () => {
      const { event_id: eventId } = await makeEvent(db);
      const [table] = await db.insert(tbl).values({ event_id: eventId, name: "Table 2", capacity: 10 }).returning();
      const parties = await couples(eventId, 6);

      const settled = await Promise.allSettled([
        ...parties.map((guestIds) => moveGuests(db, eventId, { guestIds, to: table.tbl_id })),
        updateTable(db, eventId, table.tbl_id, { name: "Table 2", capacity: 4 }),
      ]);
      expect(settled.every((outcome) => outcome.status === "fulfilled" || outcome.reason?.field === "capacity")).toBe(
        true,
      );

      const [{ capacity }] = await db.select({ capacity: tbl.capacity }).from(tbl).where(eq(tbl.tbl_id, table.tbl_id));
      const seated = await db
        .select({ id: registrant.registrant_id })
        .from(registrant)
        .where(eq(registrant.tbl_id, table.tbl_id));
      expect(seated.length).toBeLessThanOrEqual(capacity);
    },
  );
});
