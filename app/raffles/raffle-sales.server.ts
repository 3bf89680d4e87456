/**
 * Selling raffle tickets: a bundle ("5 for $40") to a paddle at a table (staff) or to a signed-in guest on their
 * phone. Each sale issues its tickets numbered on from the raffle's last number, under the raffle's row lock, so
 * numbers are unique and without gaps however many sales run at once (the unique index on the raffle and number
 * backs this). The sale is then on the guest's invoice (line source "raffle"). A guest buying for themselves follows the
 * event's rule for credit (a card on file when the event asks for one); staff selling at a table do not.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { requireCardForCredit } from "~/billing/cards.server";
import { paddleOf } from "~/billing/paddle-holders.server";
import { db } from "~/db.server";
import { Refusal } from "~/forms/refusal";
import { publish } from "~/realtime/bus.server";
import { raffle, raffle_purchase, raffle_ticket, raffle_ticket_bundle, usr_event_paddle } from "~drizzle/schema";
import { raffleTopic } from "./topic";
import type { Database, Transaction } from "~/db/connection.server";

export interface RaffleSale {
  bundleId: number;
  /** Who buys: a paddle (staff at a table) or the signed-in guest. */
  buyer: { paddle: number } | { usrId: number };
  submissionKey: string;
  byUsrId: number;
}

export interface SoldTickets {
  purchaseId: number;
  raffleId: number;
  raffleTitle: string;
  numbers: number[];
}

/** What a guest's purchase of a bundle would put on their bill, for them to confirm; refused as the sale would be. */
export interface RaffleSaleReview {
  raffleTitle: string;
  quantity: number;
  price: number;
}

export async function reviewGuestRaffleSale(
  eventId: number,
  usrId: number,
  bundleId: number,
): Promise<RaffleSaleReview> {
  const bundle = await bundleOf(db, eventId, bundleId);
  if (bundle.status !== "open") throw new Refusal(`“${bundle.title}” is not selling tickets now.`, "bundle");
  await requireCardForCredit(db, eventId, usrId);
  return { raffleTitle: bundle.title, quantity: bundle.quantity, price: bundle.price };
}

export async function sellRaffleTickets(eventId: number, sale: RaffleSale): Promise<SoldTickets> {
  return db.transaction(async (tx) => {
    const bundle = await bundleOf(tx, eventId, sale.bundleId);
    // The raffle's lock: sales of one raffle take their numbers one after the other.
    await tx.select({ id: raffle.raffle_id }).from(raffle).where(eq(raffle.raffle_id, bundle.raffleId)).for("update");
    const already = await saleOfSubmission(tx, eventId, sale.submissionKey);
    if (already) return already;
    if (bundle.status !== "open") throw new Refusal(`“${bundle.title}” is not selling tickets now.`, "bundle");
    if ("usrId" in sale.buyer) await requireCardForCredit(tx, eventId, sale.buyer.usrId);
    // A guest buying on their phone is recorded under their paddle too, so the sale reads the same on staff screens.
    const buyer =
      "usrId" in sale.buyer
        ? { usrId: sale.buyer.usrId, paddle: await paddleOf(tx, eventId, sale.buyer.usrId) }
        : await holder(tx, eventId, sale.buyer.paddle);
    const [{ last }] = await tx
      .select({ last: sql<number>`coalesce(max(${raffle_ticket.ticket_number}), 0)::int` })
      .from(raffle_ticket)
      .where(eq(raffle_ticket.raffle_id, bundle.raffleId));
    const [created] = await tx
      .insert(raffle_purchase)
      .values({
        event_id: eventId,
        raffle_id: bundle.raffleId,
        raffle_ticket_bundle_id: sale.bundleId,
        usr_id: buyer.usrId,
        paddle: buyer.paddle,
        quantity: bundle.quantity,
        amount: bundle.price,
        source: "usrId" in sale.buyer ? "guest" : "table",
        idempotency_key: sale.submissionKey,
        recorded_by_usr_id: sale.byUsrId,
      })
      .returning({ id: raffle_purchase.raffle_purchase_id });
    const numbers = Array.from({ length: bundle.quantity }, (_, index) => last + 1 + index);
    await tx
      .insert(raffle_ticket)
      .values(
        numbers.map((ticket_number) => ({ raffle_id: bundle.raffleId, raffle_purchase_id: created.id, ticket_number })),
      );
    await publish(tx, {
      topic: raffleTopic(eventId),
      type: "sale",
      data: { raffleId: bundle.raffleId, purchaseId: created.id },
    });
    return { purchaseId: created.id, raffleId: bundle.raffleId, raffleTitle: bundle.title, numbers };
  });
}

async function bundleOf(executor: Database | Transaction, eventId: number, bundleId: number) {
  const [bundle] = await executor
    .select({
      raffleId: raffle.raffle_id,
      title: raffle.title,
      status: raffle.status,
      quantity: raffle_ticket_bundle.quantity,
      price: raffle_ticket_bundle.price,
    })
    .from(raffle_ticket_bundle)
    .innerJoin(raffle, eq(raffle.raffle_id, raffle_ticket_bundle.raffle_id))
    .where(and(eq(raffle.event_id, eventId), eq(raffle_ticket_bundle.raffle_ticket_bundle_id, bundleId)));
  if (!bundle) throw new Refusal("Choose how many tickets.", "bundle");
  return bundle;
}

async function saleOfSubmission(tx: Transaction, eventId: number, key: string): Promise<SoldTickets | null> {
  const [row] = await tx
    .select({ id: raffle_purchase.raffle_purchase_id, raffleId: raffle.raffle_id, title: raffle.title })
    .from(raffle_purchase)
    .innerJoin(raffle, eq(raffle.raffle_id, raffle_purchase.raffle_id))
    .where(and(eq(raffle_purchase.event_id, eventId), eq(raffle_purchase.idempotency_key, key)));
  if (!row) return null;
  const tickets = await tx
    .select({ number: raffle_ticket.ticket_number })
    .from(raffle_ticket)
    .where(eq(raffle_ticket.raffle_purchase_id, row.id))
    .orderBy(asc(raffle_ticket.ticket_number));
  return {
    purchaseId: row.id,
    raffleId: row.raffleId,
    raffleTitle: row.title,
    numbers: tickets.map((ticket) => ticket.number),
  };
}

async function holder(tx: Transaction, eventId: number, paddle: number) {
  const [row] = await tx
    .select({ usrId: usr_event_paddle.usr_id })
    .from(usr_event_paddle)
    .where(and(eq(usr_event_paddle.event_id, eventId), eq(usr_event_paddle.paddle, paddle)))
    .orderBy(asc(usr_event_paddle.usr_event_paddle_id))
    .limit(1);
  if (!row) throw new Refusal(`No guest holds paddle ${paddle} at this event.`, "paddle");
  return { usrId: row.usrId, paddle };
}
