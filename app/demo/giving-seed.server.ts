/**
 * The demo gala's giving (part of seedDemo): the donation page's suggested amounts, a second raffle prize, raffle
 * tickets sold to a few guests (on their bills), and gifts given on the bill and taken in cash or by check, so the
 * donations screen, the raffle desk, /dp, /raffle and the monitors have something to show; the short addresses
 * /woa2025give and /cisnew, and peer-to-peer fundraisers with gifts.
 */
import { asc, eq, sql } from "drizzle-orm";
import {
  donation,
  event,
  event_path,
  fundraiser,
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
      meta: sql`jsonb_set(${event.meta}, '{giving}', ${JSON.stringify({
        suggested: [usd(50), usd(100), usd(250), usd(500)],
        // The demo names its peer-to-peer fundraisers in its own words (Donations → Fundraisers).
        fundraiser_words: { singular: "Harbor Champion", plural: "Harbor Champions" },
      })}::jsonb)`,
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

  await seedPeerToPeer(tx, eventId, guests);
}

/**
 * The short addresses of the spec (/woa2025give: the giving page, /cisnew: the bidding page) and three
 * fundraisers' pages, each with a picture shipped with the app (public/demo/fundraisers), with gifts on guests' bills: two approved (one a guest's own, /wranglers leads to it), one
 * sent by a guest and waiting for approval.
 */
async function seedPeerToPeer(tx: Tx, eventId: number, guests: [number, number][]) {
  // A path is the whole app's: one an event already holds stays with it.
  await tx
    .insert(event_path)
    .values([
      { path: "woa2025give", event_id: eventId, shows: "giving" },
      { path: "cisnew", event_id: eventId, shows: "bidding" },
    ])
    .onConflictDoNothing();
  const [lighthouse, rowers] = await tx
    .insert(fundraiser)
    .values([
      {
        event_id: eventId,
        usr_id: guests[9][0],
        name: "Lighthouse Readers",
        photo: "/demo/fundraisers/lighthouse-readers.svg",
        goal: usd(2500),
        story:
          "<p>Every child on the harbor deserves a library card and a book of their own. I am raising money for the reading corner at the Children's Harbor centre.</p>",
        approved_at: new Date(),
        is_wranglers: true,
      },
      {
        event_id: eventId,
        name: "Harbor Rowing Club",
        photo: "/demo/fundraisers/harbor-rowing-club.svg",
        goal: usd(5000),
        story:
          "<p>Our club rows for the harbor's kids every summer. Help us fund twenty places at the sailing camp.</p>",
        approved_at: new Date(),
      },
      {
        event_id: eventId,
        usr_id: guests[10][0],
        name: "Team Tidewater",
        photo: "/demo/fundraisers/team-tidewater.svg",
        goal: usd(1000),
        story: "<p>Our office is running the harbor 10k for the cause.</p>",
      },
    ])
    .returning({ id: fundraiser.fundraiser_id });
  await tx.insert(donation).values(
    [
      { giver: guests[0][0], page: lighthouse.id, amount: usd(100) },
      { giver: guests[1][0], page: lighthouse.id, amount: usd(250) },
      { giver: guests[2][0], page: rowers.id, amount: usd(500) },
      { giver: guests[3][0], page: rowers.id, amount: usd(150) },
      { giver: guests[4][0], page: rowers.id, amount: usd(1000) },
    ].map((gift) => ({
      event_id: eventId,
      usr_id: gift.giver,
      amount: gift.amount,
      method: "invoice",
      status: "pledged",
      source: "online",
      fundraiser_id: gift.page,
    })),
  );
}
