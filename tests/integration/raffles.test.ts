// /admin/auction_items/raffle_tickets: raffles with their bundles, prizes and draw time.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { OWNER_ROLE } from "~/auth/permissions";
import * as route from "~/routes/admin._workspace.auction_items.raffle_tickets";
import {
  event,
  raffle,
  raffle_drawing,
  raffle_prize,
  raffle_purchase,
  raffle_ticket,
  raffle_ticket_bundle,
} from "~drizzle/schema";
import { testDatabase } from "../support/database";
import { giveRole, makeEvent, makeUser, sessionCookie, teamRoleWithout } from "../support/people";
import { call, makeRequest, type RouteFunction } from "../support/route-calls";

const { db } = testDatabase();
const PATH = "/admin/auction_items/raffle_tickets";

let eventId: number;
let owner: string;

beforeEach(async () => {
  eventId = (await makeEvent(db)).event_id;
  await db.update(event).set({ timezone: "America/New_York" }).where(eq(event.event_id, eventId));
  const user = await makeUser(db, { selected_event: eventId });
  await giveRole(db, user.usr_id, eventId, { ...OWNER_ROLE });
  owner = await sessionCookie(user.usr_id);
});

const post = (form: Record<string, string | string[]>, cookie = owner) =>
  call(route.action as RouteFunction, makeRequest(PATH, { cookie, form }));
const raffles = () => db.select().from(raffle).where(eq(raffle.event_id, eventId));

const NEW = {
  intent: "create",
  dialog: "new-raffle",
  title: "Golden ticket",
  description: "",
  draw_date_time: "2027-03-14T21:30",
  bundles: "5 for $40\n1 for 10",
  prizes: "Weekend in Napa = 1,200\nGift basket",
};

describe(`${PATH} on ${process.env.TEST_DB_ENGINE}`, () => {
  it("creates a raffle with its bundles, prizes and a draw time in the event's zone", async () => {
    expect(await post(NEW)).toMatchObject({ status: 302, location: PATH });
    const [row] = await raffles();
    expect(row.title).toBe("Golden ticket");
    // 21:30 in New York in March (EDT, UTC-4).
    expect(row.draw_date_time?.toISOString()).toBe("2027-03-15T01:30:00.000Z");
    const loaded = await call(route.loader as RouteFunction, makeRequest(PATH, { cookie: owner }));
    expect((loaded.data as { raffles: unknown[] }).raffles[0]).toMatchObject({
      bundles: [
        { quantity: 1, price: 1000 },
        { quantity: 5, price: 4000 },
      ],
      prizes: [
        { title: "Weekend in Napa", value: 120000 },
        { title: "Gift basket", value: null },
      ],
      tickets_sold: 0,
    });
  });

  it("refuses bad bundles, prizes and times beside their fields, creating nothing", async () => {
    const outcome = await post({ ...NEW, bundles: "", prizes: "Spa = -5", draw_date_time: "2027-03-14T02:30" });
    expect(outcome).toMatchObject({
      status: 400,
      data: {
        formId: "new-raffle",
        error: {
          bundles: ["Give at least one way to buy tickets, such as “1 for 10”."],
          prizes: ["Line 1: Amounts cannot be negative."],
          draw_date_time: [
            "That time does not happen in America/New_York: the clocks go forward then. Choose a later time.",
          ],
        },
        initialValue: { title: "Golden ticket" },
      },
    });
    expect(await raffles()).toEqual([]);
  });

  it("keeps a drawn prize: removing it is refused, renaming others is fine", async () => {
    await post(NEW);
    const [row] = await raffles();
    const prizes = await db.select().from(raffle_prize).where(eq(raffle_prize.raffle_id, row.raffle_id));
    const napa = prizes.find((prize) => prize.title === "Weekend in Napa")!;
    const [purchase] = await db
      .insert(raffle_purchase)
      .values({ event_id: eventId, raffle_id: row.raffle_id, paddle: 5, quantity: 1, amount: 1000 })
      .returning();
    const [ticket] = await db
      .insert(raffle_ticket)
      .values({ raffle_id: row.raffle_id, raffle_purchase_id: purchase.raffle_purchase_id, ticket_number: 1 })
      .returning();
    await db.insert(raffle_drawing).values({
      raffle_id: row.raffle_id,
      raffle_prize_id: napa.raffle_prize_id,
      raffle_ticket_id: ticket.raffle_ticket_id,
    });

    const update = { ...NEW, intent: "update", dialog: `edit-raffle-${row.raffle_id}`, id: String(row.raffle_id) };
    expect(await post({ ...update, prizes: "Gift basket" })).toMatchObject({
      status: 400,
      data: { error: { prizes: ["“Weekend in Napa” has been drawn and cannot be removed."] } },
    });
    expect(await post({ ...update, prizes: "Weekend in Napa = 1500\nSpa day", bundles: "1 for 12" })).toMatchObject({
      status: 302,
    });
    const after = await db.select().from(raffle_prize).where(eq(raffle_prize.raffle_id, row.raffle_id));
    expect(after.map((prize) => [prize.title, prize.value]).sort()).toEqual([
      ["Spa day", null],
      ["Weekend in Napa", 150000],
    ]);
    expect(after.find((prize) => prize.title === "Weekend in Napa")!.raffle_prize_id).toBe(napa.raffle_prize_id);
    expect(
      await db
        .select({ q: raffle_ticket_bundle.quantity })
        .from(raffle_ticket_bundle)
        .where(eq(raffle_ticket_bundle.raffle_id, row.raffle_id)),
    ).toEqual([{ q: 1 }]);

    // Tickets are sold: never deleted.
    const refused = await post({ intent: "delete", id: String(row.raffle_id) });
    expect((refused.data as { bulkError: string }).bulkError).toContain("“Golden ticket” has tickets sold.");
    expect(await raffles()).toHaveLength(1);
  });

  it("deletes a raffle without sales, never another event's", async () => {
    await post(NEW);
    const [row] = await raffles();
    const other = await makeEvent(db);
    const [theirs] = await db.insert(raffle).values({ event_id: other.event_id, title: "Theirs" }).returning();
    expect((await post({ intent: "delete", id: [String(row.raffle_id), String(theirs.raffle_id)] })).status).toBe(302);
    expect(await raffles()).toEqual([]);
    expect(await db.select().from(raffle).where(eq(raffle.raffle_id, theirs.raffle_id))).toHaveLength(1);
  });

  it("answers 403 without can_edit_auction_items", async () => {
    const user = await makeUser(db, { selected_event: eventId });
    await giveRole(db, user.usr_id, eventId, teamRoleWithout("can_edit_auction_items"));
    expect((await post(NEW, await sessionCookie(user.usr_id))).status).toBe(403);
  });
});
