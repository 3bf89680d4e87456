/**
 * Writing a gift (a donation row), whichever way it came: paid on a hosted page, put on the guest's invoice, or taken
 * in cash or by check by staff. Each way carries a key that makes a second write of the same gift find the first
 * (the payment for a card gift, the form's submission key otherwise), and each write is announced to the monitors.
 */
import { and, eq, sql } from "drizzle-orm";
import { publish } from "~/realtime/bus.server";
import { donation, payment, refund } from "~drizzle/schema";
import { donationTopic } from "./donation-topic";
import type { Transaction } from "~/db/connection.server";

/** What the donor told us: the same on /dp and on the staff's form. Amounts are cents. */
export interface Gift {
  amount: number;
  /** Added to cover the card fee: part of the gift. */
  fee: number;
  frequency: "one_time" | "monthly";
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  isAnonymous: boolean;
  message: string | null;
  tributeKind: "honour" | "memory" | null;
  tributeName: string | null;
  usrId: number | null;
  /** The peer-to-peer fundraiser's page it was given on (it counts in that page's raised amount). */
  fundraiserId?: number | null;
}

export interface GiftRecord {
  method: "card" | "invoice" | "cash" | "check";
  status: "paid" | "pledged";
  source: "online" | "staff" | "demo";
  paymentId?: number | null;
  subscriptionRef?: string | null;
  idempotencyKey?: string | null;
  recordedBy?: number | null;
}

/** Writes the gift once; the same payment or submission key again answers the first gift's id. */
export async function writeGift(tx: Transaction, eventId: number, gift: Gift, record: GiftRecord): Promise<number> {
  const [created] = await tx
    .insert(donation)
    .values({
      event_id: eventId,
      usr_id: gift.usrId,
      first_name: gift.firstName,
      last_name: gift.lastName,
      email: gift.email,
      amount: gift.amount,
      fee: gift.fee,
      is_anonymous: gift.isAnonymous,
      message: gift.message,
      frequency: gift.frequency,
      tribute_kind: gift.tributeKind,
      tribute_name: gift.tributeName,
      method: record.method,
      status: record.status,
      source: record.source,
      payment_id: record.paymentId ?? null,
      subscription_ref: record.subscriptionRef ?? null,
      idempotency_key: record.idempotencyKey ?? null,
      recorded_by_usr_id: record.recordedBy ?? null,
      fundraiser_id: gift.fundraiserId ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: donation.donation_id });
  if (created) {
    await announceGift(tx, eventId, created.id, "given");
    return created.id;
  }
  const [found] = await tx
    .select({ id: donation.donation_id })
    .from(donation)
    .where(
      and(
        eq(donation.event_id, eventId),
        record.paymentId
          ? eq(donation.payment_id, record.paymentId)
          : eq(donation.idempotency_key, record.idempotencyKey ?? ""),
      ),
    );
  if (!found) throw new Error("A gift conflicted with one that cannot be found");
  return found.id;
}

export async function announceGift(tx: Transaction, eventId: number, donationId: number, change: string) {
  await publish(tx, { topic: donationTopic(eventId), type: "donation", data: { donationId, change } });
}

/**
 * A gift whose payment has been given back whole is refunded, whichever screen gave it back (Donations, Payments):
 * it leaves the giving page's gifts and its count, and its amount can no longer be edited. Called in the transaction
 * that records a refund as made.
 */
export async function markGiftRefundedWhenGivenBack(tx: Transaction, eventId: number, paymentId: number) {
  const refunded = await tx
    .update(donation)
    .set({ status: "refunded" })
    .where(
      and(
        eq(donation.event_id, eventId),
        eq(donation.payment_id, paymentId),
        eq(donation.status, "paid"),
        sql`(select ${payment.amount} from ${payment} where ${payment.payment_id} = ${paymentId})
          <= (select coalesce(sum(${refund.amount}), 0) from ${refund}
                where ${refund.payment_id} = ${paymentId} and ${refund.status} = 'succeeded')`,
      ),
    )
    .returning({ id: donation.donation_id });
  for (const gift of refunded) await announceGift(tx, eventId, gift.id, "refunded");
}
