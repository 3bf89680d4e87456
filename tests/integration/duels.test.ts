// Duels: gifts land on their side exactly under a burst from many guests, a repeated tap gives once, only the
// duel's amounts are taken and only while it is open, a duel with gifts cannot be deleted, and the settings form
// reads the amounts people type.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { duelSchema } from "~/duels/duels";
import { createDuel, duelBoards, giveToDuel, removeDuel, updateDuel } from "~/duels/duels.server";
import { Refusal } from "~/forms/refusal";
import { duel, duel_gift } from "~drizzle/schema";
import { testDatabase } from "../support/database";
import { holdTransaction, until, waitingOnLocks } from "../support/lock-waits";
import { makeEvent, makeUser } from "../support/people";

const { db } = testDatabase();

const settings = {
  title: "Table 1 vs Table 2",
  side_a: "Table 1",
  side_b: "Table 2",
  increments: [2_500, 5_000, 10_000],
  ends_at: null,
  is_active: true,
};

async function duelOfNewEvent() {
  const gala = await makeEvent(db);
  await createDuel(db, gala.event_id, settings);
  const [board] = await duelBoards(db, gala.event_id);
  return { eventId: gala.event_id, duelId: board.id };
}

describe("giving to a duel", () => {
  it("adds every gift of a burst to its side, exactly", async () => {
    const { eventId, duelId } = await duelOfNewEvent();
    const guests = await Promise.all(Array.from({ length: 10 }, () => makeUser(db)));
    const gifts = guests.flatMap((guest, i) =>
      Array.from({ length: 4 }, (_, j) => ({
        usrId: guest.usr_id,
        side: (i + j) % 2 === 0 ? ("a" as const) : ("b" as const),
        amount: settings.increments[(i + j) % 3],
      })),
    );
    await Promise.all(
      gifts.map((gift, n) =>
        giveToDuel(db, eventId, gift.usrId, {
          duelId,
          side: gift.side,
          amount: gift.amount,
          idempotencyKey: `burst-${n}`,
        }),
      ),
    );
    const [board] = await duelBoards(db, eventId);
    const expected = (side: "a" | "b") =>
      gifts.filter((gift) => gift.side === side).reduce((sum, gift) => sum + gift.amount, 0);
    expect(board.sides.a).toMatchObject({ total: expected("a"), gifts: 20 });
    expect(board.sides.b).toMatchObject({ total: expected("b"), gifts: 20 });
  });

  it("gives once for a repeated tap", async () => {
    const { eventId, duelId } = await duelOfNewEvent();
    const guest = await makeUser(db);
    const gift = { duelId, side: "a" as const, amount: 5_000, idempotencyKey: "tap-1" };
    const [first, second] = await Promise.all([
      giveToDuel(db, eventId, guest.usr_id, gift),
      giveToDuel(db, eventId, guest.usr_id, gift),
    ]);
    expect(second).toBe(first);
    expect((await duelBoards(db, eventId))[0].sides.a).toMatchObject({ total: 5_000, gifts: 1 });
  });

  it("takes only the duel's amounts, and only while it is open", async () => {
    const { eventId, duelId } = await duelOfNewEvent();
    const guest = await makeUser(db);
    const give = (amount: number, at?: Date) =>
      giveToDuel(db, eventId, guest.usr_id, { duelId, side: "b", amount, idempotencyKey: null }, at);
    await expect(give(7_500)).rejects.toThrow("Choose one of the duel's amounts.");
    await updateDuel(db, eventId, duelId, { ...settings, ends_at: new Date("2026-12-19T23:00:00Z") });
    await expect(give(2_500, new Date("2026-12-19T23:00:01Z"))).rejects.toThrow("This duel has ended");
    await expect(give(2_500, new Date("2026-12-19T22:59:00Z"))).resolves.toBeGreaterThan(0);
    await updateDuel(db, eventId, duelId, { ...settings, is_active: false });
    await expect(give(2_500)).rejects.toBeInstanceOf(Refusal);
    expect((await duelBoards(db, eventId))[0].sides.b).toMatchObject({ total: 2_500, gifts: 1 });
  });

  it("is refused on another event's duel", async () => {
    const { duelId } = await duelOfNewEvent();
    const other = await makeEvent(db);
    const guest = await makeUser(db);
    await expect(
      giveToDuel(db, other.event_id, guest.usr_id, {
        duelId,
        side: "a",
        amount: 2_500,
        idempotencyKey: null,
      }),
    ).rejects.toThrow("This duel is not part of the event.");
  });
});

describe("staff's settings", () => {
  it("keep a duel with gifts (they are billed): it can be closed, not deleted", async () => {
    const { eventId, duelId } = await duelOfNewEvent();
    const guest = await makeUser(db);
    await giveToDuel(db, eventId, guest.usr_id, {
      duelId,
      side: "a",
      amount: 2_500,
      idempotencyKey: null,
    });
    await expect(removeDuel(db, eventId, duelId)).rejects.toThrow("close it instead");
    const empty = await duelOfNewEvent();
    await removeDuel(db, empty.eventId, empty.duelId);
    expect(await duelBoards(db, empty.eventId)).toEqual([]);
  });

  // A read-only audit (2026-12-04): the remove counted the gifts without the duel's lock, so a gift being given at
  // that moment was deleted with the duel after the guest was thanked. PostgreSQL only: two sessions in turn.
  it.skipIf(process.env.TEST_DB_ENGINE !== "postgres")(
    "keep a duel a guest is giving to as it is removed: the gift counts, the duel stays",
    async () => {
      const { eventId, duelId } = await duelOfNewEvent();
      const guest = await makeUser(db);
      // A guest's gift under the duel's lock, as giveToDuel gives it, not yet committed.
      const giving = await holdTransaction(db, async (tx) => {
        await tx.select().from(duel).where(eq(duel.duel_id, duelId)).for("update");
        await tx
          .insert(duel_gift)
          .values({ event_id: eventId, duel_id: duelId, side: "a", usr_id: guest.usr_id, amount: 2_500 });
      });
      let settled = false;
      const removing = removeDuel(db, eventId, duelId)
        .then(
          () => "removed",
          (error: Error) => error.message,
        )
        .finally(() => (settled = true));
      await until(async () => settled || (await waitingOnLocks(db)) >= 1);
      giving.release();
      await giving.done;
      expect(await removing).toMatch(/close it instead/);
      expect(await db.select().from(duel_gift).where(eq(duel_gift.duel_id, duelId))).toHaveLength(1);
    },
  );

  it("read the amounts as typed, smallest first, and refuse what is not an amount beside the field", () => {
    const schema = duelSchema("America/New_York");
    const form = { title: "T1 vs T2", side_a: "T1", side_b: "T2", ends_at: "2026-12-19T21:30", is_active: "yes" };
    expect(schema.parse({ ...form, increments: "$100, 25 50, 25" })).toMatchObject({
      increments: [2_500, 5_000, 10_000],
      ends_at: new Date("2026-12-20T02:30:00Z"),
      is_active: true,
    });
    const refused = schema.safeParse({ ...form, increments: "25, lots", side_b: " " });
    expect(refused.success).toBe(false);
    const messages = Object.fromEntries(refused.error!.issues.map((issue) => [issue.path[0], issue.message]));
    expect(messages.increments).toContain("“lots” is not an amount");
    expect(messages.side_b).toBe("Name the second side, such as “Table 7”.");
    expect(schema.safeParse({ ...form, increments: "1, 2, 3, 4, 5, 6, 7" }).error?.issues[0]?.message).toBe(
      "Give at most 6 amounts.",
    );
  });
});
