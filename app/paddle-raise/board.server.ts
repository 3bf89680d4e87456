/**
 * What the room sees of a paddle raise: its goal and running total, the count at each level, the recent gifts
 * (first names, or "Anonymous" as the guest chose), and for staff the whole log of entries. Only "pledged" rows
 * count; cancelled and replaced ones stay in the log.
 */
import { and, asc, desc, eq, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { paddle_raise, paddle_raise_level, pledge, registrant, usr } from "~drizzle/schema";
import type { Database } from "~/db/connection.server";

const counted = eq(pledge.status, "pledged");

export interface RaiseSummary {
  id: number;
  title: string;
  description: string | null;
  goal: number | null;
  isActive: boolean;
  total: number;
  count: number;
}

/** The event's paddle raises with their totals, in display order; open ones first. */
export async function raiseSummaries(db: Database, eventId: number): Promise<RaiseSummary[]> {
  const rows = await db
    .select({
      id: paddle_raise.paddle_raise_id,
      title: paddle_raise.title,
      description: paddle_raise.description,
      goal: paddle_raise.goal,
      isActive: paddle_raise.is_active,
      total: sql<number>`coalesce(sum(${pledge.amount}) filter (where ${counted}), 0)::int`,
      count: sql<number>`(count(${pledge.pledge_id}) filter (where ${counted}))::int`,
    })
    .from(paddle_raise)
    .leftJoin(pledge, eq(pledge.paddle_raise_id, paddle_raise.paddle_raise_id))
    .where(eq(paddle_raise.event_id, eventId))
    .groupBy(paddle_raise.paddle_raise_id)
    .orderBy(desc(paddle_raise.is_active), asc(paddle_raise.display_order), asc(paddle_raise.paddle_raise_id));
  return rows;
}

export interface LevelCount {
  amount: number;
  label: string | null;
  count: number;
}

/** The raise's levels, highest first, with how many pledges each has. */
export async function levelCounts(db: Database, raiseId: number): Promise<LevelCount[]> {
  return db
    .select({
      amount: paddle_raise_level.amount,
      label: paddle_raise_level.label,
      count: sql<number>`(count(${pledge.pledge_id}))::int`,
    })
    .from(paddle_raise_level)
    .leftJoin(pledge, and(eq(pledge.paddle_raise_id, raiseId), eq(pledge.amount, paddle_raise_level.amount), counted))
    .where(eq(paddle_raise_level.paddle_raise_id, raiseId))
    .groupBy(paddle_raise_level.paddle_raise_level_id)
    .orderBy(desc(paddle_raise_level.amount));
}

export interface RecentGift {
  pledgeId: number;
  name: string;
  amount: number;
  at: string;
}

/**
 * The guest registered under the pledge's paddle, for a pledge with no account behind it (the first guest with the
 * number: a couple may share one).
 */
const guestOfPaddle = (field: SQL) =>
  sql<string | null>`(select ${field} from ${registrant}
    where ${registrant.event_id} = ${pledge.event_id} and ${registrant.paddle} = ${pledge.paddle}
    order by ${registrant.registrant_id} limit 1)`;
const guestFirstName = guestOfPaddle(
  sql`coalesce(nullif(${registrant.first_name}, ''), nullif(${registrant.name}, ''))`,
);
const guestFullName = guestOfPaddle(
  sql`coalesce(nullif(trim(coalesce(${registrant.first_name}, '') || ' ' || coalesce(${registrant.last_name}, '')), ''), nullif(${registrant.name}, ''))`,
);

/** The name a pledge shows on the room's screens: the giver's first name, or "Anonymous". */
const shownName = sql<string>`case when ${pledge.is_anonymous} then 'Anonymous'
  else coalesce(nullif(${usr.first_name}, ''), ${guestFirstName}, 'Paddle ' || ${pledge.paddle}) end`;

/** The latest gifts that count, newest first. */
export async function recentGifts(db: Database, raiseId: number, limit = 8): Promise<RecentGift[]> {
  const rows = await db
    .select({ pledgeId: pledge.pledge_id, name: shownName, amount: pledge.amount, at: pledge.created_at })
    .from(pledge)
    .leftJoin(usr, eq(usr.usr_id, pledge.usr_id))
    .where(and(eq(pledge.paddle_raise_id, raiseId), counted))
    .orderBy(desc(pledge.created_at), desc(pledge.pledge_id))
    .limit(limit);
  return rows.map((row) => ({ ...row, at: row.at.toISOString() }));
}

export interface PledgeLogEntry {
  pledgeId: number;
  paddle: number | null;
  name: string;
  amount: number;
  status: string;
  source: string;
  isAnonymous: boolean;
  enteredBy: string | null;
  at: string;
  replacesPledgeId: number | null;
  changedBy: string | null;
  changedAt: string | null;
  changeReason: string | null;
}

const enterer = alias(usr, "enterer");
const changer = alias(usr, "changer");
const personName = (person: { first_name: AnyColumn; last_name: AnyColumn }) =>
  sql<string | null>`nullif(trim(coalesce(${person.first_name}, '') || ' ' || coalesce(${person.last_name}, '')), '')`;

/** Every entry of the raise, newest first, with who entered and who changed it (the staff's log). */
export async function pledgeLog(db: Database, raiseId: number, limit = 500): Promise<PledgeLogEntry[]> {
  const rows = await db
    .select({
      pledgeId: pledge.pledge_id,
      paddle: pledge.paddle,
      name: sql<string>`coalesce(${personName(usr)}, ${guestFullName}, 'Paddle ' || ${pledge.paddle})`,
      amount: pledge.amount,
      status: pledge.status,
      source: pledge.source,
      isAnonymous: pledge.is_anonymous,
      enteredBy: personName(enterer),
      at: pledge.created_at,
      replacesPledgeId: pledge.replaces_pledge_id,
      changedBy: personName(changer),
      changedAt: pledge.changed_at,
      changeReason: pledge.change_reason,
    })
    .from(pledge)
    .leftJoin(usr, eq(usr.usr_id, pledge.usr_id))
    .leftJoin(enterer, eq(enterer.usr_id, pledge.entered_by_usr_id))
    .leftJoin(changer, eq(changer.usr_id, pledge.changed_by_usr_id))
    .where(eq(pledge.paddle_raise_id, raiseId))
    .orderBy(desc(pledge.pledge_id))
    .limit(limit);
  return rows.map((row) => ({
    ...row,
    at: row.at.toISOString(),
    changedAt: row.changedAt?.toISOString() ?? null,
  }));
}
