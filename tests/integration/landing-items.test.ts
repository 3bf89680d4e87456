// The landing page's "A few of the items": each tile links to the item's own page (/inroombid&item=), which a live lot
// has only while it takes bids online; items a guest can open come first, and one without a page is no link.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { paths } from "~/http/paths";
import { loadLandingContext } from "~/landing/landing-context.server";
import { auction_item, event, live_lot, silent_auction } from "~drizzle/schema";
import { testDatabase } from "../support/database";
import { makeEvent } from "../support/people";

const { db } = testDatabase();

describe(`the landing page's featured items on ${process.env.TEST_DB_ENGINE}`, () => {
  let eventId: number;
  const itemIds: Record<string, number> = {};

  beforeAll(async () => {
    ({ event_id: eventId } = await makeEvent(db, { title: "Lighthouse Ball" }));
    const [silent] = await db.insert(silent_auction).values({}).returning({ id: silent_auction.silent_auction_id });
    await db
      .update(event)
      .set({
        is_silent_auction_enabled: true,
        is_silent_auction_testing: false,
        silent_auction_id: silent.id,
        is_traditional_auction_enabled: true,
        is_traditional_auction_testing: false,
      })
      .where(eq(event.event_id, eventId));
    // In the organiser's order: the lot bid on only in the room first, so that coming after the others is the rule's.
    for (const [key, type, display_order] of [
      ["roomOnly", "live", 1],
      ["online", "live", 2],
      ["silent", "silent", 3],
    ] as const) {
      const [row] = await db
        .insert(auction_item)
        .values({ event_id: eventId, title: key, type, status: "published", display_order })
        .returning({ id: auction_item.auction_item_id });
      itemIds[key] = row.id;
    }
    await db.insert(live_lot).values([
      { event_id: eventId, auction_item_id: itemIds.roomOnly, online_bidding: false },
      { event_id: eventId, auction_item_id: itemIds.online, online_bidding: true },
    ]);
  });

  const featured = async () => {
    const [row] = await db.select().from(event).where(eq(event.event_id, eventId));
    return (await loadLandingContext(row, { canPreview: false })).items.map((item) => [item.title, item.href]);
  };

  it("links each item that has a page to it, first; a live lot bid on only in the room comes last, unlinked", async () => {
    expect(await featured()).toEqual([
      ["online", paths.inroombid(eventId, { item: itemIds.online })],
      ["silent", paths.inroombid(eventId, { item: itemIds.silent })],
      ["roomOnly", null],
    ]);
  });

  it("links no live lot while the event is in testing (its lots take no bids online then)", async () => {
    await db.update(event).set({ is_event_testing: true }).where(eq(event.event_id, eventId));
    const [row] = await db.select().from(event).where(eq(event.event_id, eventId));
    // A previewer sees the page of an event in testing; the silent item's page is there for them, the live lots' not.
    const items = (await loadLandingContext(row, { canPreview: true })).items;
    await db.update(event).set({ is_event_testing: false }).where(eq(event.event_id, eventId));
    expect(items.map((item) => [item.title, item.href])).toEqual([
      ["silent", paths.inroombid(eventId, { item: itemIds.silent })],
      ["roomOnly", null],
      ["online", null],
    ]);
  });
});
