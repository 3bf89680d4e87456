/**
 * The rehearsal's gala, written before the evening with the app's own schema (as the benches and the demo seed write
 * theirs): an event with registration open, a free ticket, `items` silent items (some with buy now), 10–15 live lots,
 * a paddle raise with levels, a raffle with bundles and a prize, suggested gifts, payment keys at the Stripe sandbox
 * (its webhooks sent to the app's own endpoint), a team of eight and `guests` people with accounts but no paddle yet.
 * Everything the evening does to this gala goes through the app's HTTP forms, streams and webhooks.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import {
  auction_item,
  client,
  event,
  live_lot,
  paddle_raise,
  paddle_raise_level,
  raffle,
  raffle_prize,
  raffle_ticket_bundle,
  registration,
  silent_auction,
  ticket,
  traditional_auction,
  usr,
  usr_event_role,
  virtual_auction,
} from "~drizzle/schema";
import type { Permission } from "~/auth/permissions";
import type { Database } from "~/db/connection.server";

const HOUR = 3_600_000;

/** The paddle raise's levels, cents, highest first (a real raise's ladder). */
export const RAISE_LEVELS = [500_000, 250_000, 100_000, 50_000, 25_000, 10_000];
export const SUGGESTED_GIFTS = [5_000, 10_000, 25_000, 50_000];

export type StaffRole = "organiser" | "clerk" | "door1" | "door2" | "desk1" | "desk2" | "raffle" | "spotter";

/** What each of the team may do: exactly what their screen asks (app/auth/route-access.ts). */
const TEAM: Record<StaffRole, Permission[]> = {
  organiser: [
    "can_bid",
    "can_bill",
    "can_check_in_out",
    "can_configure_event",
    "can_control_event",
    "can_edit_auction_items",
    "can_edit_event",
    "can_register",
    "can_report",
    "can_view_stats",
  ],
  clerk: ["can_control_event"],
  door1: ["can_check_in_out"],
  door2: ["can_check_in_out"],
  desk1: ["can_bill"],
  desk2: ["can_bill"],
  raffle: ["can_bid", "can_bill"],
  spotter: ["can_bid", "can_control_event"],
};

export interface GalaItem {
  id: number;
  startingBid: number;
  increment: number;
  buyNow: number | null;
}

export interface Gala {
  eventId: number;
  silent: GalaItem[];
  live: GalaItem[];
  raiseId: number;
  /** The paddle raise's levels, cents, highest first. */
  raiseLevels: number[];
  /** The donation page's suggested gifts, cents. */
  gifts: number[];
  raffleBundles: { id: number; quantity: number; price: number }[];
  rafflePrizeId: number;
  ticketId: number;
  team: Record<StaffRole, number>;
  guests: { usrId: number; email: string; firstName: string; lastName: string }[];
  silentClosesAt: Date;
}

export interface GalaPlan {
  guests: number;
  items: number;
  silentClosesAt: Date;
  /** The app's address, for the payment sandbox's webhooks. */
  appUrl: string;
}

/** Whole dollars in cents, from a seeded-free spread: the gala's values need only vary, not repeat across runs. */
const dollars = (value: number) => Math.round(value) * 100;

export async function writeGala(db: Database, plan: GalaPlan): Promise<Gala> {
  const tag = randomBytes(3).toString("hex");
  const now = Date.now();
  const window = { start: new Date(now - HOUR), end: plan.silentClosesAt };
  const eventId = await db.transaction(async (tx) => {
    const [organisation] = await tx
      .insert(client)
      .values({ slug: `rehearsal-${tag}`, title: "Rehearsal Children's Fund" })
      .returning({ id: client.client_id });
    const [open] = await tx
      .insert(registration)
      .values({
        start_date_time: new Date(now - 24 * HOUR),
        end_date_time: new Date(now + 12 * HOUR),
        paddle_start: 100,
      })
      .returning({ id: registration.registration_id });
    const [silent] = await tx
      .insert(silent_auction)
      .values({ start_date_time: window.start, end_date_time: window.end, hard_end_date_time: window.end })
      .returning({ id: silent_auction.silent_auction_id });
    const [virtual] = await tx
      .insert(virtual_auction)
      .values({ start_date_time: window.start, end_date_time: window.end })
      .returning({ id: virtual_auction.virtual_auction_id });
    const [row] = await tx
      .insert(event)
      .values({
        client_id: organisation.id,
        slug: `rehearsal-${tag}`,
        title: `Rehearsal gala ${tag}`,
        timezone: "UTC",
        currency: "USD",
        start_date_time: new Date(now),
        end_date_time: new Date(now + 6 * HOUR),
        registration_id: open.id,
        is_registration_enabled: true,
        is_registration_testing: false,
        silent_auction_id: silent.id,
        is_silent_auction_enabled: true,
        is_silent_auction_testing: false,
        virtual_auction_id: virtual.id,
        is_virtual_auction_enabled: true,
        is_virtual_auction_testing: false,
        is_traditional_auction_enabled: true,
        is_traditional_auction_testing: false,
        is_bill_enabled: true,
        is_bill_testing: false,
        meta: { giving: { suggested: SUGGESTED_GIFTS } },
      })
      .returning({ id: event.event_id });
    const [live] = await tx
      .insert(traditional_auction)
      .values({ event_id: row.id, start_date_time: new Date(now), end_date_time: new Date(now + 6 * HOUR) })
      .returning({ id: traditional_auction.traditional_auction_id });
    await tx.update(event).set({ traditional_auction_id: live.id }).where(eq(event.event_id, row.id));
    return row.id;
  });

  const [guestTicket] = await db
    .insert(ticket)
    .values({ event_id: eventId, title: "Guest", price: 0, max_quantity: plan.guests * 2 })
    .returning({ id: ticket.ticket_id });

  // Silent items: values $100–$2,000, opening at 40%, rising by about 5%; one in six can be bought now at 150%.
  const silentRows = await db
    .insert(auction_item)
    .values(
      Array.from({ length: plan.items }, (_, n) => {
        const value = dollars(100 + ((n * 379) % 1900));
        return {
          event_id: eventId,
          title: `Silent lot ${n + 1}`,
          type: "silent",
          status: "published",
          lot: 100 + n + 1,
          value,
          starting_bid: dollars(value / 250),
          increment: Math.max(500, dollars(value / 2000)),
          buy_now: n % 6 === 5 ? dollars((value * 1.5) / 100) : null,
        };
      }),
    )
    .returning({
      id: auction_item.auction_item_id,
      startingBid: auction_item.starting_bid,
      increment: auction_item.increment,
      buyNow: auction_item.buy_now,
    });
  const lots = Math.min(15, Math.max(10, Math.round(plan.items / 10)));
  const liveRows = await db
    .insert(auction_item)
    .values(
      Array.from({ length: lots }, (_, n) => ({
        event_id: eventId,
        title: `Live lot ${n + 1}`,
        type: "live",
        status: "published",
        lot: n + 1,
        value: dollars(1_000 + n * 500),
        starting_bid: dollars(500 + n * 250),
        increment: dollars(100),
      })),
    )
    .returning({
      id: auction_item.auction_item_id,
      startingBid: auction_item.starting_bid,
      increment: auction_item.increment,
      buyNow: auction_item.buy_now,
    });
  await db.insert(live_lot).values(liveRows.map((lot) => ({ event_id: eventId, auction_item_id: lot.id })));

  const [raise] = await db
    .insert(paddle_raise)
    .values({ event_id: eventId, title: "Fund-a-Need: the reading room", goal: dollars(50_000) })
    .returning({ id: paddle_raise.paddle_raise_id });
  await db
    .insert(paddle_raise_level)
    .values(RAISE_LEVELS.map((amount, order) => ({ paddle_raise_id: raise.id, amount, display_order: order })));

  const [draw] = await db
    .insert(raffle)
    .values({ event_id: eventId, title: "Golden ticket raffle", status: "open" })
    .returning({ id: raffle.raffle_id });
  const bundles = await db
    .insert(raffle_ticket_bundle)
    .values([
      { raffle_id: draw.id, quantity: 1, price: 1_000, display_order: 0 },
      { raffle_id: draw.id, quantity: 5, price: 4_000, display_order: 1 },
    ])
    .returning({
      id: raffle_ticket_bundle.raffle_ticket_bundle_id,
      quantity: raffle_ticket_bundle.quantity,
      price: raffle_ticket_bundle.price,
    });
  const [prize] = await db
    .insert(raffle_prize)
    .values({ raffle_id: draw.id, title: "A weekend by the sea", value: dollars(800) })
    .returning({ id: raffle_prize.raffle_prize_id });

  const team = await writeTeam(db, eventId, tag);
  const guests = await writeGuests(db, plan.guests, tag);
  await saveSandboxKeys(eventId, plan.appUrl);
  return {
    eventId,
    silent: silentRows.map(galaItem),
    live: liveRows.map(galaItem),
    raiseId: raise.id,
    raiseLevels: RAISE_LEVELS,
    gifts: SUGGESTED_GIFTS,
    raffleBundles: bundles,
    rafflePrizeId: prize.id,
    ticketId: guestTicket.id,
    team,
    guests,
    silentClosesAt: plan.silentClosesAt,
  };
}

/** The team of eight, each with exactly their screen's permissions, the event selected. */
export async function writeTeam(db: Database, eventId: number, tag: string) {
  const team = {} as Record<StaffRole, number>;
  for (const [role, permissions] of Object.entries(TEAM) as [StaffRole, Permission[]][]) {
    const [person] = await db
      .insert(usr)
      .values({
        email_address: `${role}-${tag}@rehearsal.test`,
        first_name: role[0].toUpperCase() + role.slice(1),
        last_name: "Staff",
        selected_event: eventId,
      })
      .returning({ id: usr.usr_id });
    await db.insert(usr_event_role).values({
      usr_id: person.id,
      event_id: eventId,
      is_team_member: true,
      ...Object.fromEntries(permissions.map((permission) => [permission, true])),
    });
    team[role] = person.id;
  }
  return team;
}

/** People with accounts (as if they had signed up), not yet registered for the event. */
export async function writeGuests(db: Database, count: number, tag: string) {
  const rows = await db
    .insert(usr)
    .values(
      Array.from({ length: count }, (_, n) => ({
        email_address: `guest-${n + 1}-${tag}@rehearsal.test`,
        first_name: "Guest",
        last_name: `Number ${n + 1}`,
      })),
    )
    .returning({ usrId: usr.usr_id, email: usr.email_address, lastName: usr.last_name });
  return rows.map((row) => ({ usrId: row.usrId, email: row.email, firstName: "Guest", lastName: row.lastName ?? "" }));
}

export const galaItem = (row: {
  id: number;
  startingBid: number | null;
  increment: number | null;
  buyNow: number | null;
}) => ({
  id: row.id,
  startingBid: row.startingBid ?? 0,
  increment: row.increment ?? 100,
  buyNow: row.buyNow,
});

/**
 * Test keys of an account of its own at the Stripe sandbox (STRIPE_API_URL), saved as the payment settings screen
 * saves them: the webhook registered at the app's own endpoint, so the sandbox posts its events there as Stripe does.
 */
export async function saveSandboxKeys(eventId: number, appUrl: string) {
  const { saveBillingSettings } = await import("~/billing/settings.server");
  await saveBillingSettings(
    eventId,
    {
      mode: "test",
      test_publishable_key: "pk_test_rehearsal",
      test_secret_key: `sk_test_rehearsal_${eventId}_${randomBytes(4).toString("hex")}`,
      live_publishable_key: null,
      live_secret_key: null,
      currency: "USD",
      cover_fee_enabled: true,
      fee_basis_points: 290,
      fee_fixed: 30,
      receipt_text: "Thank you for coming to the rehearsal.",
      tax_id: "12-3456789",
      checkout_opens_at: null,
      checkout_closes_at: null,
    },
    `${appUrl}/billing/stripe-webhook/${eventId}`,
  );
}
