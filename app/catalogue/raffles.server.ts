/**
 * Raffles of an event (decision 004): ticket bundles ("5 for $40") and prizes. Once tickets are sold a raffle is
 * never deleted, and its bundles can still change for later sales (a purchase keeps its own quantity and amount);
 * a prize already drawn is never removed.
 */
import { and, asc, eq, inArray, notInArray, sql } from "drizzle-orm";
import { db } from "~/db.server";
import { Refusal } from "~/forms/refusal";
import { raffle, raffle_drawing, raffle_prize, raffle_purchase, raffle_ticket_bundle } from "~drizzle/schema";
import type { Bundle, Prize } from "./lines";

export type RaffleInput = {
  title: string;
  description: string | null;
  draw_date_time: Date | null;
  bundles: Bundle[];
  prizes: Prize[];
};

export async function listRaffles(eventId: number) {
  const raffles = await db
    .select({
      raffle_id: raffle.raffle_id,
      title: raffle.title,
      description: raffle.description,
      status: raffle.status,
      draw_date_time: raffle.draw_date_time,
      tickets_sold: sql<number>`(select coalesce(sum(quantity), 0) from raffle_purchase where raffle_purchase.raffle_id = raffle.raffle_id)::int`,
      raised: sql<number>`(select coalesce(sum(amount), 0) from raffle_purchase where raffle_purchase.raffle_id = raffle.raffle_id)::int`,
    })
    .from(raffle)
    .where(eq(raffle.event_id, eventId))
    .orderBy(asc(raffle.raffle_id));
  const ids = raffles.map((row) => row.raffle_id);
  const [bundles, prizes] = ids.length
    ? await Promise.all([
        db
          .select()
          .from(raffle_ticket_bundle)
          .where(inArray(raffle_ticket_bundle.raffle_id, ids))
          .orderBy(asc(raffle_ticket_bundle.quantity)),
        db
          .select()
          .from(raffle_prize)
          .where(inArray(raffle_prize.raffle_id, ids))
          .orderBy(asc(raffle_prize.display_order)),
      ])
    : [[], []];
  return raffles.map((row) => ({
    ...row,
    bundles: bundles.filter((b) => b.raffle_id === row.raffle_id).map(({ quantity, price }) => ({ quantity, price })),
    prizes: prizes.filter((p) => p.raffle_id === row.raffle_id).map(({ title, value }) => ({ title, value })),
  }));
}

export type RaffleRow = Awaited<ReturnType<typeof listRaffles>>[number];

export async function createRaffle(eventId: number, input: RaffleInput): Promise<number> {
  return db.transaction(async (tx) => {
    const { bundles, prizes, ...fields } = input;
    const [row] = await tx
      .insert(raffle)
      .values({ event_id: eventId, ...fields })
      .returning({ id: raffle.raffle_id });
    await saveChildren(tx, row.id, bundles, prizes);
    return row.id;
  });
}

/** Saves a raffle of the event with its bundles and prizes; false when there is no such raffle. */
export async function updateRaffle(eventId: number, raffleId: number, input: RaffleInput): Promise<boolean> {
  return db.transaction(async (tx) => {
    const { bundles, prizes, ...fields } = input;
    const updated = await tx
      .update(raffle)
      .set(fields)
      .where(and(eq(raffle.raffle_id, raffleId), eq(raffle.event_id, eventId)))
      .returning({ id: raffle.raffle_id });
    if (updated.length === 0) return false;
    await saveChildren(tx, raffleId, bundles, prizes);
    return true;
  });
}

type Tx = Parameters<Parameters<typeof db.transaction>[0]>[0];

async function saveChildren(tx: Tx, raffleId: number, bundles: Bundle[], prizes: Prize[]) {
  const sizes = bundles.map((bundle) => bundle.quantity);
  await tx
    .delete(raffle_ticket_bundle)
    .where(
      and(
        eq(raffle_ticket_bundle.raffle_id, raffleId),
        sizes.length ? notInArray(raffle_ticket_bundle.quantity, sizes) : undefined,
      ),
    );
  for (const [index, bundle] of bundles.entries()) {
    await tx
      .insert(raffle_ticket_bundle)
      .values({ raffle_id: raffleId, ...bundle, display_order: index })
      .onConflictDoUpdate({
        target: [raffle_ticket_bundle.raffle_id, raffle_ticket_bundle.quantity],
        set: { price: bundle.price, display_order: index },
      });
  }
  // Prizes are matched by title, so that a prize already drawn keeps its drawing.
  const existing = await tx.select().from(raffle_prize).where(eq(raffle_prize.raffle_id, raffleId));
  const byTitle = new Map(existing.map((prize) => [prize.title.toLowerCase(), prize]));
  const kept = new Set<number>();
  for (const [index, prize] of prizes.entries()) {
    const match = byTitle.get(prize.title.toLowerCase());
    if (match && !kept.has(match.raffle_prize_id)) {
      kept.add(match.raffle_prize_id);
      await tx
        .update(raffle_prize)
        .set({ title: prize.title, value: prize.value, display_order: index })
        .where(eq(raffle_prize.raffle_prize_id, match.raffle_prize_id));
    } else {
      await tx.insert(raffle_prize).values({ raffle_id: raffleId, ...prize, display_order: index });
    }
  }
  const removed = existing.filter((prize) => !kept.has(prize.raffle_prize_id));
  if (removed.length === 0) return;
  const drawn = await tx
    .selectDistinct({ id: raffle_drawing.raffle_prize_id })
    .from(raffle_drawing)
    .where(
      inArray(
        raffle_drawing.raffle_prize_id,
        removed.map((prize) => prize.raffle_prize_id),
      ),
    );
  if (drawn.length) {
    const ids = new Set(drawn.map((row) => row.id));
    throw new PrizeDrawnError(removed.filter((prize) => ids.has(prize.raffle_prize_id)).map((prize) => prize.title));
  }
  await tx.delete(raffle_prize).where(
    inArray(
      raffle_prize.raffle_prize_id,
      removed.map((prize) => prize.raffle_prize_id),
    ),
  );
}

export class PrizeDrawnError extends Refusal {
  constructor(readonly titles: string[]) {
    super(
      `${titles.map((title) => `“${title}”`).join(", ")} ${titles.length === 1 ? "has" : "have"} been drawn and cannot be removed.`,
      "prizes",
    );
  }
}

export class RaffleHasSalesError extends Refusal {
  constructor(readonly titles: string[]) {
    super(
      `${titles.map((title) => `“${title}”`).join(", ")} ${titles.length === 1 ? "has" : "have"} tickets sold. ` +
        "A raffle with tickets sold is never deleted.",
    );
  }
}

export async function deleteRaffles(eventId: number, raffleIds: number[]): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: raffle.raffle_id, title: raffle.title })
      .from(raffle)
      .where(and(eq(raffle.event_id, eventId), inArray(raffle.raffle_id, raffleIds)))
      .for("update");
    if (rows.length === 0) return 0;
    const sold = await tx
      .selectDistinct({ id: raffle_purchase.raffle_id })
      .from(raffle_purchase)
      .where(
        inArray(
          raffle_purchase.raffle_id,
          rows.map((row) => row.id),
        ),
      );
    if (sold.length) {
      const ids = new Set(sold.map((row) => row.id));
      throw new RaffleHasSalesError(rows.filter((row) => ids.has(row.id)).map((row) => row.title));
    }
    await tx.delete(raffle).where(
      inArray(
        raffle.raffle_id,
        rows.map((row) => row.id),
      ),
    );
    return rows.length;
  });
}
