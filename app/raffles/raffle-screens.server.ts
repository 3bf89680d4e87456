/**
 * What the raffle screens show: the staff desk (/admin/bids/raffle: sell, draw, the draw log), the guest's page
 * (/raffle: buy tickets, see their numbers) and the monitors (the latest winner).
 */
import { and, asc, desc, eq, inArray, max, sql } from "drizzle-orm";
import { db } from "~/db.server";
import { richTextToPlainText, sanitizeRichText } from "~/rich-text/sanitize.server";
import { formatInZone } from "~/ui/zoned-time";
import {
  event,
  raffle,
  raffle_drawing,
  raffle_prize,
  raffle_purchase,
  raffle_ticket,
  raffle_ticket_bundle,
  usr,
} from "~drizzle/schema";
import type { PgSelect } from "drizzle-orm/pg-core";
import type { Database } from "~/db/connection.server";

const personName = sql<
  string | null
>`nullif(trim(coalesce(${usr.first_name}, '') || ' ' || coalesce(${usr.last_name}, '')), '')`;

async function eventBasics(eventId: number) {
  const [row] = await db
    .select({
      currency: event.currency,
      timeZone: event.timezone,
      title: event.title,
      licence: event.raffle_licence_number,
      mustBePresent: event.raffle_must_be_present,
    })
    .from(event)
    .where(eq(event.event_id, eventId));
  if (!row) throw new Response("This event no longer exists.", { status: 404 });
  return row;
}

/** The event's raffles with their bundles, prizes and tickets sold. */
async function rafflesOf(eventId: number) {
  const raffles = await db
    .select({
      id: raffle.raffle_id,
      title: raffle.title,
      description: raffle.description,
      status: raffle.status,
      drawAt: raffle.draw_date_time,
      sold: sql<number>`(select count(*) from raffle_ticket where raffle_ticket.raffle_id = ${raffle.raffle_id})::int`,
    })
    .from(raffle)
    .where(eq(raffle.event_id, eventId))
    .orderBy(asc(raffle.raffle_id));
  const ids = raffles.map((row) => row.id);
  const [bundles, prizes] = ids.length
    ? await Promise.all([
        db
          .select({
            id: raffle_ticket_bundle.raffle_ticket_bundle_id,
            raffleId: raffle_ticket_bundle.raffle_id,
            quantity: raffle_ticket_bundle.quantity,
            price: raffle_ticket_bundle.price,
          })
          .from(raffle_ticket_bundle)
          .where(inArray(raffle_ticket_bundle.raffle_id, ids))
          .orderBy(asc(raffle_ticket_bundle.quantity)),
        db
          .select({
            id: raffle_prize.raffle_prize_id,
            raffleId: raffle_prize.raffle_id,
            title: raffle_prize.title,
            value: raffle_prize.value,
          })
          .from(raffle_prize)
          .where(inArray(raffle_prize.raffle_id, ids))
          .orderBy(asc(raffle_prize.display_order), asc(raffle_prize.raffle_prize_id)),
      ])
    : [[], []];
  return raffles.map((row) => ({
    ...row,
    bundles: bundles.filter((bundle) => bundle.raffleId === row.id),
    prizes: prizes.filter((prize) => prize.raffleId === row.id),
  }));
}

/** A team member's name (or email) by their id, for the draw log and the screens: who drew, who voided. */
const staffName = (id: typeof raffle_drawing.drawn_by | typeof raffle_drawing.voided_by) =>
  sql<
    string | null
  >`(select coalesce(nullif(trim(coalesce(d.first_name, '') || ' ' || coalesce(d.last_name, '')), ''), d.email_address) from usr d where d.usr_id = ${id})`;

/**
 * Every drawing of the event's raffles, newest first: the audit log, with who won and who drew; a redraw says so
 * (the drawing it replaces) and a void drawing says why and by whom.
 */
async function drawLog(eventId: number, timeZone: string) {
  const drawer = staffName(raffle_drawing.drawn_by);
  const rows = await drawnTickets(
    db
      .select({
        id: raffle_drawing.raffle_drawing_id,
        raffleId: raffle_drawing.raffle_id,
        prizeId: raffle_drawing.raffle_prize_id,
        prize: raffle_prize.title,
        ticketNumber: raffle_drawing.ticket_number,
        paddle: raffle_purchase.paddle,
        winner: sql<string>`coalesce(${personName}, ${usr.email_address}, 'Paddle ' || ${raffle_purchase.paddle})`,
        isVoid: raffle_drawing.is_void,
        voidReason: raffle_drawing.void_reason,
        voidedBy: staffName(raffle_drawing.voided_by),
        isRedraw: sql<boolean>`${raffle_drawing.replaces_drawing_id} is not null`,
        seed: raffle_drawing.seed,
        eligible: raffle_drawing.eligible_ticket_numbers,
        pickedIndex: raffle_drawing.picked_index,
        drawnBy: drawer,
        at: raffle_drawing.created_at,
      })
      .from(raffle_drawing)
      .$dynamic(),
  )
    .where(eq(raffle.event_id, eventId))
    .orderBy(desc(raffle_drawing.raffle_drawing_id));
  return rows.map(({ eligible, ...row }) => ({
    ...row,
    eligibleCount: eligible?.length ?? 0,
    eligible: (eligible ?? []).join(", "),
    at: formatInZone(row.at, timeZone),
  }));
}

export async function raffleDesk(eventId: number) {
  const basics = await eventBasics(eventId);
  const [raffles, log, recent] = await Promise.all([
    rafflesOf(eventId),
    drawLog(eventId, basics.timeZone),
    db
      .select({
        id: raffle_purchase.raffle_purchase_id,
        raffle: raffle.title,
        paddle: raffle_purchase.paddle,
        guest: sql<string>`coalesce(${personName}, ${usr.email_address}, '—')`,
        quantity: raffle_purchase.quantity,
        amount: raffle_purchase.amount,
        source: raffle_purchase.source,
        first: sql<number>`(select min(ticket_number) from raffle_ticket t where t.raffle_purchase_id = ${raffle_purchase.raffle_purchase_id})::int`,
        last: sql<number>`(select max(ticket_number) from raffle_ticket t where t.raffle_purchase_id = ${raffle_purchase.raffle_purchase_id})::int`,
        at: raffle_purchase.created_at,
      })
      .from(raffle_purchase)
      .innerJoin(raffle, eq(raffle.raffle_id, raffle_purchase.raffle_id))
      .leftJoin(usr, eq(usr.usr_id, raffle_purchase.usr_id))
      .where(eq(raffle_purchase.event_id, eventId))
      .orderBy(desc(raffle_purchase.raffle_purchase_id))
      .limit(100),
  ]);
  const standing = new Map(log.filter((entry) => !entry.isVoid).map((entry) => [entry.prizeId, entry]));
  return {
    currency: basics.currency,
    licence: basics.licence,
    mustBePresent: basics.mustBePresent,
    raffles: raffles.map((row) => ({
      ...row,
      drawAt: row.drawAt ? formatInZone(row.drawAt, basics.timeZone) : null,
      prizes: row.prizes.map((prize) => ({ ...prize, drawing: standing.get(prize.id) ?? null })),
    })),
    log,
    recent: recent.map((row) => ({ ...row, at: formatInZone(row.at, basics.timeZone) })),
  };
}

/**
 * The guest's page: what is on sale, the prizes and odds, each drawn prize's winner (the name the room's screens
 * show), and the guest's own tickets. A raffle no longer on sale is still shown once a prize of it is drawn.
 */
export async function guestRafflePage(eventId: number, usrId: number | null) {
  const basics = await eventBasics(eventId);
  const [all, winners] = await Promise.all([rafflesOf(eventId), standingWinners(eventId)]);
  const raffles = all
    .map((row) => ({ ...row, onSale: row.status === "open" && row.bundles.length > 0 }))
    .filter((row) => row.onSale || row.prizes.some((prize) => winners.has(prize.id)));
  const mine = usrId
    ? await db
        .select({ raffleId: raffle_ticket.raffle_id, number: raffle_ticket.ticket_number })
        .from(raffle_ticket)
        .innerJoin(raffle_purchase, eq(raffle_purchase.raffle_purchase_id, raffle_ticket.raffle_purchase_id))
        .where(and(eq(raffle_purchase.event_id, eventId), eq(raffle_purchase.usr_id, usrId)))
        .orderBy(asc(raffle_ticket.ticket_number))
    : [];
  return {
    eventTitle: basics.title,
    currency: basics.currency,
    licence: basics.licence,
    mustBePresent: basics.mustBePresent,
    raffles: raffles.map((row) => ({
      ...row,
      // Rich text from the catalogue's editor, sanitised here.
      description:
        row.description && richTextToPlainText(row.description).trim() ? sanitizeRichText(row.description) : null,
      drawAt: row.drawAt ? formatInZone(row.drawAt, basics.timeZone) : null,
      prizes: row.prizes.map((prize) => ({ ...prize, winner: winners.get(prize.id) ?? null })),
      mine: mine.filter((ticket) => ticket.raffleId === row.id).map((ticket) => ticket.number),
    })),
  };
}

/** The standing winner of each drawn prize of the event, by prize: the ticket, and the name the screens show. */
async function standingWinners(eventId: number) {
  const rows = await drawnTickets(
    db
      .select({
        prizeId: raffle_drawing.raffle_prize_id,
        ticketNumber: raffle_ticket.ticket_number,
        first: usr.first_name,
        paddle: raffle_purchase.paddle,
      })
      .from(raffle_drawing)
      .$dynamic(),
  ).where(and(eq(raffle.event_id, eventId), eq(raffle_drawing.is_void, false)));
  return new Map(rows.map((row) => [row.prizeId, { ticketNumber: row.ticketNumber, name: shownName(row) }]));
}

/** A winner as the room's screens name them: the first name, else the paddle, never the full name or email. */
const shownName = (row: { first: string | null; paddle: number | null }) =>
  row.first || (row.paddle ? `Paddle ${row.paddle}` : "Ticket holder");

export interface RaffleWinner {
  raffle: string;
  prize: string;
  ticketNumber: number;
  name: string;
  at: string;
  /** For a redraw, the team member who drew the prize again (the room sees it was drawn again, and by whom). */
  redrawnBy: string | null;
}

/** The latest standing drawings, newest first (the monitors show the winners as they are drawn). */
export async function latestWinners(database: Database, eventId: number, limit = 3): Promise<RaffleWinner[]> {
  const rows = await drawnTickets(
    database
      .select({
        raffle: raffle.title,
        prize: raffle_prize.title,
        ticketNumber: raffle_ticket.ticket_number,
        first: usr.first_name,
        paddle: raffle_purchase.paddle,
        at: raffle_drawing.created_at,
        redrawnBy: sql<
          string | null
        >`case when ${raffle_drawing.replaces_drawing_id} is not null then coalesce(${staffName(raffle_drawing.drawn_by)}, 'the team') end`,
      })
      .from(raffle_drawing)
      .$dynamic(),
  )
    .where(and(eq(raffle.event_id, eventId), eq(raffle_drawing.is_void, false)))
    .orderBy(desc(raffle_drawing.raffle_drawing_id))
    .limit(limit);
  return rows.map((row) => ({
    raffle: row.raffle,
    prize: row.prize,
    ticketNumber: row.ticketNumber,
    name: shownName(row),
    at: row.at.toISOString(),
    redrawnBy: row.redrawnBy,
  }));
}

export async function saveRaffleRules(eventId: number, rules: { licence: string | null; mustBePresent: boolean }) {
  await db
    .update(event)
    .set({ raffle_licence_number: rules.licence, raffle_must_be_present: rules.mustBePresent })
    .where(eq(event.event_id, eventId));
}

/**
 * What the desk's live stream compares with the page it loaded: the latest sale and drawing. Both ids only grow and
 * every sale, draw and redraw adds a row, so their sum grows with each of them.
 */
export async function raffleDeskMarker(database: Database, eventId: number) {
  const [[sales], [draws]] = await Promise.all([
    database
      .select({ last: max(raffle_purchase.raffle_purchase_id) })
      .from(raffle_purchase)
      .where(eq(raffle_purchase.event_id, eventId)),
    database
      .select({ last: max(raffle_drawing.raffle_drawing_id) })
      .from(raffle_drawing)
      .innerJoin(raffle, eq(raffle.raffle_id, raffle_drawing.raffle_id))
      .where(eq(raffle.event_id, eventId)),
  ]);
  return { marker: (sales?.last ?? 0) + (draws?.last ?? 0) };
}

/** Drawings with their raffle, prize and ticket, the ticket's purchase, and its buyer when they have an account. */
function drawnTickets<Query extends PgSelect>(query: Query) {
  return query
    .innerJoin(raffle, eq(raffle.raffle_id, raffle_drawing.raffle_id))
    .innerJoin(raffle_prize, eq(raffle_prize.raffle_prize_id, raffle_drawing.raffle_prize_id))
    .innerJoin(raffle_ticket, eq(raffle_ticket.raffle_ticket_id, raffle_drawing.raffle_ticket_id))
    .innerJoin(raffle_purchase, eq(raffle_purchase.raffle_purchase_id, raffle_ticket.raffle_purchase_id))
    .leftJoin(usr, eq(usr.usr_id, raffle_purchase.usr_id));
}
