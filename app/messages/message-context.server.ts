/**
 * What the worker needs to turn an outbox row into an email or a text: the event's branding and messaging setup, the
 * recipient's address and name, and the item the message is about. Read at send time, so a message says what is true
 * when it goes (the item's current close), and a STOP that arrived meanwhile is honoured.
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

export async function loadEventMessaging(db: Database, eventId: number): Promise<EventMessaging | null> {
  const [row] = await selectRows<{
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
  }>(
    db,
    sql`select e.title, e.timezone, e.currency, e.company_name, e.company_logo, e.logo, e.address, e.email,
      e.start_date_time, e.primary_color, e.accent_color, e.text_color,
      s.sender_name, s.reply_to, s.smtp_url_encrypted, s.twilio_account_sid, s.twilio_auth_token_encrypted,
      s.twilio_from_number, s.automatic, s.templates
    from event e left join message_settings s on s.event_id = e.event_id
    where e.event_id = ${eventId}`,
  );
  if (!row) return null;
  const charity = row.company_name?.trim() || row.title;
  return {
    eventId,
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

export async function loadAddressee(db: Database, row: OutboxRow): Promise<Addressee> {
  if (row.to_usr_id === null) {
    return { email: row.to_email, phone: toE164(row.to_phone), firstName: null, textConsent: false };
  }
  const [person] = await selectRows<{
    email_address: string | null;
    phone: string | null;
    first_name: string | null;
    text_consent: boolean | null;
  }>(
    db,
    sql`select u.email_address, u.phone, u.first_name, p.text_consent
    from usr u left join message_preference p on p.usr_id = u.usr_id and p.event_id = ${row.event_id}
    where u.usr_id = ${row.to_usr_id}`,
  );
  return {
    email: row.to_email ?? person?.email_address ?? null,
    phone: toE164(row.to_phone ?? person?.phone),
    firstName: person?.first_name ?? null,
    textConsent: person?.text_consent === true,
  };
}

/** The template's values: what the row's data says, completed from the item and the event, as of `now`. */
export async function messageValues(
  db: Database,
  row: OutboxRow,
  messaging: EventMessaging,
  addressee: Addressee,
  now = new Date(),
): Promise<Record<string, string>> {
  const values: Record<string, string> = {
    event: messaging.branding.eventTitle,
    charity: messaging.branding.charity,
    first_name: addressee.firstName ?? "there",
    when: messaging.branding.when ?? "",
    where: messaging.branding.where ?? "",
    link: eventLink(row.event_id),
  };
  const itemId = Number(row.data.item_id);
  if (Number.isInteger(itemId) && itemId > 0) {
    const [item] = await selectRows<{
      title: string;
      type: string;
      current_bid: number | null;
      closes: string | Date | null;
    }>(
      db,
      sql`select i.title, i.type, i.current_bid,
        greatest(i.closes_at, coalesce(c.end_date_time, s.end_date_time, v.end_date_time)) as closes
      from auction_item i
      join event e on e.event_id = i.event_id
      left join silent_auction s on i.type = 'silent' and s.silent_auction_id = e.silent_auction_id
      left join virtual_auction v on i.type = 'virtual' and v.virtual_auction_id = e.virtual_auction_id
      left join category_close c on c.event_id = i.event_id and c.category_id = i.xinv_category_id and c.auction = i.type
      where i.auction_item_id = ${itemId} and i.event_id = ${row.event_id}`,
    );
    if (item) {
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
