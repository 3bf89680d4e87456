/**
 * The app's addresses of one event, built in one place: `paths.setupBilling(12)` is "/admin/setup/billing?id=12",
 * `paths.live(12, { lot: 7 })` is "/live?id=12&lot=7". Each entry is a route path of app/routes, named after it
 * (an admin page without its "/admin" prefix, except the two at the top of /admin); tests/unit/paths.test.ts checks
 * every entry against the route manifest, so a misspelt path or a renamed route fails there, not in a guest's hand.
 * ESLint forbids building "?id=${…}" by hand anywhere else in app/ (eslint.config.js).
 *
 * Client-safe and on a shared floor (http/), since pages, the menus, mail and the live streams of every floor link
 * with it. Values are percent-encoded (some come from the address or a form); digits, tokens in base64url and the
 * commas of a list come out as they went in.
 */

/** An event's id: a number, or the id as the address gave it (encoded all the same). */
export type EventId = number | string;

type QueryValue = string | number | boolean | readonly number[] | null | undefined;

/** The query after ?id=, in order. `true` adds the name alone (`&draft`); undefined, null and false add nothing. */
export type Query = Readonly<Record<string, QueryValue>>;

const encode = (value: string | number) => encodeURIComponent(value);

/**
 * `pathname` with `?id=<event>` and the query after it; without an event, the query alone. For an address chosen
 * at run time (a menu's screen, a report's tab, a monitor's page); a fixed address is an entry of `paths` below.
 */
export function eventAddress(pathname: string, eventId: EventId | undefined, query: Query = {}): string {
  const parts = eventId === undefined ? [] : [`id=${encode(eventId)}`];
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === false) continue;
    if (value === true) parts.push(encode(name));
    else if (typeof value === "object") parts.push(`${encode(name)}=${value.map(encode).join(",")}`);
    else parts.push(`${encode(name)}=${encode(value)}`);
  }
  return parts.length === 0 ? pathname : `${pathname}?${parts.join("&")}`;
}

/** An address that takes an event, and the query `Q` its callers add (none unless declared). */
const at =
  <Q extends Query = Record<string, never>>(pathname: string) =>
  (eventId: EventId | undefined, query?: Q): string =>
    eventAddress(pathname, eventId, query);

export const paths = {
  // The public pages of an event (the spec's addresses) and their live streams.
  event: at<{ draft?: boolean }>("/event"),
  register: at<{ order?: string; guest?: string; saved?: 1 }>("/register"),
  inroombid: at<{ item?: number; view?: "mine" }>("/inroombid"),
  inroombidStream: at("/inroombid/stream"),
  dp: at<{ amount?: number; fundraiser?: number; receipt?: string }>("/dp"),
  pi: at<{ raise?: number; thanks?: number }>("/pi"),
  piStream: at("/pi/stream"),
  raffle: at<{ bought?: number; numbers?: readonly number[] }>("/raffle"),
  raffleStream: at("/raffle/stream"),
  duel: at<{ duel?: number; thanks?: number }>("/duel"),
  duelStream: at("/duel/stream"),
  cattlemen: at("/cattlemen"),
  allcattlemen: at("/allcattlemen"),
  live: at<{ lot?: number }>("/live"),
  livePaddle: at<{ paddle: string }>("/live/paddle"),
  liveStream: at("/live/stream"),
  liveSync: at("/live/sync"),
  livec: at("/livec"),
  livecStream: at("/livec/stream"),
  woa2025monitor: at("/woa2025monitor"),
  woa2025monitorStream: at("/woa2025monitor/stream"),
  lun2025monitor: at("/lun2025monitor"),
  lun2025monitorStream: at("/lun2025monitor/stream"),

  // The admin: the hub's event choice and its live stream, then the workspace's screens.
  adminEvents: at("/admin/events"),
  adminEventsImport: at("/admin/events/import"),
  adminStream: at("/admin/stream"),
  dashboardStream: at("/admin/dashboard/stream"),
  auctionItemsAuctionItemPage: at<{ item?: number; type?: string }>("/admin/auction_items/auction_item_page"),
  auctionItemsLivePackages: at("/admin/auction_items/live_packages"),
  auctionItemsSilentPackages: at("/admin/auction_items/silent_packages"),
  bidsPurchases: at("/admin/bids/purchases"),
  billingWinners: at<{ guest?: number }>("/admin/billing/winners"),
  billingWinnersSync: at("/admin/billing/winners/sync"),
  bidsLivebidsStream: at("/admin/bids/livebids/stream"),
  bidsPaddleraises: at<{ raise?: number }>("/admin/bids/paddleraises"),
  bidsPaddleraisesStream: at("/admin/bids/paddleraises/stream"),
  bidsPaddleraisesSync: at("/admin/bids/paddleraises/sync"),
  bidsRaffleStream: at("/admin/bids/raffle/stream"),
  bidsSilentbidsStream: at("/admin/bids/silentbids/stream"),
  registrationCheckinout: at<{ token?: string }>("/admin/registration/checkinout"),
  registrationCheckinoutStream: at("/admin/registration/checkinout/stream"),
  registrationCheckinoutSync: at("/admin/registration/checkinout/sync"),
  registrationRegistrants: at("/admin/registration/registrants"),
  registrationSeatingPrint: at<{ kind: "chart" | "cards" }>("/admin/registration/seating/print"),
  setupBilling: at("/admin/setup/billing"),
  setupEventArchive: at("/admin/setup/event/archive"),
  setupBranding: at("/admin/setup/branding"),
  setupLiveAuction: at("/admin/setup/live_auction"),
  setupModules: at("/admin/setup/modules"),
  setupRegistration: at("/admin/setup/registration"),
  solemenDonationsLetter: at<{ gift: number }>("/admin/solemen/donations/letter"),
} as const;
