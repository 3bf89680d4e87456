/**
 * What the worker needs to turn an outbox row into an email or a text: the event's branding and messaging setup, the
 * recipient's address and name, and the item the message is about. Read at send time, once for the batch the worker
 * claimed (three statements for up to its 20 messages, not three for each: a burst of bids writes hundreds of outbid
 * messages a second), so a message says what is true when it goes (the item's current close). A STOP that arrived
 * meanwhile is honoured too: the worker checks it for each text as it sends.
 */
import { sql } from "drizzle-orm";
import { selectRows } from "~/db/rows.server";
import { formatMoney } from "~/ui/format";
import { formatInZone } from "~/ui/zoned-time";
import { closingTime } from "./closing-time";
import { eventLink, invoiceLink, itemLink, liveAuctionLink, myBidsLink } from "./links.server";
import { toE164 } from "./phone";
import type { MessageBranding, TemplateName, TemplateOverride } from "./templates";
import type { Database } from "~/db/connection.server";

export interface OutboxRow {
  message_id: number;
  event_id: number;
  template: TemplateName;
  channel: "email" | "text";
  to_usr_id: number | null;
  to_email: string | null;
  to_phone: string | null;
  data: Record<string, unknown>;
  idempotency_key: string;
}

export interface EventMessaging {
  eventId: number;
  branding: MessageBranding;
  timezone: string;
  currency: string;
  senderName: string;
  replyTo: string | null;
  smtpUrlEncrypted: string | null;
  twilio: { accountSid: string | null; authTokenEncrypted: string | null; from: string | null };
  automatic: Record<string, boolean>;
  templates: Record<string, TemplateOverride>;
}

interface EventMessagingRow {
  event_id: number;
  title: string;
  timezone: string;
  currency: string;
  company_name: string | null;
  company_logo: string | null;
  logo: string | null;
  address: string | null;
  email: string | null;
  start_date_time: string | Date | null;
  primary_color: string;
  accent_color: string;
  text_color: string;
  sender_name: string | null;
  reply_to: string | null;
  smtp_url_encrypted: string | null;
  twilio_account_sid: string | null;
  twilio_auth_token_encrypted: string | null;
  twilio_from_number: string | null;
  automatic: Record<string, boolean> | null;
  templates: Record<string, TemplateOverride> | null;
}

export async function loadEventMessaging(db: Database, eventId: number): Promise<EventMessaging | null> {
  return (await loadEventMessagings(db, [eventId])).get(eventId) ?? null;
}

/** Each event's messaging setup, by event; an event that no longer exists is missing. */
async function loadEventMessagings(db: Database, eventIds: number[]): Promise<Map<number, EventMessaging>> {
  const rows = await selectRows<EventMessagingRow>(
    db,
    sql`select e.event_id, e.title, e.timezone, e.currency, e.company_name, e.company_logo, e.logo, e.address, e.email,
      e.start_date_time, e.primary_color, e.accent_color, e.text_color,
      s.sender_name, s.reply_to, s.smtp_url_encrypted, s.twilio_account_sid, s.twilio_auth_token_encrypted,
      s.twilio_from_number, s.automatic, s.templates
    from event e left join message_settings s on s.event_id = e.event_id
    where e.event_id = any(${intArray(eventIds)}::int[])`,
  );
  return new Map(rows.map((row) => [row.event_id, eventMessaging(row)]));
}

function eventMessaging(row: EventMessagingRow): EventMessaging {
  const charity = row.company_name?.trim() || row.title;
  return {
    eventId: row.event_id,
    timezone: row.timezone,
    currency: row.currency,
    branding: {
      charity,
      eventTitle: row.title,
      primaryColor: row.primary_color,
      accentColor: row.accent_color,
      textColor: row.text_color,
      logoUrl: absoluteImage(row.company_logo ?? row.logo),
      when: row.start_date_time ? formatInZone(row.start_date_time, row.timezone, "long") : null,
      where: row.address?.trim() || null,
    },
    senderName: row.sender_name?.trim() || charity,
    replyTo: row.reply_to?.trim() || row.email?.trim() || null,
    smtpUrlEncrypted: row.smtp_url_encrypted,
    twilio: {
      accountSid: row.twilio_account_sid,
      authTokenEncrypted: row.twilio_auth_token_encrypted,
      from: row.twilio_from_number,
    },
    automatic: row.automatic ?? {},
    templates: row.templates ?? {},
  };
}

/** Only an image at an absolute http(s) address can show in a mail client. */
function absoluteImage(url: string | null): string | null {
  return url && /^https?:\/\//.test(url) ? url : null;
}

export interface Addressee {
  email: string | null;
  phone: string | null;
  firstName: string | null;
  /** Agreed to texts for this event (message_preference). */
  textConsent: boolean;
}

/** What a batch of outbox rows is about, read together: each event's setup, each recipient, each item. */
export interface MessageBatch {
  /** null: the event no longer exists. */
  messaging(row: OutboxRow): EventMessaging | null;
  addressee(row: OutboxRow): Addressee;
  /** null: the message is about no item, or its item is gone. */
  item(row: OutboxRow): MessageItem | null;
}

export interface MessageItem {
  title: string;
  type: string;
  current_bid: number | null;
  closes: string | Date | null;
}

/** Reads what `rows` need, in three statements however many rows there are. */
export async function readMessageBatch(db: Database, rows: OutboxRow[]): Promise<MessageBatch> {
  const [messagings, people, items] = await Promise.all([
    loadEventMessagings(db, [...new Set(rows.map((row) => row.event_id))]),
    loadPeople(db, rows),
    loadItems(db, rows),
  ]);
  return {
    messaging: (row) => messagings.get(row.event_id) ?? null,
    addressee: (row) => addresseeOf(row, people),
    item: (row) => {
      const item = items.get(itemIdOf(row) ?? 0);
      return item && item.event_id === row.event_id ? item : null;
    },
  };
}

interface Person {
  email_address: string | null;
  phone: string | null;
  first_name: string | null;
  /** The events whose texts this person agreed to. */
  textEvents: Set<number>;
}

/** The recipients who are users, with the events of the batch they agreed to texts for. */
async function loadPeople(db: Database, rows: OutboxRow[]): Promise<Map<number, Person>> {
  const usrIds = [...new Set(rows.flatMap((row) => (row.to_usr_id === null ? [] : [row.to_usr_id])))];
  if (usrIds.length === 0) return new Map();
  const eventIds = [...new Set(rows.map((row) => row.event_id))];
  const found = await selectRows<{
    usr_id: number;
    email_address: string | null;
    phone: string | null;
    first_name: string | null;
    text_event_id: number | null;
  }>(
    db,
    sql`select u.usr_id, u.email_address, u.phone, u.first_name, p.event_id as text_event_id
    from usr u
    left join message_preference p on p.usr_id = u.usr_id and p.event_id = any(${intArray(eventIds)}::int[])
      and p.text_consent
    where u.usr_id = any(${intArray(usrIds)}::int[])`,
  );
  const people = new Map<number, Person>();
  for (const row of found) {
    const person = people.get(row.usr_id) ?? { ...row, textEvents: new Set<number>() };
    if (row.text_event_id !== null) person.textEvents.add(row.text_event_id);
    people.set(row.usr_id, person);
  }
  return people;
}

function addresseeOf(row: OutboxRow, people: Map<number, Person>): Addressee {
  if (row.to_usr_id === null) {
    return { email: row.to_email, phone: toE164(row.to_phone), firstName: null, textConsent: false };
  }
  const person = people.get(row.to_usr_id);
  return {
    email: row.to_email ?? person?.email_address ?? null,
    phone: toE164(row.to_phone ?? person?.phone),
    firstName: person?.first_name ?? null,
    textConsent: person?.textEvents.has(row.event_id) ?? false,
  };
}

const itemIdOf = (row: OutboxRow) => {
  const itemId = Number(row.data.item_id);
  return Number.isInteger(itemId) && itemId > 0 ? itemId : null;
};

/** The items the rows are about, each with its close as bidders see it. */
async function loadItems(db: Database, rows: OutboxRow[]): Promise<Map<number, MessageItem & { event_id: number }>> {
  const itemIds = [...new Set(rows.flatMap((row) => itemIdOf(row) ?? []))];
  if (itemIds.length === 0) return new Map();
  const found = await selectRows<MessageItem & { auction_item_id: number; event_id: number }>(
    db,
    sql`select i.auction_item_id, i.event_id, i.title, i.type, i.current_bid,
      greatest(i.closes_at, coalesce(c.end_date_time, s.end_date_time, v.end_date_time)) as closes
    from auction_item i
    join event e on e.event_id = i.event_id
    left join silent_auction s on i.type = 'silent' and s.silent_auction_id = e.silent_auction_id
    left join virtual_auction v on i.type = 'virtual' and v.virtual_auction_id = e.virtual_auction_id
    left join category_close c on c.event_id = i.event_id and c.category_id = i.xinv_category_id and c.auction = i.type
    where i.auction_item_id = any(${intArray(itemIds)}::int[])`,
  );
  return new Map(found.map((item) => [item.auction_item_id, item]));
}

const intArray = (ids: number[]) => `{${ids.join(",")}}`;

/** The template's values: what the row's data says, completed from the item and the event, as of `now`. */
export function messageValues(
  row: OutboxRow,
  messaging: EventMessaging,
  addressee: Addressee,
  item: MessageItem | null,
  now = new Date(),
): Record<string, string> {
  const values: Record<string, string> = {
    event: messaging.branding.eventTitle,
    charity: messaging.branding.charity,
    first_name: addressee.firstName ?? "there",
    when: messaging.branding.when ?? "",
    where: messaging.branding.where ?? "",
    link: eventLink(row.event_id),
  };
  const itemId = itemIdOf(row);
  if (item && itemId !== null) {
    values.item = item.title;
    const cents = typeof row.data.amount_cents === "number" ? row.data.amount_cents : item.current_bid;
    if (cents !== null) values.amount = formatMoney(cents, messaging.currency);
    values.closes =
      item.type === "live"
        ? "the fall of the hammer"
        : item.closes
          ? closingTime(item.closes, messaging.timezone, now)
          : "the end of the auction";
    // A live lot takes online bids only while it is on the block: its messages lead to the live auction's page.
    values.link =
      row.template === "won"
        ? invoiceLink(row.event_id)
        : item.type === "live"
          ? liveAuctionLink(row.event_id)
          : itemLink(row.event_id, itemId);
  }
  if (typeof row.data.outbid_count === "number") {
    const count = row.data.outbid_count;
    values.times = count === 1 ? "once more" : `${count} more times`;
  }
  if (typeof row.data.closes_at === "string") {
    // A reminder of the auction's end: the exact time in the event's zone, and the bidder's own page.
    values.closes = closingTime(row.data.closes_at, messaging.timezone, now);
    values.link = myBidsLink(row.event_id);
  }
  for (const [key, value] of Object.entries(row.data)) {
    // A value the row carries wins, unless it is blank (a guest without a first name keeps "there").
    if (typeof value === "string" && value !== "" && key !== "closes_at") values[key] = value;
  }
  return values;
}
