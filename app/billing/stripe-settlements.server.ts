/**
 * Stripe's fees and payouts on the event's card payments and refunds (decision 038), read when the deposit report
 * is asked for: each card payment gets the fee Stripe kept and, once paid out, the payout and the day it reached
 * the bank; each card refund, the payout it was taken from. Only what is still missing is asked for, from the
 * earliest such payment on, in the mode (test or live) the money was taken in.
 */
import { and, eq, isNotNull, isNull, min, or } from "drizzle-orm";
import { db } from "~/db.server";
import { ProviderRefusedError, ProviderUnavailableError, type ProviderMode } from "~/payments/provider";
import { payment, refund } from "~drizzle/schema";
import { paymentProviderInMode } from "./settings.server";

/** A day's margin before the first open payment: a balance transaction is made as its charge succeeds. */
const MARGIN_MS = 24 * 60 * 60 * 1000;

export interface SettlementsRead {
  /** False when Stripe could not be reached or refused: the figures are as last read. */
  reached: boolean;
}

export async function recordSettlements(eventId: number): Promise<SettlementsRead> {
  const open = await openSince(eventId);
  let reached = true;
  for (const [mode, since] of open) {
    const provider = await paymentProviderInMode(eventId, mode);
    if (!provider) continue;
    let settlements;
    try {
      settlements = await provider.settlements(new Date(since.getTime() - MARGIN_MS));
    } catch (error) {
      if (!(error instanceof ProviderUnavailableError || error instanceof ProviderRefusedError)) throw error;
      reached = false;
      continue;
    }
    for (const settled of settlements) {
      const payout = { payout_ref: settled.payout?.id ?? null, payout_arrival_at: settled.payout?.arrival ?? null };
      if (settled.kind === "payment")
        await db
          .update(payment)
          .set({ provider_fee: settled.fee, ...payout })
          .where(and(eq(payment.event_id, eventId), eq(payment.provider_ref, settled.paymentIntentId)));
      else
        await db
          .update(refund)
          .set(payout)
          .where(and(eq(refund.event_id, eventId), eq(refund.provider_ref, settled.refundId)));
    }
  }
  return { reached };
}

/** Per mode, the earliest card payment or refund of the event still without its fee or payout. */
async function openSince(eventId: number): Promise<Map<ProviderMode, Date>> {
  const [payments, refunds] = await Promise.all([
    db
      .select({ mode: payment.provider_mode, since: min(payment.created_at) })
      .from(payment)
      .where(
        and(
          eq(payment.event_id, eventId),
          isNotNull(payment.provider_ref),
          isNotNull(payment.provider_mode),
          or(isNull(payment.provider_fee), isNull(payment.payout_ref)),
        ),
      )
      .groupBy(payment.provider_mode),
    db
      .select({ mode: payment.provider_mode, since: min(refund.created_at) })
      .from(refund)
      .innerJoin(payment, and(eq(payment.payment_id, refund.payment_id), eq(payment.event_id, eventId)))
      .where(
        and(
          eq(refund.event_id, eventId),
          isNotNull(refund.provider_ref),
          isNotNull(payment.provider_mode),
          isNull(refund.payout_ref),
        ),
      )
      .groupBy(payment.provider_mode),
  ]);
  const open = new Map<ProviderMode, Date>();
  for (const row of [...payments, ...refunds]) {
    if (!row.since || (row.mode !== "test" && row.mode !== "live")) continue;
    const since = new Date(row.since);
    const earlier = open.get(row.mode);
    if (!earlier || since < earlier) open.set(row.mode, since);
  }
  return open;
}
