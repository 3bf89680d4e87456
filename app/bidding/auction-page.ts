/**
 * The silent-auction page's settings (silent_auction.meta; the page designer's "Silent auction page"),
 * resolved against the event: the event's branding is the default of the theme's colours and fonts, as on the
 * landing page. Client-safe: /inroombid resolves the published tree on the server, the designer's preview the tree
 * being edited in the browser, so both draw the same page.
 */
import { pageThemeStyle, themeDefaults, type EventBranding } from "~/ui/branding";
import { resolveSilentAuctionMeta } from "~drizzle/schema/settings";

export function resolveAuctionPage(tree: unknown, event: EventBranding) {
  return resolveSilentAuctionMeta(tree, { global: themeDefaults(event) });
}

export type AuctionPageSettings = ReturnType<typeof resolveAuctionPage>;

/** The page's colours and fonts as CSS custom properties. */
export function auctionPageStyle(event: EventBranding, settings: AuctionPageSettings) {
  return pageThemeStyle(event, settings.global);
}
