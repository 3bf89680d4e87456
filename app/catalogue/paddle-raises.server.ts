/**
 * Paddle raises (fund-a-need) of an event: a goal and the giving levels guests pledge at (decision 004). A raise
 * with pledges is never deleted; changing its levels keeps every pledge (a pledge keeps its own amount).
 */
import { and, asc, eq, inArray, notInArray, sql } from "drizzle-orm";
import { db } from "~/db.server";
import { Refusal } from "~/forms/refusal";
import { paddle_raise, paddle_raise_level, pledge } from "~drizzle/schema";
import type { Level } from "./lines";

export type PaddleRaiseInput = {
  title: string;
  description: string | null;
  goal: number | null;
  is_active: boolean;
  levels: Level[];
};

export async function listPaddleRaises(eventId: number) {
  const raises = await db
    .select({
      paddle_raise_id: paddle_raise.paddle_raise_id,
      title: paddle_raise.title,
      description: paddle_raise.description,
      goal: paddle_raise.goal,
      is_active: paddle_raise.is_active,
      display_order: paddle_raise.display_order,
      pledged: sql<number>`(select coalesce(sum(amount), 0) from pledge where pledge.paddle_raise_id = paddle_raise.paddle_raise_id)::int`,
      pledge_count: sql<number>`(select count(*) from pledge where pledge.paddle_raise_id = paddle_raise.paddle_raise_id)::int`,
    })
    .from(paddle_raise)
    .where(eq(paddle_raise.event_id, eventId))
    .orderBy(asc(paddle_raise.display_order), asc(paddle_raise.paddle_raise_id));
  const levels = raises.length
    ? await db
        .select({
          paddle_raise_id: paddle_raise_level.paddle_raise_id,
          amount: paddle_raise_level.amount,
          label: paddle_raise_level.label,
        })
        .from(paddle_raise_level)
        .where(
          inArray(
            paddle_raise_level.paddle_raise_id,
            raises.map((raise) => raise.paddle_raise_id),
          ),
        )
        .orderBy(asc(paddle_raise_level.display_order))
    : [];
  return raises.map((raise) => ({
    ...raise,
    levels: levels
      .filter((level) => level.paddle_raise_id === raise.paddle_raise_id)
      .map(({ amount, label }) => ({ amount, label })),
  }));
}

export type PaddleRaiseRow = Awaited<ReturnType<typeof listPaddleRaises>>[number];

export async function createPaddleRaise(eventId: number, input: PaddleRaiseInput): Promise<number> {
  return db.transaction(async (tx) => {
    const [{ next }] = await tx
      .select({ next: sql<number>`coalesce(max(${paddle_raise.display_order}), 0)::int + 1` })
      .from(paddle_raise)
      .where(eq(paddle_raise.event_id, eventId));
    const { levels, ...fields } = input;
    const [row] = await tx
      .insert(paddle_raise)
      .values({ event_id: eventId, ...fields, display_order: next })
      .returning({ id: paddle_raise.paddle_raise_id });
    if (levels.length) {
      await tx
        .insert(paddle_raise_level)
        .values(levels.map((level, index) => ({ paddle_raise_id: row.id, ...level, display_order: index })));
    }
    return row.id;
  });
}

/** Saves a raise of the event and its levels (kept, changed, added, removed by amount); false when not found. */
export async function updatePaddleRaise(eventId: number, raiseId: number, input: PaddleRaiseInput): Promise<boolean> {
  return db.transaction(async (tx) => {
    const { levels, ...fields } = input;
    const updated = await tx
      .update(paddle_raise)
      .set(fields)
      .where(and(eq(paddle_raise.paddle_raise_id, raiseId), eq(paddle_raise.event_id, eventId)))
      .returning({ id: paddle_raise.paddle_raise_id });
    if (updated.length === 0) return false;
    const amounts = levels.map((level) => level.amount);
    await tx
      .delete(paddle_raise_level)
      .where(
        and(
          eq(paddle_raise_level.paddle_raise_id, raiseId),
          amounts.length ? notInArray(paddle_raise_level.amount, amounts) : undefined,
        ),
      );
    for (const [index, level] of levels.entries()) {
      await tx
        .insert(paddle_raise_level)
        .values({ paddle_raise_id: raiseId, ...level, display_order: index })
        .onConflictDoUpdate({
          target: [paddle_raise_level.paddle_raise_id, paddle_raise_level.amount],
          set: { label: level.label, display_order: index },
        });
    }
    return true;
  });
}

export async function setPaddleRaisesActive(eventId: number, raiseIds: number[], active: boolean): Promise<number> {
  const rows = await db
    .update(paddle_raise)
    .set({ is_active: active })
    .where(and(eq(paddle_raise.event_id, eventId), inArray(paddle_raise.paddle_raise_id, raiseIds)))
    .returning({ id: paddle_raise.paddle_raise_id });
  return rows.length;
}

export class RaiseHasPledgesError extends Refusal {
  constructor(readonly titles: string[]) {
    super(
      `${titles.map((title) => `“${title}”`).join(", ")} ${titles.length === 1 ? "has" : "have"} pledges. ` +
        "A raise with pledges is never deleted: mark it inactive instead.",
    );
  }
}

/** Deletes raises of the event without pledges, all or none; the number deleted. */
export async function deletePaddleRaises(eventId: number, raiseIds: number[]): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: paddle_raise.paddle_raise_id, title: paddle_raise.title })
      .from(paddle_raise)
      .where(and(eq(paddle_raise.event_id, eventId), inArray(paddle_raise.paddle_raise_id, raiseIds)))
      .for("update");
    if (rows.length === 0) return 0;
    const pledged = await tx
      .selectDistinct({ id: pledge.paddle_raise_id })
      .from(pledge)
      .where(
        inArray(
          pledge.paddle_raise_id,
          rows.map((row) => row.id),
        ),
      );
    if (pledged.length) {
      const ids = new Set(pledged.map((row) => row.id));
      throw new RaiseHasPledgesError(rows.filter((row) => ids.has(row.id)).map((row) => row.title));
    }
    await tx.delete(paddle_raise).where(
      inArray(
        paddle_raise.paddle_raise_id,
        rows.map((row) => row.id),
      ),
    );
    return rows.length;
  });
}
