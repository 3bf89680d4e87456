/** What the page designer's registration preview needs beyond the tree: the event and its real ticket types. */
import { asc, eq } from "drizzle-orm";
import { db } from "~/db.server";
import { sanitizeRichText } from "~/rich-text/sanitize.server";
import { brandColoursAndFonts } from "~/ui/branding";
import { type event, registration, ticket } from "~drizzle/schema";
import { ticketsLeft } from "./register-party.server";
import type { RegistrationPreviewData } from "./ui/register-page-preview";

export async function loadRegistrationPreview(row: typeof event.$inferSelect): Promise<RegistrationPreviewData> {
  const [types, left, [settings]] = await Promise.all([
    db
      .select()
      .from(ticket)
      .where(eq(ticket.event_id, row.event_id))
      .orderBy(asc(ticket.display_order), asc(ticket.ticket_id)),
    ticketsLeft(db, row.event_id),
    row.registration_id
      ? db
          .select({ order_limit: registration.order_limit })
          .from(registration)
          .where(eq(registration.registration_id, row.registration_id))
      : [],
  ]);
  return {
    event: {
      title: row.title,
      excerpt: row.excerpt,
      company_name: row.company_name,
      company_about: row.company_about ? sanitizeRichText(row.company_about) : null,
      ...brandColoursAndFonts(row),
    },
    tickets: types.map((type) => ({
      ticket_id: type.ticket_id,
      title: type.title,
      description: type.description ? sanitizeRichText(type.description) : null,
      price: type.price ?? 0,
      increment: Math.max(1, type.increment),
      seat_count: Math.max(1, type.seat_count),
      left: left.get(type.ticket_id) ?? null,
    })),
    currency: row.currency,
    orderLimit: settings?.order_limit ?? 20,
  };
}
