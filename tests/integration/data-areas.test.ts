// The admin data areas (app/data-areas): each one, on the demo organisation, against a plain count of the
// same rows; and every area of every set for an event of another organisation, which must see none of them.
import { and, count, eq, inArray, isNotNull, sql, type SQL } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  auctionItemImagesArea,
  auctionItemsArea,
  categoriesArea,
  donorsArea,
  inventoryImagesArea,
  inventoryItemsArea,
  sponsorsArea,
} from "~/data-areas/catalogue.server";
import {
  landingArea,
  registrationArea,
  silentAuctionArea,
  traditionalAuctionArea,
  virtualAuctionArea,
} from "~/data-areas/features.server";
import { bidsArea, billingArea, paymentsArea, ticketPaymentsArea, winnersArea } from "~/data-areas/money.server";
import { paddlesArea, registrantsArea, staffArea, teamArea, usersArea } from "~/data-areas/people.server";
import { passesArea, tablesArea, ticketsArea } from "~/data-areas/registration.server";
import {
  ADMIN_AREAS,
  DESIGN_AREAS,
  loadDataAreas,
  REGISTRATION_AREAS,
  SALES_AREAS,
  SETUP_AREAS,
} from "~/data-areas/sets.server";
import { DEMO_CLIENT_SLUG, DEMO_ORGANISER_EMAIL, DEMO_VOLUNTEER_EMAIL, seedDemo } from "~/demo/seed.server";
import {
  auction_item,
  auction_item_image,
  bid,
  category,
  client,
  donor,
  event,
  inventory,
  inventory_image,
  pass,
  payment,
  registrant,
  staff,
  tbl,
  ticket,
  ticket_payment,
  usr_event_paddle,
  usr_event_role,
  winner,
} from "~drizzle/schema";
import { testDatabase } from "../support/database";
import { makeEvent } from "../support/people";
import type { PgTable } from "drizzle-orm/pg-core";

const { db } = testDatabase();
let gala: typeof event.$inferSelect;
let past: typeof event.$inferSelect;

beforeAll(async () => {
  await seedDemo(db);
  const events = await db
    .select({ event })
    .from(event)
    .innerJoin(client, eq(client.client_id, event.client_id))
    .where(eq(client.slug, DEMO_CLIENT_SLUG));
  gala = events.find((row) => !row.event.is_archived)!.event;
  past = events.find((row) => row.event.is_archived)!.event;
});

async function rows(table: PgTable, where: SQL | undefined) {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return row.n;
}

describe(`data areas on ${process.env.TEST_DB_ENGINE}`, () => {
  it("team: the team members with names and email, in the order they joined", async () => {
    const team = await teamArea(gala.event_id);
    expect(team.map((m) => m.email_address)).toEqual([DEMO_ORGANISER_EMAIL, DEMO_VOLUNTEER_EMAIL]);
    expect(team[0]).toEqual({
      usr_id: expect.any(Number),
      first_name: "Morgan",
      last_name: "Ellis",
      email_address: DEMO_ORGANISER_EMAIL,
    });
    expect((await teamArea(past.event_id)).map((m) => m.email_address)).toEqual([DEMO_ORGANISER_EMAIL]);
  });

  it("users: everyone with a role at the event, and the bidders among them", async () => {
    const users = await usersArea(gala.event_id);
    expect(users.count).toBe(await rows(usr_event_role, eq(usr_event_role.event_id, gala.event_id)));
    expect(users.bidders).toBe(
      await rows(usr_event_role, and(eq(usr_event_role.event_id, gala.event_id), eq(usr_event_role.can_bid, true))),
    );
    expect(users.bidders).toBeGreaterThan(40);
  });

  it("auction items: counted by type, agreeing with the event's own counters", async () => {
    const items = await auctionItemsArea(gala.event_id);
    expect(items.count).toBe(await rows(auction_item, eq(auction_item.event_id, gala.event_id)));
    expect(items.byType.live).toBe(gala.live_item_count);
    expect(items.byType.silent).toBe(gala.silent_item_count);
    expect(items.byType.sale).toBeGreaterThan(0);
  });

  it("inventory items: all of the event's, and those not yet in a lot", async () => {
    const area = await inventoryItemsArea(gala.event_id);
    expect(area.count).toBe(gala.inventory_item_count);
    expect(area.unassigned).toBe(
      await rows(inventory, and(eq(inventory.event_id, gala.event_id), sql`${inventory.auction_item_id} is null`)),
    );
  });

  it("categories, donors and staff: the client's, shared by its events", async () => {
    const categories = await categoriesArea(gala.event_id);
    expect(categories.length).toBe(await rows(category, eq(category.client_id, gala.client_id)));
    expect(categories.map((c) => c.title)).toEqual(
      [...categories.map((c) => c.title)].sort((a, b) => a.localeCompare(b)),
    );
    expect(await categoriesArea(past.event_id)).toEqual(categories);
    expect((await donorsArea(gala.event_id)).count).toBe(await rows(donor, eq(donor.client_id, gala.client_id)));
    expect((await staffArea(gala.event_id)).length).toBe(await rows(staff, eq(staff.client_id, gala.client_id)));
  });

  it("sponsors: the event's, in their order", async () => {
    const sponsors = await sponsorsArea(gala.event_id);
    expect(sponsors.length).toBeGreaterThanOrEqual(5);
    expect(sponsors[0].level).toBe("Platinum");
  });

  it("registrants, passes, tables and paddles of the gala", async () => {
    const guests = await registrantsArea(gala.event_id);
    expect(guests.count).toBe(await rows(registrant, eq(registrant.event_id, gala.event_id)));
    expect(guests.seated).toBe(
      await rows(registrant, and(eq(registrant.event_id, gala.event_id), isNotNull(registrant.tbl_id))),
    );
    expect(guests.attended).toBe(
      await rows(registrant, and(eq(registrant.event_id, gala.event_id), eq(registrant.attended, true))),
    );

    const passes = await passesArea(gala.event_id);
    expect(passes.count).toBe(await rows(pass, eq(pass.event_id, gala.event_id)));
    expect(passes.seats).toBeGreaterThanOrEqual(passes.count);

    const tables = await tablesArea(gala.event_id);
    expect(tables.length).toBe(await rows(tbl, eq(tbl.event_id, gala.event_id)));
    expect(tables.reduce((sum, t) => sum + t.seated, 0)).toBe(guests.seated);

    const paddles = await paddlesArea(gala.event_id);
    expect(paddles.length).toBe(await rows(usr_event_paddle, eq(usr_event_paddle.event_id, gala.event_id)));
    expect(paddles[0].paddle).toBe(101);
  });

  it("tickets and ticket payments of the gala", async () => {
    const tickets = await ticketsArea(gala.event_id);
    expect(tickets.length).toBe(await rows(ticket, eq(ticket.event_id, gala.event_id)));
    const purchases = await ticketPaymentsArea(gala.event_id);
    expect(purchases.count).toBe(await rows(ticket_payment, eq(ticket_payment.event_id, gala.event_id)));
    const [sum] = await db
      .select({ quantity: sql<number>`sum(${ticket_payment.quantity})`.mapWith(Number) })
      .from(ticket_payment)
      .where(eq(ticket_payment.event_id, gala.event_id));
    expect(purchases.quantity).toBe(sum.quantity);
    expect(Object.keys(purchases.byStatus).sort()).toEqual(["paid", "pending"]);
  });

  it("payments, bids, winners and billing of last year's gala", async () => {
    const payments = await paymentsArea(past.event_id);
    expect(payments.count).toBe(await rows(payment, eq(payment.event_id, past.event_id)));
    const bids = await bidsArea(past.event_id);
    expect(bids.count).toBe(await rows(bid, eq(bid.event_id, past.event_id)));
    expect(bids.items).toBeGreaterThan(0);
    const winners = await winnersArea(past.event_id);
    expect(winners.count).toBe(await rows(winner, eq(winner.event_id, past.event_id)));
    expect(winners.amount).toBeGreaterThan(0);
    const billing = await billingArea(past.event_id);
    expect(billing.count).toBe(winners.count);
    expect(billing.awaiting_payment).toBeGreaterThanOrEqual(0);
    expect(billing.awaiting_payment).toBeLessThanOrEqual(billing.count);
  });

  it("the feature records the event points at", async () => {
    expect(await traditionalAuctionArea(gala.event_id)).toMatchObject({ capacity: 50 });
    expect(await landingArea(gala.event_id)).toMatchObject({ landing_id: gala.landing_id, is_hero_displayed: true });
    expect(await registrationArea(gala.event_id)).toMatchObject({ registration_id: gala.registration_id });
    expect(await virtualAuctionArea(gala.event_id)).toMatchObject({ virtual_auction_id: gala.virtual_auction_id });
    expect(await silentAuctionArea(gala.event_id)).toMatchObject({ silent_auction_id: gala.silent_auction_id });
  });

  it("images of the event's items and inventory", async () => {
    const itemImages = await auctionItemImagesArea(gala.event_id);
    const galaItems = db
      .select({ id: auction_item.auction_item_id })
      .from(auction_item)
      .where(eq(auction_item.event_id, gala.event_id));
    expect(itemImages.length).toBe(
      await rows(auction_item_image, inArray(auction_item_image.auction_item_id, galaItems)),
    );
    const inventoryImages = await inventoryImagesArea(gala.event_id);
    const galaInventory = db
      .select({ id: inventory.inventory_id })
      .from(inventory)
      .where(eq(inventory.event_id, gala.event_id));
    expect(inventoryImages.length).toBe(
      await rows(inventory_image, inArray(inventory_image.inventory_id, galaInventory)),
    );
  });

  it("keeps the /admin layout's payload light: counts and short lists", async () => {
    const areas = await loadDataAreas(ADMIN_AREAS, gala.event_id);
    expect(Object.keys(areas).sort()).toEqual(Object.keys(ADMIN_AREAS).sort());
    expect(JSON.stringify(areas).length).toBeLessThan(8_000);
  });

  it("shows an event of another organisation none of this", async () => {
    const { event_id } = await makeEvent(db);
    for (const set of [ADMIN_AREAS, SETUP_AREAS, DESIGN_AREAS, REGISTRATION_AREAS, SALES_AREAS]) {
      const areas = await loadDataAreas(set, event_id);
      for (const [name, value] of Object.entries(areas)) {
        expect(isEmpty(value), `${name}: ${JSON.stringify(value)}`).toBe(true);
      }
    }
  });
});

/** Nothing in it: null, an empty list, or an object of zero counts and empty maps. */
function isEmpty(value: unknown): boolean {
  if (value === null || value === 0) return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === "object") return Object.values(value as object).every(isEmpty);
  return false;
}
