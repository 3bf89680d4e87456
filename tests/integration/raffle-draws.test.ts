// Raffle sales and draws (/admin/bids/raffle, /raffle): ticket numbers unique and gapless under many sales at once,
// one winner when "Draw" is pressed twice at the same moment, a redraw that keeps the void drawing and its reason,
// a pick anyone can redo from the recorded seed, and the sale on the guest's invoice with nothing deductible. The
// races only contend on PostgreSQL (PGlite runs one transaction at a time); the outcome must be the same on both.
import { and, eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeEach, describe, expect, it } from "vitest";
import { invoiceIdFor } from "~/billing/charges.server";
import { invoiceLines } from "~/billing/invoice.server";
import { drawPrize, pickIndex, redrawPrize, SECOND_REDRAW_REFUSAL } from "~/raffles/raffle-draw.server";
import { sellRaffleTickets } from "~/raffles/raffle-sales.server";
import { DrawLog } from "~/raffles/ui/raffle-desk";
import { readMonitorState } from "~/room-screens/monitor-state.server";
import { RaffleWinnersPanel } from "~/room-screens/ui/monitor-panels";
import * as route from "~/routes/admin._workspace.bids.raffle";
import * as guestRoute from "~/routes/raffle";
import {
  event,
  raffle,
  raffle_drawing,
  raffle_prize,
  raffle_purchase,
  raffle_ticket,
  raffle_ticket_bundle,
} from "~drizzle/schema";
import { makeBidder } from "../support/auction";
import { testDatabase } from "../support/database";
import { giveRole, makeEvent, makeUser, sessionCookie, teamRole } from "../support/people";
import { call, makeRequest, type RouteFunction } from "../support/route-calls";

const { db } = testDatabase();
let eventId: number;
let raffleId: number;
let single: number;
let five: number;
let prizeId: number;
let staffId: number;

beforeEach(async () => {
  eventId = (await makeEvent(db)).event_id;
  staffId = (await makeUser(db)).usr_id;
  const [row] = await db
    .insert(raffle)
    .values({ event_id: eventId, title: "Golden ticket" })
    .returning({ id: raffle.raffle_id });
  raffleId = row.id;
  const bundles = await db
    .insert(raffle_ticket_bundle)
    .values([
      { raffle_id: raffleId, quantity: 1, price: 1_000 },
      { raffle_id: raffleId, quantity: 5, price: 4_000 },
    ])
    .returning({ id: raffle_ticket_bundle.raffle_ticket_bundle_id, quantity: raffle_ticket_bundle.quantity });
  single = bundles.find((bundle) => bundle.quantity === 1)!.id;
  five = bundles.find((bundle) => bundle.quantity === 5)!.id;
  const [prize] = await db
    .insert(raffle_prize)
    .values({ raffle_id: raffleId, title: "Weekend in Napa", value: 120_000 })
    .returning({ id: raffle_prize.raffle_prize_id });
  prizeId = prize.id;
});

const absentWinner = { reason: "Winner not present", absent: true, isEventAdmin: false };

const ticketNumbers = async () =>
  (await db.select().from(raffle_ticket).where(eq(raffle_ticket.raffle_id, raffleId))).map((t) => t.ticket_number);

describe(`raffles on ${process.env.TEST_DB_ENGINE}`, () => {
  it("numbers tickets uniquely and without gaps under 100 sales at once", async () => {
    const buyers = await Promise.all(Array.from({ length: 10 }, () => makeBidder(db, eventId)));
    const sales = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        sellRaffleTickets(eventId, {
          bundleId: index % 2 === 0 ? single : five,
          buyer: { paddle: buyers[index % buyers.length].paddle },
          submissionKey: `sale-${index}`,
          byUsrId: staffId,
        }),
      ),
    );
    const numbers = await ticketNumbers();
    // 50 singles and 50 fives.
    expect(numbers).toHaveLength(300);
    expect(new Set(numbers).size).toBe(300);
    expect(Math.min(...numbers)).toBe(1);
    expect(Math.max(...numbers)).toBe(300);
    // Each sale's numbers run on from one another.
    for (const sale of sales) expect(sale.numbers.at(-1)! - sale.numbers[0]).toBe(sale.numbers.length - 1);
  });

  it("sells once per submission, and refuses an unknown paddle beside its field", async () => {
    const buyer = await makeBidder(db, eventId);
    const sale = { bundleId: five, buyer: { paddle: buyer.paddle }, submissionKey: "same-post", byUsrId: staffId };
    const [first, second] = await Promise.all([sellRaffleTickets(eventId, sale), sellRaffleTickets(eventId, sale)]);
    expect(second).toEqual(first);
    expect(await ticketNumbers()).toHaveLength(5);
    await expect(
      sellRaffleTickets(eventId, { ...sale, buyer: { paddle: 987_654 }, submissionKey: "other" }),
    ).rejects.toMatchObject({ field: "paddle" });
  });

  it("bills the sale on the guest's invoice with nothing deductible", async () => {
    const buyer = await makeBidder(db, eventId);
    await sellRaffleTickets(eventId, {
      bundleId: five,
      buyer: { usrId: buyer.usrId },
      submissionKey: "k1",
      byUsrId: 1,
    });
    const invoiceId = (await invoiceIdFor(eventId, buyer.usrId))!;
    expect(await invoiceLines(db, invoiceId)).toMatchObject([
      { source: "raffle", description: "Raffle · Golden ticket · 5 tickets", amount: 4_000, deductible: 0 },
    ]);
  });

  it("draws one winner when Draw is pressed twice at the same moment", async () => {
    const buyers = await Promise.all([1, 2, 3].map(() => makeBidder(db, eventId)));
    for (const [index, buyer] of buyers.entries())
      await sellRaffleTickets(eventId, {
        bundleId: five,
        buyer: { paddle: buyer.paddle },
        submissionKey: `s${index}`,
        byUsrId: staffId,
      });
    const outcomes = await Promise.allSettled([
      drawPrize(eventId, prizeId, staffId),
      drawPrize(eventId, prizeId, staffId),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    const refused = outcomes.find((outcome) => outcome.status === "rejected") as PromiseRejectedResult;
    expect(String(refused.reason)).toMatch(/drawn already/);
    const drawings = await db.select().from(raffle_drawing).where(eq(raffle_drawing.raffle_prize_id, prizeId));
    expect(drawings).toHaveLength(1);
    // The pick is redone from what the log kept.
    const [drawing] = drawings;
    expect(drawing.eligible_ticket_numbers).toEqual(Array.from({ length: 15 }, (_, index) => index + 1));
    expect(drawing.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(pickIndex(drawing.seed!, drawing.eligible_ticket_numbers!)).toBe(drawing.picked_index);
    expect(drawing.eligible_ticket_numbers![drawing.picked_index!]).toBe(drawing.ticket_number);
    // The room's screens show the winner.
    const state = await readMonitorState(db, eventId);
    expect(state!.raffleWinners).toMatchObject([{ prize: "Weekend in Napa", ticketNumber: drawing.ticket_number }]);
  });

  it("redraws for an absent winner, keeping the void drawing and its reason; a second redraw of it is refused", async () => {
    await db.update(event).set({ raffle_must_be_present: true }).where(eq(event.event_id, eventId));
    const buyer = await makeBidder(db, eventId);
    await sellRaffleTickets(eventId, {
      bundleId: five,
      buyer: { paddle: buyer.paddle },
      submissionKey: "s",
      byUsrId: 1,
    });
    const first = await drawPrize(eventId, prizeId, staffId);
    const [again, twice] = await Promise.allSettled([
      redrawPrize(eventId, first.drawingId, { ...absentWinner, byUsrId: staffId }),
      redrawPrize(eventId, first.drawingId, { ...absentWinner, byUsrId: staffId }),
    ]);
    const results = [again, twice];
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const redrawn = (
      results.find((result) => result.status === "fulfilled") as PromiseFulfilledResult<{
        drawingId: number;
        ticketNumber: number;
      }>
    ).value;
    expect(redrawn.ticketNumber).not.toBe(first.ticketNumber);
    const log = await db
      .select()
      .from(raffle_drawing)
      .where(eq(raffle_drawing.raffle_prize_id, prizeId))
      .orderBy(raffle_drawing.raffle_drawing_id);
    expect(log).toMatchObject([
      { is_void: true, void_reason: "Winner not present", ticket_number: first.ticketNumber },
      { is_void: false, replaces_drawing_id: first.drawingId, ticket_number: redrawn.ticketNumber },
    ]);
    // The absent winner's ticket was not eligible again.
    expect(log[1].eligible_ticket_numbers).not.toContain(first.ticketNumber);
  });

  it("keeps an absent winner's prize where winners need not be present: no redraw for absence, one for another reason", async () => {
    const staff = await makeUser(db, { selected_event: eventId });
    await giveRole(db, staff.usr_id, eventId, teamRole("can_bill"));
    const cookie = await sessionCookie(staff.usr_id);
    const path = `/admin/bids/raffle?id=${eventId}`;
    const post = (form: Record<string, string>) =>
      call(route.action as RouteFunction, makeRequest(path, { cookie, form }));
    const buyer = await makeBidder(db, eventId);
    await sellRaffleTickets(eventId, {
      bundleId: five,
      buyer: { paddle: buyer.paddle },
      submissionKey: "p",
      byUsrId: 1,
    });
    const first = await drawPrize(eventId, prizeId, staffId);
    const desk = await call(route.loader as RouteFunction, makeRequest(path, { cookie }));
    expect(desk.data).toMatchObject({ mustBePresent: false });
    expect((await call(guestRoute.loader as RouteFunction, makeRequest(`/raffle?id=${eventId}`))).data).toMatchObject({
      mustBePresent: false,
    });

    const absent = await post({ intent: "redraw", drawing: String(first.drawingId), cause: "absent" });
    expect(absent).toMatchObject({
      status: 400,
      data: {
        formId: `redraw-${first.drawingId}`,
        error: { cause: ["Winners need not be present at this event: an absent winner keeps the prize."] },
      },
    });
    const noReason = await post({ intent: "redraw", drawing: String(first.drawingId), cause: "other", reason: "" });
    expect(noReason.status).toBe(400);
    const standing = () =>
      db
        .select()
        .from(raffle_drawing)
        .where(and(eq(raffle_drawing.raffle_prize_id, prizeId), eq(raffle_drawing.is_void, false)));
    expect(await standing()).toMatchObject([{ raffle_drawing_id: first.drawingId }]);

    const declined = {
      intent: "redraw",
      drawing: String(first.drawingId),
      cause: "other",
      reason: "Declined the prize",
    };
    expect((await post(declined)).status).toBe(302);
    // The desks' live stream marker moved on with the redraw, so every desk loads the page again.
    const after = await call(route.loader as RouteFunction, makeRequest(path, { cookie }));
    expect((after.data as { marker: number }).marker).toBeGreaterThan((desk.data as { marker: number }).marker);
    const [voided] = await db
      .select()
      .from(raffle_drawing)
      .where(eq(raffle_drawing.raffle_drawing_id, first.drawingId));
    expect(voided).toMatchObject({ is_void: true, void_reason: "Declined the prize" });

    // The rules decide who may win: the desk's staff read them and cannot change them between draws.
    const rules = { intent: "licence", licence: "RL-2291", must_be_present: "yes" };
    expect((desk.data as { canSetRules: boolean }).canSetRules).toBe(false);
    expect((await post(rules)).status).toBe(403);
    expect((await call(route.loader as RouteFunction, makeRequest(path, { cookie }))).data).toMatchObject({
      mustBePresent: false,
      licence: null,
    });

    // Once an event admin says winners must be present, an absent winner's prize is drawn again: a second redraw, by
    // an event admin (the desk's own staff drew it again once already).
    const admin = await makeUser(db, { selected_event: eventId });
    await giveRole(db, admin.usr_id, eventId, teamRole("can_bill", "can_configure_event"));
    const adminCookie = await sessionCookie(admin.usr_id);
    const asAdmin = (form: Record<string, string>) =>
      call(route.action as RouteFunction, makeRequest(path, { cookie: adminCookie, form }));
    expect(
      (
        (await call(route.loader as RouteFunction, makeRequest(path, { cookie: adminCookie }))).data as {
          canSetRules: boolean;
        }
      ).canSetRules,
    ).toBe(true);
    expect((await asAdmin(rules)).status).toBe(302);
    expect((await call(guestRoute.loader as RouteFunction, makeRequest(`/raffle?id=${eventId}`))).data).toMatchObject({
      mustBePresent: true,
      licence: "RL-2291",
    });
    const [second] = await standing();
    const again = await asAdmin({ intent: "redraw", drawing: String(second.raffle_drawing_id), cause: "absent" });
    expect(again.status).toBe(302);
    const [voidedAgain] = await db
      .select()
      .from(raffle_drawing)
      .where(eq(raffle_drawing.raffle_drawing_id, second.raffle_drawing_id));
    expect(voidedAgain).toMatchObject({ is_void: true, void_reason: "Winner not present" });
  });

  it("lets bid spotters and billing use the desk, checked on the server in the loader and the action", async () => {
    const make = async (...permissions: Parameters<typeof teamRole>) => {
      const person = await makeUser(db, { selected_event: eventId });
      await giveRole(db, person.usr_id, eventId, teamRole(...permissions));
      return sessionCookie(person.usr_id);
    };
    const spotter = await make("can_bid");
    const viewer = await make("can_view_stats");
    const path = `/admin/bids/raffle?id=${eventId}`;
    expect((await call(route.loader as RouteFunction, makeRequest(path, { cookie: spotter }))).status).toBe(200);
    expect((await call(route.loader as RouteFunction, makeRequest(path, { cookie: viewer }))).status).toBe(403);
    const draw = (cookie: string) =>
      call(
        route.action as RouteFunction,
        makeRequest(path, { cookie, form: { intent: "draw", prize: String(prizeId) } }),
      );
    expect((await draw(viewer)).status).toBe(403);
    // No tickets yet: refused beside the prize's Draw button, nothing drawn.
    const refused = await draw(await make("can_bill"));
    expect(refused).toMatchObject({ status: 400, data: { formId: `draw-${prizeId}` } });
    expect(
      await db
        .select()
        .from(raffle_drawing)
        .where(and(eq(raffle_drawing.raffle_id, raffleId))),
    ).toHaveLength(0);
  });

  it("sells to a signed-in guest on /raffle, and sends a visitor to sign in first", async () => {
    const guest = await makeUser(db);
    const path = `/raffle?id=${eventId}`;
    const form = { bundle: String(five), submission: "guest-submission-1", step: "confirm" };
    const visitor = await call(guestRoute.action as RouteFunction, makeRequest(path, { form }));
    expect(visitor.status).toBe(302);
    expect(visitor.location).toMatch(/^\/auth\/sign-in/);
    const cookie = await sessionCookie(guest.usr_id);
    const bought = await call(guestRoute.action as RouteFunction, makeRequest(path, { cookie, form }));
    expect(bought).toMatchObject({
      status: 302,
      location: `/raffle?id=${eventId}&bought=${raffleId}&numbers=1,2,3,4,5`,
    });
    const page = await call(guestRoute.loader as RouteFunction, makeRequest(bought.location!, { cookie }));
    expect(page.data).toMatchObject({ bought: { raffleTitle: "Golden ticket", numbers: [1, 2, 3, 4, 5] } });
  });
  it("records a guest's own tickets under their paddle, so the desk's sales show it", async () => {
    const guest = await makeBidder(db, eventId);
    await sellRaffleTickets(eventId, {
      bundleId: single,
      buyer: { usrId: guest.usrId },
      submissionKey: "own",
      byUsrId: guest.usrId,
    });
    const [sale] = await db.select().from(raffle_purchase).where(eq(raffle_purchase.raffle_id, raffleId));
    expect(sale).toMatchObject({ usr_id: guest.usrId, paddle: guest.paddle, source: "guest" });
  });

  it("lets the desk draw a prize again once; a second redraw needs an event admin, and the log and the room's screens say who redrew (issue 32, finding 10)", async () => {
    const make = async (first: string, ...permissions: Parameters<typeof teamRole>) => {
      const person = await makeUser(db, { selected_event: eventId, first_name: first, last_name: "Reyes" });
      await giveRole(db, person.usr_id, eventId, teamRole(...permissions));
      return sessionCookie(person.usr_id);
    };
    const spotter = await make("Sam", "can_bid");
    const admin = await make("Ada", "can_bill", "can_configure_event");
    const path = `/admin/bids/raffle?id=${eventId}`;
    const post = (cookie: string, form: Record<string, string>) =>
      call(route.action as RouteFunction, makeRequest(path, { cookie, form }));
    const buyers = await Promise.all([1, 2].map(() => makeBidder(db, eventId)));
    for (const [index, buyer] of buyers.entries())
      await sellRaffleTickets(eventId, {
        bundleId: five,
        buyer: { paddle: buyer.paddle },
        submissionKey: `r${index}`,
        byUsrId: staffId,
      });
    const standing = async () => {
      const [row] = await db
        .select()
        .from(raffle_drawing)
        .where(and(eq(raffle_drawing.raffle_prize_id, prizeId), eq(raffle_drawing.is_void, false)));
      return row;
    };
    expect((await post(spotter, { intent: "draw", prize: String(prizeId) })).status).toBe(302);
    const redraw = async (cookie: string, reason: string) =>
      post(cookie, { intent: "redraw", drawing: String((await standing()).raffle_drawing_id), cause: "other", reason });

    // The first redraw: the desk's own permission, as before.
    expect((await redraw(spotter, "Declined the prize")).status).toBe(302);
    const afterFirst = await standing();
    // A second: refused to the spotter with a message above the form, nothing voided or drawn.
    const refused = await redraw(spotter, "Declined too");
    expect(refused).toMatchObject({
      status: 400,
      data: {
        formId: `redraw-${afterFirst.raffle_drawing_id}`,
        error: { "": [SECOND_REDRAW_REFUSAL] },
      },
    });
    expect(await standing()).toEqual(afterFirst);
    expect(await db.select().from(raffle_drawing).where(eq(raffle_drawing.raffle_prize_id, prizeId))).toHaveLength(2);
    // By an event admin it goes, and so does a third.
    expect((await redraw(admin, "Declined too")).status).toBe(302);
    expect((await redraw(admin, "Ticket not paid")).status).toBe(302);

    // The draw log says each redraw, by whom, and who voided what.
    const desk = (await call(route.loader as RouteFunction, makeRequest(path, { cookie: spotter }))).data as {
      log: Array<{
        isRedraw: boolean;
        drawnBy: string | null;
        isVoid: boolean;
        voidReason: string | null;
        voidedBy: string | null;
      }>;
    };
    expect(
      desk.log.map(({ isRedraw, drawnBy, isVoid, voidReason, voidedBy }) => ({
        isRedraw,
        drawnBy,
        isVoid,
        voidReason,
        voidedBy,
      })),
    ).toEqual([
      { isRedraw: true, drawnBy: "Ada Reyes", isVoid: false, voidReason: null, voidedBy: null },
      { isRedraw: true, drawnBy: "Ada Reyes", isVoid: true, voidReason: "Ticket not paid", voidedBy: "Ada Reyes" },
      { isRedraw: true, drawnBy: "Sam Reyes", isVoid: true, voidReason: "Declined too", voidedBy: "Ada Reyes" },
      { isRedraw: false, drawnBy: "Sam Reyes", isVoid: true, voidReason: "Declined the prize", voidedBy: "Sam Reyes" },
    ]);
    // The room's screens: the winner shown was drawn again, by Ada.
    const state = await readMonitorState(db, eventId);
    expect(state!.raffleWinners).toMatchObject([{ prize: "Weekend in Napa", redrawnBy: "Ada Reyes" }]);
    // …and the screens render it: the monitor's winners panel, the desk's draw log.
    const monitor = renderToStaticMarkup(createElement(RaffleWinnersPanel, { winners: state!.raffleWinners }));
    expect(monitor).toContain("drawn again by Ada Reyes");
    const logHtml = renderToStaticMarkup(createElement(DrawLog, { log: desk.log as never }));
    expect(logHtml).toContain("Redraw by Ada Reyes");
    expect(logHtml).toContain("Void: Declined too (voided by Ada Reyes)");
  });
});
