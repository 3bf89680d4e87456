/**
 * A send to guests (/admin/auction_items/email_page/guests): the team chooses who, email or text, and writes the
 * message; it is written to the outbox in one transaction (one row per recipient, under one message_broadcast), so a
 * send that was interrupted carries on when the app is back, and its progress and each recipient's delivery are read
 * from the outbox.
 */
import { and, asc, count, desc, eq, sql, type SQL } from "drizzle-orm";
import { selectRows } from "~/db/rows.server";
import { db } from "~/db.server";
import { Refusal } from "~/forms/refusal";
import { message, message_broadcast, tbl } from "~drizzle/schema";
import {
  broadcastReach,
  SKIP_REASONS,
  skippedSummary,
  type Recipient,
  type SkippedRecipient,
} from "./broadcast-reach.server";
import { loadEventMessaging } from "./message-context.server";
import { enqueueMessages } from "./outbox.server";
import { assertWithinSendingLimit } from "./sending-limits.server";
import { fill, renderEmailTemplate, renderTextTemplate } from "./templates";
import type { Audience } from "./message-forms";

/**
 * What messaging asks of the products above it to know an audience: billing says who owes what. The route passes it
 * in, since messages sit below billing (docs/decisions/023-messages-outbox.md).
 */
export interface AudienceSources {
  guestsWithBalance(eventId: number): Promise<number[]>;
}

/** Who an audience is, one row per person (a guest registered twice is one recipient). */
export async function audienceRecipients(
  eventId: number,
  audience: Audience,
  tblId: number | null,
  sources: AudienceSources,
) {
  const accountsOf = (filter: SQL) =>
    selectRows<Recipient>(
      db,
      sql`select u.usr_id as "usrId", trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) as name,
        coalesce(u.first_name, '') as "firstName", u.email_address as email, u.phone
      from usr u
      where ${filter}
      order by u.last_name, u.first_name, u.usr_id`,
    );
  const owing = audience === "winners_with_balance" ? await sources.guestsWithBalance(eventId) : [];
  const rows =
    audience === "bidders"
      ? await accountsOf(sql`u.usr_id in (select p.usr_id from usr_event_paddle p where p.event_id = ${eventId})`)
      : audience === "winners_with_balance"
        ? owing.length === 0
          ? []
          : await accountsOf(sql`u.usr_id in (${sql.join(owing, sql`, `)})`)
        : await selectRows<Recipient>(
            db,
            sql`select distinct on (coalesce(r.usr_id::text, lower(r.email), r.phone, r.registrant_id::text))
            r.usr_id as "usrId", coalesce(r.name, '') as name, coalesce(r.first_name, r.name, '') as "firstName",
            coalesce(r.email, u.email_address) as email, coalesce(r.phone, u.phone) as phone
          from registrant r left join usr u on u.usr_id = r.usr_id
          where r.event_id = ${eventId} and r.name is not null
            ${audience === "not_checked_in" ? sql`and r.checked_in_at is null` : sql``}
            ${audience === "table" ? sql`and r.tbl_id = ${tblId ?? -1}` : sql``}
          order by coalesce(r.usr_id::text, lower(r.email), r.phone, r.registrant_id::text), r.registrant_id`,
          );
  return rows;
}

export async function tablesOf(eventId: number) {
  return db
    .select({ id: tbl.tbl_id, name: tbl.name })
    .from(tbl)
    .where(eq(tbl.event_id, eventId))
    .orderBy(asc(tbl.display_order), asc(tbl.name));
}

export interface BroadcastDraft {
  audience: Audience;
  tbl_id: string | null;
  channel: "email" | "text";
  subject: string | null;
  body: string;
}

async function reachOf(eventId: number, draft: BroadcastDraft, sources: AudienceSources) {
  const recipients = await audienceRecipients(
    eventId,
    draft.audience,
    draft.tbl_id ? Number(draft.tbl_id) : null,
    sources,
  );
  if (recipients.length === 0) throw new Refusal("Nobody is in this audience yet.", "audience");
  const messaging = await loadEventMessaging(db, eventId);
  if (!messaging) throw new Response("There is no such event.", { status: 404 });
  return {
    messaging,
    audienceSize: recipients.length,
    ...(await broadcastReach(db, messaging, draft.channel, recipients)),
  };
}

/** Why nobody would get it: said above the form, nothing written. */
function nobodyReached(skipped: SkippedRecipient[]) {
  const why = skippedSummary(skipped)
    .map((entry) => `${entry.reason} (${entry.count})`)
    .join(", ");
  return new Refusal(`Nobody in this audience can get it: ${why}.`, "audience");
}

/** How many of the skipped a preview names; the rest are counted. */
const SKIPPED_NAMED = 100;

/**
 * The message as the first recipient who will get it sees it, how many will really get it, and who will not and why
 * ("no consent to texts"), before anything is sent.
 */
export async function previewBroadcast(eventId: number, draft: BroadcastDraft, sources: AudienceSources) {
  const { messaging, receiving, skipped, audienceSize } = await reachOf(eventId, draft, sources);
  const first = receiving[0];
  if (!first) throw nobodyReached(skipped);
  const values = personalValues(draft, first, messaging.branding.eventTitle);
  return {
    audienceSize,
    recipientCount: receiving.length,
    skippedCount: skipped.length,
    skippedReasons: skippedSummary(skipped),
    skippedNamed: skipped.slice(0, SKIPPED_NAMED).map((one) => ({ name: one.name, reason: SKIP_REASONS[one.reason] })),
    recipient: first.name || first.email || first.phone || "A guest",
    email: draft.channel === "email" ? renderEmailTemplate("broadcast", values, messaging.branding) : null,
    text: draft.channel === "text" ? renderTextTemplate("broadcast", values) : null,
  };
}

function personalValues(draft: BroadcastDraft, recipient: Recipient, eventTitle: string) {
  const names = { first_name: recipient.firstName || "there", event: eventTitle };
  return { ...names, subject: fill(draft.subject ?? "", names), message: fill(draft.body, names) };
}

/**
 * Writes the send to the outbox, one message to each guest who will get it (those the preview counted; the skipped
 * are not written); returns its id, how many it went to and how many were skipped.
 */
export async function sendBroadcast(
  eventId: number,
  usrId: number,
  draft: BroadcastDraft,
  sources: AudienceSources,
): Promise<{ id: number; recipientCount: number; skippedCount: number }> {
  const { messaging, receiving, skipped } = await reachOf(eventId, draft, sources);
  if (receiving.length === 0) throw nobodyReached(skipped);
  const id = await db.transaction(async (tx) => {
    await assertWithinSendingLimit(tx, { eventId, usrId, adding: receiving.length });
    const [broadcast] = await tx
      .insert(message_broadcast)
      .values({
        event_id: eventId,
        audience: draft.audience,
        tbl_id: draft.tbl_id ? Number(draft.tbl_id) : null,
        channel: draft.channel,
        subject: draft.subject,
        body: draft.body,
        recipient_count: receiving.length,
        sent_by_usr_id: usrId,
      })
      .returning({ id: message_broadcast.message_broadcast_id });
    await enqueueMessages(
      tx,
      receiving.map((recipient, index) => {
        const values = personalValues(draft, recipient, messaging.branding.eventTitle);
        return {
          event_id: eventId,
          template: "broadcast" as const,
          channel: draft.channel,
          to:
            recipient.usrId !== null
              ? { usr_id: recipient.usrId }
              : draft.channel === "email"
                ? { email: recipient.email ?? "" }
                : { phone: recipient.phone ?? "" },
          data: { subject: values.subject, message: values.message },
          idempotency_key: `broadcast:${broadcast.id}:${index}`,
          sent_by_usr_id: usrId,
          broadcast_id: broadcast.id,
        };
      }),
    );
    return broadcast.id;
  });
  return { id, recipientCount: receiving.length, skippedCount: skipped.length };
}

/** The event's sends, newest first, with how far each has got. */
export async function listBroadcasts(eventId: number) {
  const broadcasts = await db
    .select()
    .from(message_broadcast)
    .where(eq(message_broadcast.event_id, eventId))
    .orderBy(desc(message_broadcast.message_broadcast_id))
    .limit(20);
  const tallies = await db
    .select({ broadcastId: message.broadcast_id, status: message.status, n: count() })
    .from(message)
    .where(and(eq(message.event_id, eventId), sql`${message.broadcast_id} is not null`))
    .groupBy(message.broadcast_id, message.status);
  return broadcasts.map((broadcast) => {
    const byStatus: Record<string, number> = {};
    for (const tally of tallies)
      if (tally.broadcastId === broadcast.message_broadcast_id) byStatus[tally.status] = tally.n;
    return {
      id: broadcast.message_broadcast_id,
      audience: broadcast.audience,
      channel: broadcast.channel,
      subject: broadcast.subject,
      body: broadcast.body,
      createdAt: broadcast.created_at,
      total: broadcast.recipient_count,
      queued: (byStatus.queued ?? 0) + (byStatus.sending ?? 0),
      sent: byStatus.sent ?? 0,
      failed: byStatus.failed ?? 0,
      skipped: byStatus.skipped ?? 0,
    };
  });
}

/** Each recipient of one send: who, and what became of their message. */
export async function broadcastDeliveries(eventId: number, broadcastId: number) {
  return selectRows<{ id: number; to: string; status: string; reason: string | null; attempts: number }>(
    db,
    sql`select m.message_id as id,
      coalesce(nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''), m.to_email, m.to_phone, u.email_address) as "to",
      m.status, m.last_error as reason, m.attempt_count as attempts
    from message m left join usr u on u.usr_id = m.to_usr_id
    where m.event_id = ${eventId} and m.broadcast_id = ${broadcastId}
    order by m.message_id`,
  );
}
