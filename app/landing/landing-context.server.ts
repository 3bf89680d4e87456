/**
 * Everything the landing page shows that does not come from its settings tree: the event's own information, the
 * ticket types and whether registration is open, the sponsors by level, the auctions and a few of their items.
 * /event and the page designer's live preview both load it, so the preview is the real page with real content.
 */
import { routes } from "@remix-run/dev/server-build";
import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import { itemBidPath } from "~/catalogue/item-links";
import { safeWebsite, shownSponsors } from "~/catalogue/sponsors.server";
import { db } from "~/db.server";
import { featureState, featureVisibility, isEventLive, type FeatureFlags } from "~/events/feature-switches";
import { eventAddress } from "~/http/paths";
import { sanitizeRichText } from "~/rich-text/sanitize.server";
import { brandColoursAndFonts } from "~/ui/branding";
import { formatMoney } from "~/ui/format";
import { formatInZone } from "~/ui/zoned-time";
import {
  auction_item,
  type event,
  live_lot,
  registration,
  silent_auction,
  ticket,
  traditional_auction,
  virtual_auction,
} from "~drizzle/schema";
import type { LandingContext, LandingItem } from "./landing-model";

type EventRow = typeof event.$inferSelect;

/**
 * A public page's path when that page is part of this build, else null: a button never leads to a page that does
 * not exist yet (the registration and gallery pages come with their own features).
 */
function publicPage(routeId: string, path: string): string | null {
  return routeId in routes ? path : null;
}

/** Where the silent auction's gallery is (the bidder pages, /inroombid). */
const GALLERY_ROUTES: ReadonlyArray<readonly [string, string]> = [["routes/inroombid", "/inroombid"]];

/**
 * `canPreview`: the visitor may see features still in testing (their sections then show as on the live page).
 * `now`: the server's clock, so the countdown and "registration is open" agree between server and browser.
 */
export async function loadLandingContext(
  row: EventRow,
  { canPreview, now = new Date() }: { canPreview: boolean; now?: Date },
): Promise<LandingContext> {
  const flags = row as unknown as FeatureFlags;
  const visible = (feature: Parameters<typeof featureVisibility>[1]) =>
    featureVisibility(flags, feature, canPreview) !== "hidden";
  const zone = row.timezone;
  const at = (date: Date | null | undefined, style: "long" | "datetime" | "time" = "long") =>
    date ? formatInZone(date, zone, style) : null;

  const [registrationRow, silentRow, liveRow, virtualRow, tickets, sponsors, items] = await Promise.all([
    row.registration_id && visible("registration")
      ? db
          .select()
          .from(registration)
          .where(eq(registration.registration_id, row.registration_id))
          .then((r) => r[0])
      : undefined,
    row.silent_auction_id && visible("silent_auction")
      ? db
          .select({ start: silent_auction.start_date_time, end: silent_auction.end_date_time })
          .from(silent_auction)
          .where(eq(silent_auction.silent_auction_id, row.silent_auction_id))
          .then((r) => r[0])
      : undefined,
    row.traditional_auction_id && visible("traditional_auction")
      ? db
          .select({ start: traditional_auction.start_date_time, end: traditional_auction.end_date_time })
          .from(traditional_auction)
          .where(
            and(
              eq(traditional_auction.traditional_auction_id, row.traditional_auction_id),
              eq(traditional_auction.event_id, row.event_id),
            ),
          )
          .then((r) => r[0])
      : undefined,
    row.virtual_auction_id && visible("virtual_auction")
      ? db
          .select({ start: virtual_auction.start_date_time, end: virtual_auction.end_date_time })
          .from(virtual_auction)
          .where(eq(virtual_auction.virtual_auction_id, row.virtual_auction_id))
          .then((r) => r[0])
      : undefined,
    visible("registration")
      ? db
          .select({
            ticket_id: ticket.ticket_id,
            title: ticket.title,
            description: ticket.description,
            price: ticket.price,
            seat_count: ticket.seat_count,
          })
          .from(ticket)
          .where(eq(ticket.event_id, row.event_id))
          .orderBy(asc(ticket.display_order), asc(ticket.price), asc(ticket.ticket_id))
      : [],
    shownSponsors(row.event_id),
    loadItems(
      row.event_id,
      [
        visible("silent_auction") && "silent",
        visible("traditional_auction") && "live",
        visible("virtual_auction") && "virtual",
      ].filter((t): t is string => Boolean(t)),
      row.currency,
      itemPages(row),
    ),
  ]);

  const registrationOpen =
    registrationRow !== undefined &&
    (!registrationRow.start_date_time || registrationRow.start_date_time <= now) &&
    (!registrationRow.end_date_time || registrationRow.end_date_time > now);
  const registrationStatus: LandingContext["registration"]["status"] = !registrationRow
    ? "off"
    : registrationOpen
      ? "open"
      : registrationRow.start_date_time && registrationRow.start_date_time > now
        ? "notYet"
        : "closed";

  const levels: LandingContext["sponsorLevels"] = [];
  for (const s of sponsors) {
    const level = s.level?.trim() || "Sponsors";
    const last = levels.at(-1);
    const entry = { id: s.id, title: s.title, logo: s.logo, website: s.website };
    if (last && last.level === level) last.sponsors.push(entry);
    else levels.push({ level, sponsors: [entry] });
  }

  const eventWhen = row.start_date_time
    ? [at(row.start_date_time), row.end_date_time ? at(row.end_date_time, "time") : null].filter(Boolean).join(" – ")
    : null;

  const auction = (
    kind: "silent" | "live" | "virtual",
    label: string,
    window: { start: Date | null; end: Date | null } | undefined,
  ) =>
    window
      ? {
          kind,
          label,
          opens: at(window.start),
          closes: at(window.end),
          isOpen: (!window.start || window.start <= now) && (!window.end || window.end > now),
          hasClosed: window.end !== null && window.end <= now,
          itemCount: items.counts[kind] ?? 0,
        }
      : null;

  return {
    eventId: row.event_id,
    now: now.toISOString(),
    event: {
      title: row.title,
      excerpt: row.excerpt ?? "",
      thumbnail: row.thumbnail ?? "",
      descriptionHtml: sanitizeRichText(row.description ?? ""),
      when: eventWhen,
      address: row.address,
      logo: row.logo,
      startsAt: row.start_date_time?.toISOString() ?? null,
    },
    branding: {
      ...brandColoursAndFonts(row),
      subheading_font: row.subheading_font,
      heading_weight: row.heading_weight,
      subheading_weight: row.subheading_weight,
      body_weight: row.body_weight,
    },
    company: { name: row.company_name, logo: row.company_logo, aboutHtml: sanitizeRichText(row.company_about ?? "") },
    contact: {
      email: row.email,
      phone: row.phone,
      links: (
        [
          ["Website", row.website],
          ["Facebook", row.facebook],
          ["Instagram", row.instagram],
          ["LinkedIn", row.linkedin],
          ["X (Twitter)", row.twitter],
        ] as Array<[string, string | null]>
      ).flatMap(([label, href]) => {
        const safe = safeWebsite(href);
        return safe ? [{ label, href: safe }] : [];
      }),
    },
    registration: {
      status: registrationStatus,
      opens: at(registrationRow?.start_date_time),
      closes: at(registrationRow?.end_date_time),
      href: registrationOpen ? withEvent(publicPage("routes/register", "/register"), row.event_id) : null,
      tickets: tickets.map((t) => ({
        id: t.ticket_id,
        title: t.title,
        // Written in the rich-text editor: shown as safe HTML, never as tags.
        descriptionHtml: sanitizeRichText(t.description ?? ""),
        price: t.price > 0 ? formatMoney(t.price, row.currency) : "Free",
        seats: t.seat_count,
      })),
    },
    sponsorLevels: levels,
    auctions: [
      auction("silent", "Silent auction", silentRow),
      auction("live", "Live auction", liveRow),
      auction("virtual", "Online auction", virtualRow),
    ].filter((a): a is NonNullable<typeof a> => a !== null),
    items: items.featured,
    galleryHref: silentRow
      ? withEvent(GALLERY_ROUTES.map(([id, path]) => publicPage(id, path)).find(Boolean) ?? null, row.event_id)
      : null,
    silentAuctionClosesAt: silentRow?.end?.toISOString() ?? null,
  };
}

function withEvent(path: string | null, eventId: number): string | null {
  return path ? eventAddress(path, eventId) : null;
}

/** Which of the event's items have a page of their own that a guest can open (the gallery's, /inroombid&item=). */
interface ItemPages {
  /** The kinds whose every item has one: a silent or virtual auction's items while that auction is on. */
  kinds: string[];
  /** Whether a live lot taking bids online has one. */
  liveOnline: boolean;
}

/**
 * The bidder pages' own rule (bidding/auction-rules.server.ts, rulesOf and rulesForItem), which this floor may not
 * import: nothing of an archived event; a silent or virtual item when its auction is switched on and set up; a live
 * lot only while it takes bids online, which needs the live auction switched on and the event open. A tile that led
 * anywhere else would lead to "Page not found".
 */
function itemPages(row: EventRow): ItemPages {
  if (row.is_archived) return { kinds: [], liveOnline: false };
  const flags = row as unknown as FeatureFlags;
  const on = (feature: "silent_auction" | "virtual_auction" | "traditional_auction") =>
    featureState(flags, feature).enabled;
  return {
    kinds: [
      on("silent_auction") && row.silent_auction_id !== null && "silent",
      on("virtual_auction") && row.virtual_auction_id !== null && "virtual",
    ].filter((kind): kind is string => Boolean(kind)),
    liveOnline: on("traditional_auction") && isEventLive(flags),
  };
}

/** Published items of the auctions the visitor may see: counts by type, and the first few to show. */
async function loadItems(
  eventId: number,
  types: string[],
  currency: string,
  pages: ItemPages,
): Promise<{ counts: Record<string, number>; featured: LandingItem[] }> {
  if (types.length === 0) return { counts: {}, featured: [] };
  const takesBidsOnline = sql`exists (select from ${live_lot} where ${live_lot.auction_item_id} = ${auction_item.auction_item_id} and ${live_lot.online_bidding})`;
  const hasPage = sql<boolean>`(${or(
    pages.kinds.length > 0 ? inArray(auction_item.type, pages.kinds) : sql`false`,
    pages.liveOnline ? and(eq(auction_item.type, "live"), takesBidsOnline) : sql`false`,
  )})`;
  const where = and(
    eq(auction_item.event_id, eventId),
    eq(auction_item.status, "published"),
    inArray(auction_item.type, types),
  );
  const [counts, featured] = await Promise.all([
    db
      .select({ type: auction_item.type, count: sql<number>`count(*)::int` })
      .from(auction_item)
      .where(where)
      .groupBy(auction_item.type),
    db
      .select({
        id: auction_item.auction_item_id,
        title: auction_item.title,
        type: auction_item.type,
        image: auction_item.featured_image,
        value: auction_item.value,
        starting_bid: auction_item.starting_bid,
        lot: auction_item.lot,
        hasPage,
      })
      .from(auction_item)
      .where(where)
      // Items a guest can open first (each tile is a link to its page; a live lot bid on only in the room has none),
      // pictured items first among them, then the organiser's order.
      .orderBy(
        sql`${hasPage} desc`,
        sql`(${auction_item.featured_image} is null)`,
        asc(auction_item.display_order),
        asc(auction_item.auction_item_id),
      )
      .limit(12),
  ]);
  return {
    counts: Object.fromEntries(counts.map((c) => [c.type, Number(c.count)])),
    featured: featured.map((item) => ({
      id: item.id,
      title: item.title,
      type: item.type,
      image: item.image,
      lot: item.lot,
      value: item.value ? formatMoney(item.value, currency) : null,
      startingBid: item.starting_bid ? formatMoney(item.starting_bid, currency) : null,
      href: item.hasPage ? itemBidPath(eventId, item.id) : null,
    })),
  };
}
