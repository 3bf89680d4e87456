/**
 * The demo gala's giving (part of seedDemo): the donation page's suggested amounts, a second raffle prize, raffle
 * tickets sold to a few guests (on their bills), and gifts given on the bill and taken in cash or by check, so the
 * donations screen, the raffle desk, /dp, /raffle and the monitors have something to show.
 */
import { asc, eq, sql } from "drizzle-orm";
import {
  donation,
  event,
  payment,
  raffle_prize,
  raffle_purchase,
  raffle_ticket,
  raffle_ticket_bundle,
} from "~drizzle/schema";
import type { Database } from "~/db/connection.server";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

const usd = (dollars: number) => Math.round(dollars * 100);

export async function seedGiving(
  tx: Tx,
  { eventId, raffleId, paddles }: { eventId: number; raffleId: number; paddles: Map<number, number> },
) {
  await tx
    .update(event)
    .set({
      meta: sql`jsonb_set(${event.meta}, '{giving}', ${JSON.stringify({ suggested: [usd(50), usd(100), usd(250), usd(500)] })}::jsonb)`,
      raffle_licence_number: "MA-RL-2026-0417",
    })
    .where(eq(event.event_id, eventId));

  await tx.insert(raffle_prize).values({
    raffle_id: raffleId,
    title: "Dinner for two at The Lighthouse",
    value: usd(250),
    display_order: 1,
  });
  const bundles = await tx
    .select()
    .from(raffle_ticket_bundle)
    .where(eq(raffle_ticket_bundle.raffle_id, raffleId))
    .orderBy(asc(raffle_ticket_bundle.quantity));
  const guests = [...paddles.entries()].slice(0, 12);
  let next = 1;
  for (const [index, [usrId, paddle]] of guests.slice(0, 6).entries()) {
    const bundle = bundles[index % bundles.length];
    const [sale] = await tx
      .insert(raffle_purchase)
      .values({
        event_id: eventId,
        raffle_id: raffleId,
        raffle_ticket_bundle_id: bundle.raffle_ticket_bundle_id,
        usr_id: usrId,
        paddle,
        quantity: bundle.quantity,
        amount: bundle.price,
        source: index % 3 === 0 ? "guest" : "table",
      })
      .returning({ id: raffle_purchase.raffle_purchase_id });
    await tx.insert(raffle_ticket).values(
      Array.from({ length: bundle.quantity }, () => ({
        raffle_id: raffleId,
        raffle_purchase_id: sale.id,
        ticket_number: next++,
      })),
    );
  }

  // Gifts on guests' bills (pledged, billed at checkout), one in memory of someone, one not named on the screens.
  const [first, second, third] = guests.slice(6);
  await tx.insert(donation).values([
    { event_id: eventId, usr_id: first[0], amount: usd(250), method: "invoice", status: "pledged", source: "online" },
    {
      event_id: eventId,
      usr_id: second[0],
      amount: usd(100),
      method: "invoice",
      status: "pledged",
      source: "online",
      tribute_kind: "memory",
      tribute_name: "Eleanor Walsh",
      message: "She loved this night.",
    },
    {
      event_id: eventId,
      usr_id: third[0],
      amount: usd(500),
      method: "invoice",
      status: "pledged",
      source: "online",
      is_anonymous: true,
    },
  ]);
  // Gifts handed to staff: cash and a check, each with its payment.
  for (const gift of [
    { first: "Margaret", last: "Chen", amount: usd(200), method: "cash", check: null },
    { first: "Harbor", last: "Rotary Club", amount: usd(1000), method: "check", check: "1042" },
  ]) {
    const [paid] = await tx
      .insert(payment)
      .values({
        event_id: eventId,
        amount: gift.amount,
        method: gift.method,
        status: "paid",
        check_number: gift.check,
        idempotency_key: `demo-gift-${gift.last}`,
      })
      .returning({ id: payment.payment_id });
    await tx.insert(donation).values({
      event_id: eventId,
      first_name: gift.first,
      last_name: gift.last,
      amount: gift.amount,
      method: gift.method,
      status: "paid",
      source: "staff",
      payment_id: paid.id,
    });
  }
}
