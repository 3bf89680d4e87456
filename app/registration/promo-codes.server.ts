/**
 * An event's promo codes (promo_code, migration 0004): percent (1–100) or an amount in cents off each eligible
 * ticket (app/registration/pricing.ts prices an order with one), limited to some ticket types or not, with an
 * optional cap on how many tickets it may discount. Codes are stored upper-case and unique per event, so two
 * codes differing only in case cannot exist. A code that discounted tickets is kept on record: deactivate it.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { db, type Transaction } from "~/db.server";
import { Refusal } from "~/forms/refusal";
import { promo_code, ticket, ticket_payment } from "~drizzle/schema";
import { FieldRefusal, registrationChanged, withUniqueFields } from "./setup-records.server";
import type { DiscountType } from "./pricing";
import type { PromoCodeInput } from "./setup-forms";

export type PromoCodeRow = {
  promo_code_id: number;
  code: string;
  discount_type: DiscountType;
  discount: number;
  ticket_ids: number[];
  usage_limit: number | null;
  times_used: number;
  is_active: boolean;
};

/** A used code is deactivated, not deleted: its sales keep its name. */
export class PromoCodeUsedError extends Refusal {
  constructor(code: string, used: number) {
    super(
      `${code} cannot be deleted: it discounted ${used} ${used === 1 ? "ticket" : "tickets"}, and the sales keep its name. Deactivate it instead.`,
    );
  }
}

export async function listPromoCodes(eventId: number): Promise<PromoCodeRow[]> {
  const rows = await db
    .select({
      promo_code_id: promo_code.promo_code_id,
      code: promo_code.code,
      discount_type: promo_code.discount_type,
      discount: promo_code.discount,
      ticket_ids: promo_code.ticket_ids,
      usage_limit: promo_code.usage_limit,
      times_used: promo_code.times_used,
      is_active: promo_code.is_active,
    })
    .from(promo_code)
    .where(eq(promo_code.event_id, eventId))
    .orderBy(asc(promo_code.code));
  return rows.map((row) => ({ ...row, discount_type: row.discount_type === "amount" ? "amount" : "percent" }));
}

/** Refuses ticket types that are not the event's: the form offers only its own. */
async function checkTicketIds(tx: Transaction, eventId: number, ticketIds: number[]) {
  if (ticketIds.length === 0) return;
  const found = await tx
    .select({ id: ticket.ticket_id })
    .from(ticket)
    .where(and(eq(ticket.event_id, eventId), inArray(ticket.ticket_id, ticketIds)));
  if (found.length !== ticketIds.length) {
    throw new FieldRefusal(
      "ticket_ids",
      "Some of these ticket types no longer exist. Reload the page and choose again.",
    );
  }
}

export async function createPromoCode(eventId: number, input: PromoCodeInput): Promise<number> {
  return withUniqueFields(() =>
    db.transaction(async (tx: Transaction) => {
      await checkTicketIds(tx, eventId, input.ticket_ids);
      const [row] = await tx
        .insert(promo_code)
        .values({ ...input, event_id: eventId })
        .returning({ id: promo_code.promo_code_id });
      await registrationChanged(tx, eventId);
      return row!.id;
    }),
  );
}

/** Saves a code of the event (times_used is the register's to count); false when it is not one (any more). */
export async function updatePromoCode(eventId: number, promoCodeId: number, input: PromoCodeInput): Promise<boolean> {
  return withUniqueFields(() =>
    db.transaction(async (tx: Transaction) => {
      const [current] = await tx
        .select({ times_used: promo_code.times_used })
        .from(promo_code)
        .where(and(eq(promo_code.promo_code_id, promoCodeId), eq(promo_code.event_id, eventId)))
        .for("update");
      if (!current) return false;
      if (input.usage_limit !== null && input.usage_limit < current.times_used) {
        throw new FieldRefusal(
          "usage_limit",
          `It has already discounted ${current.times_used} tickets: set a limit of at least ${current.times_used}, or deactivate it to stop it now.`,
        );
      }
      await checkTicketIds(tx, eventId, input.ticket_ids);
      await tx
        .update(promo_code)
        .set(input)
        .where(and(eq(promo_code.promo_code_id, promoCodeId), eq(promo_code.event_id, eventId)));
      await registrationChanged(tx, eventId);
      return true;
    }),
  );
}

/** Switches a code on or off; its code, or null when it is not the event's. */
export async function setPromoCodeActive(
  eventId: number,
  promoCodeId: number,
  active: boolean,
): Promise<string | null> {
  return db.transaction(async (tx: Transaction) => {
    const [row] = await tx
      .update(promo_code)
      .set({ is_active: active })
      .where(and(eq(promo_code.promo_code_id, promoCodeId), eq(promo_code.event_id, eventId)))
      .returning({ code: promo_code.code });
    if (!row) return null;
    await registrationChanged(tx, eventId);
    return row.code;
  });
}

/** Deletes a code no sale used; its code, or null when it is not the event's. */
export async function deletePromoCode(eventId: number, promoCodeId: number): Promise<string | null> {
  return db.transaction(async (tx: Transaction) => {
    const [current] = await tx
      .select({ code: promo_code.code, times_used: promo_code.times_used })
      .from(promo_code)
      .where(and(eq(promo_code.promo_code_id, promoCodeId), eq(promo_code.event_id, eventId)))
      .for("update");
    if (!current) return null;
    const [sales] = await tx
      .select({ tickets: sql<number>`coalesce(sum(${ticket_payment.quantity}), 0)::int` })
      .from(ticket_payment)
      .where(and(eq(ticket_payment.event_id, eventId), eq(ticket_payment.promo_code_id, promoCodeId)));
    const used = Math.max(current.times_used, sales?.tickets ?? 0);
    if (used > 0) throw new PromoCodeUsedError(current.code, used);
    await tx.delete(promo_code).where(and(eq(promo_code.promo_code_id, promoCodeId), eq(promo_code.event_id, eventId)));
    await registrationChanged(tx, eventId);
    return current.code;
  });
}
