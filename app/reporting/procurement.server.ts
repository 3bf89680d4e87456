/**
 * The procurement report: what each donor gave to the event (their items and values, and what those sold for),
 * and whether their thank-you went out. A thank-you is the acknowledgement mail sent from
 * /admin/auction_items/email_page (app/catalogue/acknowledgement.server.ts): a message to the donor's address whose
 * key starts "acknowledgement:<event>:" in the outbox.
 */
import { sql } from "drizzle-orm";
import { queryRows } from "~/billing/query-rows.server";
import { db } from "~/db.server";
import { formatInZone } from "~/ui/zoned-time";
import { inRange } from "./range-sql.server";
import type { ReportScope } from "./filters.server";
import type { Report } from "./report";

type Raw = Record<string, string | number | null>;
const num = (value: string | number | null | undefined) => Number(value ?? 0);

export async function procurementReport(scope: ReportScope): Promise<Report> {
  const event = scope.eventId;
  const [items, thanks] = await Promise.all([
    queryRows<Raw>(
      db,
      sql`select d.donor_id, coalesce(nullif(trim(concat_ws(' ', d.first_name, d.last_name)), ''), d.title, d.email)
            as donor, d.email, ai.title, ai.lot, ai.value,
          coalesce((select sum(w.amount) from winner w where w.auction_item_id = ai.auction_item_id), 0)
          + coalesce((select sum(p.amount) from purchase p where p.auction_item_id = ai.auction_item_id), 0) as sold_for
        from auction_item ai join donor d on d.donor_id = ai.xinv_donor_id
        where ai.event_id = ${event} and ${inRange(sql`ai.created_at`, scope)}
        order by 2, ai.lot nulls last, ai.title`,
    ),
    queryRows<Raw>(
      db,
      sql`select lower(to_email) as email, max(coalesce(sent_at, created_at)) as at,
          bool_or(status = 'sent') as sent
        from message
        where event_id = ${event} and idempotency_key like ${`acknowledgement:${event}:%`} and to_email is not null
        group by 1`,
    ),
  ]);
  const thanked = new Map(thanks.map((row) => [String(row.email), row]));
  const donors = new Map<number, { donor: string; email: string | null; items: number; value: number; sold: number }>();
  for (const row of items) {
    const id = num(row.donor_id);
    const entry = donors.get(id) ?? {
      donor: String(row.donor ?? `Donor ${id}`),
      email: row.email === null ? null : String(row.email),
      items: 0,
      value: 0,
      sold: 0,
    };
    entry.items += 1;
    entry.value += num(row.value);
    entry.sold += num(row.sold_for);
    donors.set(id, entry);
  }
  const status = (email: string | null) => {
    if (!email) return "No email address";
    const message = thanked.get(email.toLowerCase());
    if (!message) return "Not sent";
    const at = formatInZone(new Date(String(message.at)), scope.timeZone, "date");
    return String(message.sent) === "true" || message.sent === "t" ? `Sent ${at}` : `Queued ${at}`;
  };
  const donorRows = [...donors.values()].map((entry) => ({
    donor: entry.donor,
    email: entry.email ?? "",
    items: entry.items,
    value: entry.value,
    sold: entry.sold,
    thanks: status(entry.email),
  }));
  return {
    slug: "procurement",
    name: `procurement ${scope.title}`,
    title: "Procurement",
    currency: scope.currency,
    figures: [
      { label: "Donors", value: donorRows.length, kind: "count" },
      { label: "Items given", value: items.length, kind: "count" },
      { label: "Value given", value: donorRows.reduce((sum, row) => sum + row.value, 0), kind: "money" },
      {
        label: "Thank-yous to send",
        value: donorRows.filter((row) => !row.thanks.startsWith("Sent") && !row.thanks.startsWith("Queued")).length,
        kind: "count",
      },
    ],
    tables: [
      {
        id: "donors",
        title: "Donors and their thank-yous",
        columns: [
          { key: "donor", header: "Donor", kind: "text" },
          { key: "email", header: "Email", kind: "text" },
          { key: "items", header: "Items", kind: "count" },
          { key: "value", header: "Value", kind: "money" },
          { key: "sold", header: "Sold for", kind: "money" },
          { key: "thanks", header: "Thank-you", kind: "text" },
        ],
        rows: donorRows,
        empty: "No item has a donor yet.",
      },
      {
        id: "items",
        title: "Items by donor",
        columns: [
          { key: "donor", header: "Donor", kind: "text" },
          { key: "item", header: "Item", kind: "text" },
          { key: "value", header: "Value", kind: "money" },
          { key: "sold", header: "Sold for", kind: "money" },
        ],
        rows: items.map((row) => ({
          donor: String(row.donor ?? ""),
          item: `${row.lot !== null ? `${row.lot} · ` : ""}${String(row.title)}`,
          value: row.value === null ? null : num(row.value),
          sold: num(row.sold_for),
        })),
        empty: "No item has a donor yet.",
      },
    ],
  };
}
