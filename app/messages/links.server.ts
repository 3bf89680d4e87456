/** The addresses that messages link to: no request names the site's origin when the outbox worker sends. */
import { config } from "~/config.server";
import { paths } from "~/http/paths";

export function messageOrigin(): string {
  if (config.PUBLIC_URL) return config.PUBLIC_URL.replace(/\/+$/, "");
  const local = /^(localhost|127\.0\.0\.1)$/.test(config.APP_HOST);
  return local ? `http://${config.APP_HOST}:${config.PORT}` : `https://${config.APP_HOST}`;
}

// The bidder page's addresses, as app/bidding/bidder-links.ts makes them: messages sit below bidding (bidding writes
// to the outbox), so they are spelt here rather than imported upwards.

/** The item on the bidder page: short enough for a text. */
export function itemLink(eventId: number, itemId: number): string {
  return `${messageOrigin()}${paths.inroombid(eventId, { item: itemId })}`;
}

/** The live auction's page (/livec): the lot on the block now, and what the lots before it sold for. */
export function liveAuctionLink(eventId: number): string {
  return `${messageOrigin()}${paths.livec(eventId)}`;
}

/**
 * Where a winner sees what they won when no invoice link is added at send time (billing adds the signed /invoice
 * link to "won" messages: app/outbox-enrichers.server.ts): the bidder page's list of the guest's items.
 */
export function invoiceLink(eventId: number): string {
  return `${messageOrigin()}${paths.inroombid(eventId, { view: "mine" })}`;
}

/** The bidder's own page: what they bid on, lead and won. */
export function myBidsLink(eventId: number): string {
  return `${messageOrigin()}${paths.inroombid(eventId, { view: "mine" })}`;
}

export function eventLink(eventId: number): string {
  return `${messageOrigin()}${paths.event(eventId)}`;
}
