// The demo organisation (app/demo/seed.server.ts): what it loads into an empty database, that the
// data hangs together the way the app expects, and that loading it again changes nothing.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { count, eq, getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { beforeAll, describe, expect, it } from "vitest";
import { verifyPassword } from "~/auth/password.server";
import {
  DEMO_CLIENT_SLUG,
  DEMO_ORGANISER_EMAIL,
  DEMO_PASSWORD,
  DEMO_VOLUNTEER_EMAIL,
  seedDemo,
} from "~/demo/seed.server";
import * as schema from "~drizzle/schema";
import type { Database } from "~/db/connection.server";

const {
  auction_item,
  auction_item_image,
  bid,
  client,
  event,
  event_sponsor,
  inventory,
  inventory_image,
  paddle_raise_level,
  pass,
  payment,
  raffle_ticket_bundle,
  registrant,
  sponsor,
  tbl,
  usr,
  usr_event_paddle,
  usr_event_role,
  usr_password,
  winner,
} = schema;

const PUBLIC_DIR = fileURLToPath(new URL("../../public", import.meta.url));
const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));

async function countEveryTable(db: Database) {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const [row] = await db.select({ n: count() }).from(table);
    counts[getTableName(table)] = row.n;
  }
  return counts;
}

async function demoEvents(db: Database) {
  const rows = await db
    .select()
    .from(event)
    .innerJoin(client, eq(client.client_id, event.client_id))
    .where(eq(client.slug, DEMO_CLIENT_SLUG));
  const events = rows.map((row) => row.event);
  const gala = events.find((e) => !e.is_archived)!;
  const past = events.find((e) => e.is_archived)!;
  return { events, gala, past };
}

describe(`demo organisation on ${process.env.TEST_DB_ENGINE}`, () => {
  let firstRun: Awaited<ReturnType<typeof seedDemo>>;
  let seededAt: Date;

  beforeAll(async () => {
    const { db } = globalThis.__gavelDatabase!;
    seededAt = new Date();
    firstRun = await seedDemo(db);
  });

  it("loads one client with an upcoming gala and an archived gala from last year", async () => {
    const { db } = globalThis.__gavelDatabase!;
    expect(firstRun).toEqual({
      created: true,
      organiserEmail: DEMO_ORGANISER_EMAIL,
      volunteerEmail: DEMO_VOLUNTEER_EMAIL,
      password: "gavel-demo-2026",
    });

    const { events, gala, past } = await demoEvents(db);
    expect(events).toHaveLength(2);
    expect(gala.timezone).toBe("America/New_York");
    const daysAhead = (gala.start_date_time!.getTime() - seededAt.getTime()) / 86_400_000;
    expect(daysAhead).toBeGreaterThan(14);
    expect(daysAhead).toBeLessThan(45);
    expect(past.start_date_time!.getTime()).toBeLessThan(seededAt.getTime() - 300 * 86_400_000);

    for (const id of [
      gala.landing_id,
      gala.silent_auction_id,
      gala.traditional_auction_id,
      gala.virtual_auction_id,
      gala.registration_id,
    ]) {
      expect(id).toEqual(expect.any(Number));
    }
    for (const feature of [
      "event",
      "landing",
      "registration",
      "silent_auction",
      "traditional_auction",
      "virtual_auction",
      "ticket",
      "inventory",
    ]) {
      expect(gala[`is_${feature}_enabled` as keyof typeof gala], feature).toBe(true);
      expect(gala[`is_${feature}_testing` as keyof typeof gala], feature).toBe(false);
    }
    const [live] = await db
      .select()
      .from(schema.traditional_auction)
      .where(eq(schema.traditional_auction.traditional_auction_id, gala.traditional_auction_id!));
    expect(live).toMatchObject({ event_id: gala.event_id, capacity: 50 });

    const [registrationWindow] = await db
      .select()
      .from(schema.registration)
      .where(eq(schema.registration.registration_id, gala.registration_id!));
    expect(registrationWindow.start_date_time!.getTime()).toBeLessThanOrEqual(seededAt.getTime());
    expect(registrationWindow.end_date_time!.getTime()).toBe(gala.start_date_time!.getTime());

    const sponsors = await db
      .select({ level: sponsor.level, order: event_sponsor.display_order })
      .from(event_sponsor)
      .innerJoin(sponsor, eq(sponsor.sponsor_id, event_sponsor.sponsor_id))
      .where(eq(event_sponsor.event_id, gala.event_id))
      .orderBy(event_sponsor.display_order);
    expect(sponsors.length).toBeGreaterThanOrEqual(5);
    expect(sponsors[0].level).toBe("Platinum");
  });

  it("puts about forty items on the gala, priced the way organisers expect", async () => {
    const { db } = globalThis.__gavelDatabase!;
    const { gala } = await demoEvents(db);
    const items = await db.select().from(auction_item).where(eq(auction_item.event_id, gala.event_id));
    expect(items.length).toBeGreaterThanOrEqual(36);
    expect(items.length).toBeLessThanOrEqual(46);

    const ofType = (type: string) => items.filter((item) => item.type === type);
    const live = ofType("live");
    const silent = ofType("silent");
    const sale = ofType("sale");
    expect(live.length).toBeGreaterThanOrEqual(6);
    expect(silent.length).toBeGreaterThan(live.length);
    expect(ofType("virtual").length).toBeGreaterThan(0);
    expect(sale.length).toBeGreaterThanOrEqual(3);
    expect(live.map((item) => item.lot).sort((a, b) => a! - b!)).toEqual(live.map((_, i) => i + 1));

    expect(gala.live_item_count).toBe(live.length);
    expect(gala.silent_item_count).toBe(silent.length);
    const [{ n: inventoryRows }] = await db
      .select({ n: count() })
      .from(inventory)
      .where(eq(inventory.event_id, gala.event_id));
    expect(gala.inventory_item_count).toBe(inventoryRows);

    for (const item of items) {
      expect(item.status, item.title).toBe("published");
      expect(item.featured_image, item.title).toMatch(/^\/demo\/items\/.+\.svg$/);
      expect(item.xinv_category_id, item.title).not.toBeNull();
      expect(item.xinv_donor_id, item.title).not.toBeNull();
      expect(item.xinv_staff_id, item.title).not.toBeNull();
      if (item.type === "sale") {
        expect(item.quantity, item.title).toBeGreaterThan(1);
        expect(item.buy_now, item.title).toBeGreaterThan(0);
        continue;
      }
      const value = item.value!;
      expect(item.starting_bid! % 100, item.title).toBe(0);
      expect(item.increment! % 100, item.title).toBe(0);
      expect(item.starting_bid! / value, item.title).toBeGreaterThanOrEqual(0.35);
      expect(item.starting_bid! / value, item.title).toBeLessThanOrEqual(0.5);
      expect(item.increment! / value, item.title).toBeGreaterThanOrEqual(0.05);
      expect(item.increment! / value, item.title).toBeLessThanOrEqual(0.1);
      if (item.buy_now !== null) expect(item.buy_now, item.title).toBeGreaterThan(value);
    }

    const packages = live.filter((item) => item.subtype === "package");
    expect(packages).toHaveLength(2);
    for (const lot of packages) {
      const parts = await db.select().from(inventory).where(eq(inventory.auction_item_id, lot.auction_item_id));
      expect(parts.length, lot.title).toBeGreaterThanOrEqual(2);
      expect(
        parts.reduce((sum, part) => sum + part.value!, 0),
        lot.title,
      ).toBe(lot.value);
    }

    const images = await db.select().from(auction_item_image);
    for (const item of items) {
      const own = images.filter((image) => image.auction_item_id === item.auction_item_id);
      expect(own.length, item.title).toBeGreaterThanOrEqual(1);
      expect(own.length, item.title).toBeLessThanOrEqual(2);
    }
  });

  it("points only at illustrations that exist under public/", async () => {
    const { db } = globalThis.__gavelDatabase!;
    const urls = [
      ...(await db.select({ url: auction_item.featured_image }).from(auction_item)),
      ...(await db.select({ url: auction_item_image.url }).from(auction_item_image)),
      ...(await db.select({ url: inventory_image.url }).from(inventory_image)),
      ...(await db.select({ url: sponsor.logo }).from(sponsor)),
      ...(await db.select({ url: event.logo }).from(event)),
      ...(await db.select({ url: event.thumbnail }).from(event)),
    ].map((row) => row.url!);
    expect(urls.length).toBeGreaterThan(50);
    const missing = [...new Set(urls)].filter((url) => !existsSync(`${PUBLIC_DIR}${url}`));
    expect(missing).toEqual([]);
  });

  it("registers about sixty guests in parties of 1, 2 and 8, each with a unique paddle", async () => {
    const { db } = globalThis.__gavelDatabase!;
    const { gala } = await demoEvents(db);
    const guests = await db.select().from(registrant).where(eq(registrant.event_id, gala.event_id));
    expect(guests.length).toBeGreaterThanOrEqual(55);
    expect(guests.length).toBeLessThanOrEqual(65);

    const paddles = guests.map((guest) => guest.paddle!);
    expect(new Set(paddles).size).toBe(guests.length);
    expect(Math.min(...paddles)).toBe(101);
    expect(guests.every((guest) => guest.usr_id !== null && guest.pass_id !== null)).toBe(true);

    const held = await db.select().from(usr_event_paddle).where(eq(usr_event_paddle.event_id, gala.event_id));
    const paddleOf = new Map(held.map((row) => [row.usr_id, row.paddle]));
    for (const guest of guests) expect(paddleOf.get(guest.usr_id!), guest.name!).toBe(guest.paddle);

    const passes = await db.select().from(pass).where(eq(pass.event_id, gala.event_id));
    const sizes = new Set<number>();
    for (const party of passes) {
      const members = guests.filter((guest) => guest.pass_id === party.pass_id);
      expect(members.length, party.title!).toBe(party.seat_count);
      expect(party.names).toHaveLength(party.seat_count);
      sizes.add(party.seat_count);
    }
    expect([...sizes].sort()).toEqual([1, 2, 8]);

    const payments = await db.select().from(payment).where(eq(payment.event_id, gala.event_id));
    expect(new Set(payments.map((row) => row.status))).toEqual(new Set(["paid", "pending"]));

    const tables = await db.select().from(tbl).where(eq(tbl.event_id, gala.event_id));
    const seated = guests.filter((guest) => guest.tbl_id !== null);
    expect(seated.length).toBeGreaterThan(guests.length / 2);
    expect(seated.length).toBeLessThan(guests.length);
    for (const table of tables) {
      const atTable = seated.filter((guest) => guest.tbl_id === table.tbl_id);
      expect(atTable.length, table.name).toBeLessThanOrEqual(table.capacity);
      for (const guest of atTable) expect(guest.assigned_table).toBe(table.name);
    }
    // Parties sit together.
    for (const party of passes) {
      const seats = new Set(guests.filter((guest) => guest.pass_id === party.pass_id).map((guest) => guest.tbl_id));
      expect(seats.size, party.title!).toBe(1);
    }
    expect(guests.some((guest) => guest.attended)).toBe(true);
  });

  it("gives the demo organiser every permission on both events, and the volunteer check-in rights", async () => {
    const { db } = globalThis.__gavelDatabase!;
    const { gala, past } = await demoEvents(db);
    const [organiser] = await db.select().from(usr).where(eq(usr.email_address, DEMO_ORGANISER_EMAIL));
    expect(organiser.selected_event).toBe(gala.event_id);

    const roles = await db.select().from(usr_event_role).where(eq(usr_event_role.usr_id, organiser.usr_id));
    expect(roles.map((role) => role.event_id).sort()).toEqual([gala.event_id, past.event_id].sort());
    for (const role of roles) {
      const flags = Object.entries(role).filter(([key]) => key.startsWith("can_") || key.startsWith("is_"));
      expect(flags.length).toBeGreaterThanOrEqual(14);
      expect(flags.filter(([, on]) => on !== true)).toEqual([]);
    }

    const [volunteer] = await db.select().from(usr).where(eq(usr.email_address, DEMO_VOLUNTEER_EMAIL));
    const [role] = await db.select().from(usr_event_role).where(eq(usr_event_role.usr_id, volunteer.usr_id));
    expect(role).toMatchObject({
      event_id: gala.event_id,
      is_team_member: true,
      can_check_in_out: true,
      can_register: true,
      can_configure_event: false,
    });
  });

  it("has bids on about fifteen silent items, each rising by at least the increment", async () => {
    const { db } = globalThis.__gavelDatabase!;
    const { gala } = await demoEvents(db);
    const items = await db.select().from(auction_item).where(eq(auction_item.event_id, gala.event_id));
    const bids = await db.select().from(bid).where(eq(bid.event_id, gala.event_id)).orderBy(bid.created_at, bid.bid_id);
    const bidders = new Set(
      (await db.select().from(usr_event_paddle).where(eq(usr_event_paddle.event_id, gala.event_id))).map(
        (row) => row.usr_id,
      ),
    );

    const byItem = new Map<number, typeof bids>();
    for (const row of bids) byItem.set(row.auction_item_id, [...(byItem.get(row.auction_item_id) ?? []), row]);
    expect(byItem.size).toBeGreaterThanOrEqual(10);
    for (const [itemId, ledger] of byItem) {
      const item = items.find((candidate) => candidate.auction_item_id === itemId)!;
      expect(item.type, item.title).toBe("silent");
      expect(item.in_person_only, item.title).toBe(false);
      expect(ledger[0].bid, item.title).toBeGreaterThanOrEqual(item.starting_bid!);
      ledger.forEach((row, i) => {
        expect(row.status).toBe(i === ledger.length - 1 ? "winning" : "outbid");
        expect(bidders.has(row.usr_id), item.title).toBe(true);
        expect(row.created_at.getTime()).toBeLessThanOrEqual(Date.now());
        if (item.buy_now !== null) expect(row.bid, item.title).toBeLessThan(item.buy_now);
        if (i > 0) {
          expect(row.bid, item.title).toBeGreaterThanOrEqual(ledger[i - 1].bid + item.increment!);
          expect(row.created_at.getTime(), item.title).toBeGreaterThan(ledger[i - 1].created_at.getTime());
          expect(row.usr_id, item.title).not.toBe(ledger[i - 1].usr_id);
        }
      });
    }
  });

  it("records last year's results: closed items, each with a winner who paid", async () => {
    const { db } = globalThis.__gavelDatabase!;
    const { past } = await demoEvents(db);
    const items = await db.select().from(auction_item).where(eq(auction_item.event_id, past.event_id));
    expect(items.length).toBeGreaterThanOrEqual(3);
    const winners = await db.select().from(winner).where(eq(winner.event_id, past.event_id));
    const payments = await db.select().from(payment).where(eq(payment.event_id, past.event_id));
    for (const item of items) {
      expect(item.status).toBe("closed");
      const won = winners.find((row) => row.auction_item_id === item.auction_item_id)!;
      expect(won, item.title).toBeDefined();
      expect(item.winner_id).toBe(won.usr_id);
      const paid = payments.find((row) => row.payment_id === won.payment_id)!;
      expect(paid).toMatchObject({ status: "paid", amount: won.amount, usr_id: won.usr_id, item_received: true });
      const [top] = await db.select().from(bid).where(eq(bid.bid_id, won.bid_id!));
      expect(top.bid).toBe(won.amount);
    }
  });

  it("sets up a paddle raise with fixed levels and a raffle with bundles", async () => {
    const { db } = globalThis.__gavelDatabase!;
    const levels = await db.select().from(paddle_raise_level).orderBy(paddle_raise_level.display_order);
    expect(levels.map((level) => level.amount)).toEqual([500_000, 250_000, 100_000, 50_000, 25_000, 10_000]);
    const bundles = await db.select().from(raffle_ticket_bundle).orderBy(raffle_ticket_bundle.display_order);
    expect(bundles.map(({ quantity, price }) => ({ quantity, price }))).toEqual([
      { quantity: 1, price: 1_000 },
      { quantity: 5, price: 4_000 },
    ]);
  });

  it("changes nothing when run again", async () => {
    const { db } = globalThis.__gavelDatabase!;
    const before = await countEveryTable(db);
    expect(before.client).toBe(1);
    expect(before.event).toBe(2);
    expect(await seedDemo(db)).toMatchObject({ created: false, organiserEmail: DEMO_ORGANISER_EMAIL });
    expect(await countEveryTable(db)).toEqual(before);
  });

  it("lets the demo organiser and volunteer sign in with the demo password", async () => {
    const { db } = globalThis.__gavelDatabase!;
    for (const email of [DEMO_ORGANISER_EMAIL, DEMO_VOLUNTEER_EMAIL]) {
      const [row] = await db
        .select({ hash: usr_password.password_hash })
        .from(usr)
        .innerJoin(usr_password, eq(usr_password.usr_id, usr.usr_id))
        .where(eq(usr.email_address, email));
      expect(await verifyPassword(row.hash, DEMO_PASSWORD), email).toBe(true);
    }
  });

  it("gives the demo team its password on a demo loaded before passwords existed, and keeps a changed one", async () => {
    const { db } = globalThis.__gavelDatabase!;
    const [organiser] = await db.select().from(usr).where(eq(usr.email_address, DEMO_ORGANISER_EMAIL));
    const [volunteer] = await db.select().from(usr).where(eq(usr.email_address, DEMO_VOLUNTEER_EMAIL));
    await db.delete(usr_password).where(eq(usr_password.usr_id, organiser.usr_id));
    await db
      .update(usr_password)
      .set({ password_hash: "changed by the volunteer" })
      .where(eq(usr_password.usr_id, volunteer.usr_id));
    await seedDemo(db);
    const hashOf = async (usrId: number) =>
      (await db.select().from(usr_password).where(eq(usr_password.usr_id, usrId)))[0]?.password_hash;
    expect(await verifyPassword(await hashOf(organiser.usr_id), DEMO_PASSWORD)).toBe(true);
    expect(await hashOf(volunteer.usr_id)).toBe("changed by the volunteer");
  });
});
