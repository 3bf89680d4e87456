/**
 * Writing to the outbox (docs/decisions/023-messages-outbox.md). A message is written in the transaction of the change
 * that causes it: a rolled-back change sends nothing, a committed one is never lost. The workers
 * (worker.server.ts) send it afterwards. The same idempotency key written twice keeps the first message.
 */
import { sql } from "drizzle-orm";
import { message } from "~drizzle/schema";
import type { TemplateName } from "./templates";
import type { Database, Transaction } from "~/db/connection.server";

export type MessageChannel = "email" | "text";
export type Recipient = { usr_id: number } | { email: string } | { phone: string };

export interface OutboxMessage {
  event_id: number;
  template: TemplateName;
  to: Recipient;
  channel: MessageChannel;
  /** The template's values that the worker cannot look up itself (amounts, names, links); JSON. */
  data?: Record<string, string | number | boolean | null>;
  /** Unique across all messages: the same key twice keeps the first (a retry of the change sends once). */
  idempotency_key: string;
  /** A team member who wrote it: counted by the hourly sending limit. */
  sent_by_usr_id?: number | null;
  /** A send to guests that this message belongs to. */
  broadcast_id?: number | null;
  /** Files to attach to an email (a receipt's PDF), kept with the message until it is sent. */
  attachments?: OutboxAttachment[];
}

export interface OutboxAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** Where a message's files are kept in its data (base64), read back by the worker. */
export const ATTACHMENTS_KEY = "__attachments";

function dataOf(outgoing: OutboxMessage) {
  if (!outgoing.attachments?.length) return outgoing.data ?? {};
  return {
    ...outgoing.data,
    [ATTACHMENTS_KEY]: outgoing.attachments.map((file) => ({
      filename: file.filename,
      contentType: file.contentType,
      base64: file.content.toString("base64"),
    })),
  };
}

/** Writes one message in the caller's transaction; false when a message with this key exists already. */
export async function enqueueMessage(tx: Transaction | Database, outgoing: OutboxMessage): Promise<boolean> {
  const written = await tx
    .insert(message)
    .values({
      event_id: outgoing.event_id,
      template: outgoing.template,
      channel: outgoing.channel,
      to_usr_id: "usr_id" in outgoing.to ? outgoing.to.usr_id : null,
      to_email: "email" in outgoing.to ? outgoing.to.email : null,
      to_phone: "phone" in outgoing.to ? outgoing.to.phone : null,
      data: dataOf(outgoing),
      idempotency_key: outgoing.idempotency_key,
      sent_by_usr_id: outgoing.sent_by_usr_id ?? null,
      broadcast_id: outgoing.broadcast_id ?? null,
    })
    .onConflictDoNothing({ target: message.idempotency_key })
    .returning({ id: message.message_id });
  return written.length > 0;
}

/** Several messages in one statement (a send to guests, the team's notifications). Returns how many were new. */
export async function enqueueMessages(tx: Transaction | Database, outgoing: OutboxMessage[]): Promise<number> {
  let written = 0;
  // Batches keep one statement's parameters well under PostgreSQL's limit.
  for (let start = 0; start < outgoing.length; start += 500) {
    const rows = await tx
      .insert(message)
      .values(
        outgoing.slice(start, start + 500).map((one) => ({
          event_id: one.event_id,
          template: one.template,
          channel: one.channel,
          to_usr_id: "usr_id" in one.to ? one.to.usr_id : null,
          to_email: "email" in one.to ? one.to.email : null,
          to_phone: "phone" in one.to ? one.to.phone : null,
          data: dataOf(one),
          idempotency_key: one.idempotency_key,
          sent_by_usr_id: one.sent_by_usr_id ?? null,
          broadcast_id: one.broadcast_id ?? null,
        })),
      )
      .onConflictDoNothing({ target: message.idempotency_key })
      .returning({ id: message.message_id });
    written += rows.length;
  }
  return written;
}

/**
 * The outbid messages of a bid, in its transaction, in ONE statement (the bid path stays cheap): one per bidder who
 * lost the lead and per channel they chose for outbid messages (message_preference; email without a choice), unless
 * the event switched outbid messages off. The throttle is a true window (message_settings.outbid_window_minutes, 10
 * without settings) per bidder, item and channel, kept in outbid_window: an outbid message opens it, and every outbid
 * until it ends is counted on that window's digest instead, due when it ends ("outbid 4 more times"); the worker
 * drops the digest if the bidder leads again by then (outbid-digest.server.ts). The window is upserted first: two
 * outbids of one bidder at once queue on its row, and the second sees the window the first opened (an upsert acts
 * on the newest row, not on the statement's snapshot), so only one message goes.
 */
export async function enqueueOutbidMessages(
  tx: Transaction,
  input: { eventId: number; itemId: number; usrIds: number[]; amount: number | null; at: Date },
): Promise<void> {
  if (input.usrIds.length === 0) return;
  const at = input.at.toISOString();
  await tx.execute(sql`
    with throttle as (
      select make_interval(mins => coalesce(s.outbid_window_minutes, 10)) as window_length,
        coalesce((s.automatic ->> 'outbid')::boolean, true) as outbid_on
      from (values (1)) as one(n) left join message_settings s on s.event_id = ${input.eventId}
    ), candidate as (
      select u.usr_id, c.channel
      from unnest(${`{${input.usrIds.join(",")}}`}::int[]) as u(usr_id)
      cross join throttle t
      left join message_preference p on p.usr_id = u.usr_id and p.event_id = ${input.eventId}
      cross join (values ('email'), ('text')) as c(channel)
      where t.outbid_on
        and case coalesce(p.outbid_channel, 'email')
          when 'both' then true
          when 'none' then false
          else c.channel = coalesce(p.outbid_channel, 'email') end
    ), outbid_window_now as (
      -- A window that has ended gives way to a new one (seq + 1) opened by this outbid; else this outbid is counted.
      insert into outbid_window as w (auction_item_id, usr_id, channel, seq, opened_at, outbids_in_window)
      select ${input.itemId}::int, usr_id, channel, 1, ${at}::timestamptz, 0 from candidate
      on conflict (auction_item_id, usr_id, channel) do update set
        seq = case when w.opened_at + (select window_length from throttle) <= excluded.opened_at
          then w.seq + 1 else w.seq end,
        outbids_in_window = case when w.opened_at + (select window_length from throttle) <= excluded.opened_at
          then 0 else w.outbids_in_window + 1 end,
        opened_at = case when w.opened_at + (select window_length from throttle) <= excluded.opened_at
          then excluded.opened_at else w.opened_at end
      returning w.usr_id, w.channel, w.seq, w.outbids_in_window,
        w.opened_at + (select window_length from throttle) as closes_at
    ), opening as (
      insert into message (event_id, template, channel, to_usr_id, data, idempotency_key)
      select ${input.eventId}, 'outbid', channel, usr_id,
        jsonb_build_object('item_id', ${input.itemId}::int, 'amount_cents', ${input.amount}::int),
        'outbid:' || ${input.itemId}::int || ':' || usr_id || ':' || channel || ':w' || seq
      from outbid_window_now where outbids_in_window = 0
      on conflict (idempotency_key) do nothing
    )
    insert into message (event_id, template, channel, to_usr_id, data, idempotency_key, next_attempt_at)
    select ${input.eventId}, 'outbid_digest', channel, usr_id,
      jsonb_build_object('item_id', ${input.itemId}::int, 'outbid_count', outbids_in_window),
      'outbid_digest:' || ${input.itemId}::int || ':' || usr_id || ':' || channel || ':w' || seq,
      closes_at
    from outbid_window_now where outbids_in_window > 0
    on conflict (idempotency_key) do update
      set data = jsonb_set(message.data, '{outbid_count}', excluded.data -> 'outbid_count')
      where message.status = 'queued'`);
}

type ItemTemplate = Extract<TemplateName, "won" | "winning_at_close" | "extended">;

/**
 * Messages about an item to bidders that are not throttled (won, winning at close, extended), in one statement: an
 * email to each, and a text to those who agreed to texts for the event. The key is the template, item and bidder,
 * so an item's close that runs twice (a retry) writes each message once.
 */
export async function enqueueItemMessages(
  tx: Transaction,
  input: {
    eventId: number;
    itemId: number;
    usrIds: number[];
    template: ItemTemplate;
    amount: number | null;
    /** Part of the key: an item may be extended several times, each its own message. */
    occasion?: string;
  },
): Promise<void> {
  const { itemId, usrIds, ...rest } = input;
  await enqueueItemsMessages(tx, { ...rest, recipients: usrIds.map((usrId) => ({ itemId, usrId })) });
}

/** The same for several items of an event at once (a batch of items closing), still in one statement. */
export async function enqueueItemsMessages(
  tx: Transaction,
  input: {
    eventId: number;
    recipients: { itemId: number; usrId: number }[];
    template: ItemTemplate;
    amount: number | null;
    occasion?: string;
  },
): Promise<void> {
  if (input.recipients.length === 0) return;
  const occasion = input.occasion ? `:${input.occasion}` : "";
  const itemIds = `{${input.recipients.map((recipient) => recipient.itemId).join(",")}}`;
  const usrIds = `{${input.recipients.map((recipient) => recipient.usrId).join(",")}}`;
  await tx.execute(sql`
    insert into message (event_id, template, channel, to_usr_id, data, idempotency_key)
    select ${input.eventId}, ${input.template}, c.channel, r.usr_id,
      jsonb_build_object('item_id', r.item_id, 'amount_cents', ${input.amount}::int),
      ${input.template} || ':' || r.item_id || ':' || r.usr_id || ':' || c.channel || ${occasion}
    from unnest(${itemIds}::int[], ${usrIds}::int[]) as r(item_id, usr_id)
    left join message_preference p on p.usr_id = r.usr_id and p.event_id = ${input.eventId}
    cross join (values ('email'), ('text')) as c(channel)
    where c.channel = 'email' or coalesce(p.text_consent, false)
    on conflict (idempotency_key) do nothing`);
}

/**
 * The "extended" message of a soft close, in the bid's transaction: to everyone who bid on the item but the bidder
 * whose late bid moved its close (they see it on the page) and those it outbid (their outbid message gives the new
 * close), by email and (with consent) by text. One statement; the
 * key names the new close, so each extension is one message per person and channel.
 */
export async function enqueueExtendedMessages(
  tx: Transaction,
  input: { eventId: number; itemId: number; closesAt: Date; exceptUsrIds: number[]; amount: number | null },
): Promise<void> {
  const closes = input.closesAt.toISOString();
  await tx.execute(sql`
    insert into message (event_id, template, channel, to_usr_id, data, idempotency_key)
    select ${input.eventId}, 'extended', c.channel, b.usr_id,
      jsonb_build_object('item_id', ${input.itemId}::int, 'amount_cents', ${input.amount}::int),
      'extended:' || ${input.itemId}::int || ':' || b.usr_id || ':' || c.channel || ':' || ${closes}
    from (select distinct usr_id from bid where auction_item_id = ${input.itemId}
      and usr_id <> all(${`{${input.exceptUsrIds.join(",")}}`}::int[])) b
    left join message_settings s on s.event_id = ${input.eventId}
    left join message_preference p on p.usr_id = b.usr_id and p.event_id = ${input.eventId}
    cross join (values ('email'), ('text')) as c(channel)
    where coalesce((s.automatic ->> 'extended')::boolean, true)
      and (c.channel = 'email' or coalesce(p.text_consent, false))
    on conflict (idempotency_key) do nothing`);
}
