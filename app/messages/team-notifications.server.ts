/**
 * The team's notifications: each notify_* flag of usr_event_role names a kind of news, and every team member of the
 * event with that flag gets an email about it, written in the transaction of the change (one statement).
 */
import { sql } from "drizzle-orm";
import type { TemplateName } from "./templates";
import type { Database, Transaction } from "~/db/connection.server";

export const TEAM_NOTIFICATIONS = {
  notify_registration: "team_registration",
  notify_form_submit: "team_form_submit",
  notify_event_status: "team_event_status",
  notify_buy_now: "team_buy_now",
  notify_low_inventory: "team_low_inventory",
  notify_content_change: "team_content_change",
} as const satisfies Record<string, TemplateName>;

export type NotifyFlag = keyof typeof TEAM_NOTIFICATIONS;

export async function notifyTeam<F extends NotifyFlag>(
  tx: Transaction | Database,
  input: {
    eventId: number;
    flag: F;
    template: (typeof TEAM_NOTIFICATIONS)[F];
    /** What happened, unique for it (a payment id, a bid id): each team member hears of it once. */
    key: string;
    data: Record<string, string | number | null>;
    /** The team member who made the change: they know already. */
    exceptUsrId?: number;
  },
): Promise<void> {
  // The flag is one of the six column names above (checked by the type and the map), never the caller's text.
  const column = sql.identifier(Object.keys(TEAM_NOTIFICATIONS).find((flag) => flag === input.flag)!);
  await tx.execute(sql`
    insert into message (event_id, template, channel, to_usr_id, data, idempotency_key)
    select ${input.eventId}, ${input.template}, 'email', r.usr_id, ${JSON.stringify(input.data)}::jsonb,
      ${`${input.template}:${input.key}:`} || r.usr_id
    from usr_event_role r
    where r.event_id = ${input.eventId} and r.is_team_member and r.${column}
      and r.usr_id <> ${input.exceptUsrId ?? -1}
    on conflict (idempotency_key) do nothing`);
}

/**
 * Where stock counts as running low: a tenth of it, and at least the last one. A sale that crosses the line tells
 * the team members with notify_low_inventory once per thing sold (later sales below the line are not news).
 */
export function lowStockLine(stock: number): number {
  return Math.max(1, Math.ceil(stock / 10));
}

export async function notifyTeamIfRunningLow(
  tx: Transaction,
  input: {
    eventId: number;
    /** What is sold and its id ("ticket:12", "item:40"): the notice's key. */
    thing: string;
    title: string;
    stock: number;
    leftBefore: number;
    leftAfter: number;
    link: string;
  },
): Promise<void> {
  const line = lowStockLine(input.stock);
  if (input.leftBefore <= line || input.leftAfter > line) return;
  await notifyTeam(tx, {
    eventId: input.eventId,
    flag: "notify_low_inventory",
    template: "team_low_inventory",
    key: `low:${input.thing}`,
    data: { item: input.title, remaining: input.leftAfter, link: input.link },
  });
}
