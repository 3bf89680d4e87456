/**
 * The dashboard's next steps: what an event needs before guests come, each read from the event's own data (never
 * ticked by hand), with the screen that does it. A step whose screen the person's role does not open is shown
 * without a link, so they know whom to ask.
 */
import { and, count, eq, isNotNull, or } from "drizzle-orm";
import { db } from "~/db.server";
import { isEventLive, isFeatureLive, type FeatureFlags } from "~/events/feature-switches";
import { auction_item, billing_settings, event, ticket, usr_event_role } from "~drizzle/schema";

export interface NextStep {
  label: string;
  done: boolean;
  /** What is missing, or what is in place. */
  detail: string;
  /** The screen's path (the caller turns it into a link the role may follow). */
  path: string;
}

export async function nextSteps(eventId: number): Promise<NextStep[]> {
  const [[row], [tickets], [items], [team], [keys]] = await Promise.all([
    db.select().from(event).where(eq(event.event_id, eventId)),
    db.select({ n: count() }).from(ticket).where(eq(ticket.event_id, eventId)),
    db.select({ n: count() }).from(auction_item).where(eq(auction_item.event_id, eventId)),
    db
      .select({ n: count() })
      .from(usr_event_role)
      .where(and(eq(usr_event_role.event_id, eventId), eq(usr_event_role.is_team_member, true))),
    db
      .select({ n: count() })
      .from(billing_settings)
      .where(
        and(
          eq(billing_settings.event_id, eventId),
          or(
            isNotNull(billing_settings.test_secret_key_encrypted),
            isNotNull(billing_settings.live_secret_key_encrypted),
          ),
        ),
      ),
  ]);
  if (!row) return [];
  const flags = row as unknown as FeatureFlags;
  const open = isEventLive(flags) && isFeatureLive(flags, "landing") && isFeatureLive(flags, "registration");
  return [
    {
      label: "Date and place",
      done: row.start_date_time !== null && Boolean(row.address),
      detail: "When the evening starts and ends, and where, for the landing page, tickets and emails.",
      path: "/admin/setup/event",
    },
    {
      label: "Branding",
      done: Boolean(row.logo || row.company_logo),
      detail: "The charity's logo and colours on every guest page.",
      path: "/admin/setup/branding",
    },
    {
      label: "Tickets",
      done: tickets.n > 0,
      detail:
        tickets.n > 0 ? `${tickets.n} ticket ${tickets.n === 1 ? "type" : "types"} on sale.` : "No ticket types yet.",
      path: "/admin/setup/registration",
    },
    {
      label: "Auction items",
      done: items.n > 0,
      detail: items.n > 0 ? `${items.n} ${items.n === 1 ? "item" : "items"} in the catalogue.` : "No items yet.",
      path: "/admin/auction_items/inventory",
    },
    {
      label: "Card payments",
      done: keys.n > 0,
      detail:
        keys.n > 0
          ? "Stripe keys saved."
          : "No Stripe keys: guests pay by cash, check or at the event until they are saved.",
      path: "/admin/setup/billing",
    },
    {
      label: "Team",
      done: team.n > 1,
      detail: team.n > 1 ? `${team.n} people on the team.` : "Only you so far: invite the people who run the night.",
      path: "/admin/setup/team",
    },
    {
      label: "Open to guests",
      done: open,
      detail: open
        ? "The event, its landing page and registration are live."
        : "The event, its landing page and registration must be live (Modules) for guests to see them.",
      path: "/admin/setup/modules",
    },
  ];
}
