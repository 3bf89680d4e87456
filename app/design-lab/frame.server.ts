/**
 * One frame of the design lab: the bidder screen of the current event's theme (its silent-auction page settings,
 * branding, fonts and shared components) filled with sample data (./bidder-samples.ts).
 */
import { auctionPageStyle } from "~/bidding/auction-page";
import { silentAuctionPageSettings } from "~/bidding/bidder-page.server";
import { eventSettings } from "~/events/event-settings.server";
import { eventFonts } from "~/fonts/font-faces.server";
import { loadPublicChrome } from "~/public-components/public-components.server";
import { isSampleState, sampleBidderPage } from "./bidder-samples";

export async function labFrame(eventId: number, url: URL) {
  const row = await eventSettings(eventId);
  const [settings, chrome] = await Promise.all([silentAuctionPageSettings(row), loadPublicChrome(row)]);
  const state = url.searchParams.get("state");
  const view = url.searchParams.get("view") === "item" ? "item" : "gallery";
  if (view === "item" && !isSampleState(state)) throw new Response("There is no such sample state.", { status: 404 });
  return sampleBidderPage(
    {
      eventId,
      eventTitle: row.title,
      title: settings.bannerSection.title || row.title,
      subtitle: settings.bannerSection.subtitle || row.excerpt,
      branding: auctionPageStyle(row, settings),
      fonts: eventFonts(row),
      currency: row.currency,
      settings,
      chrome,
    },
    view === "item" && isSampleState(state) ? { kind: "item", state } : { kind: "gallery" },
  );
}
