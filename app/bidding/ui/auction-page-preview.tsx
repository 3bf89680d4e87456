/**
 * The page designer's preview of the silent-auction page: the real gallery (GalleryPage, with the event's items and
 * their bids) drawn from the tree being edited. It is a picture: the controls inside are inert.
 */
import { useEffect, useMemo, useRef } from "react";
import { auctionPageStyle, resolveAuctionPage } from "../auction-page";
import { GalleryPage } from "./gallery-page";
import { GALLERY_STEP, type GalleryCard } from "./gallery-view";
import type { LiveItem } from "../live-item";
import type { EventBranding } from "~/ui/branding";

export interface AuctionPreviewData {
  eventId: number;
  eventTitle: string;
  excerpt: string | null;
  branding: EventBranding;
  currency: string;
  cards: GalleryCard[];
  live: LiveItem[];
  categories: string[];
  serverNow: number;
}

const NOTHING = new Set<number>();

export function AuctionPagePreview({ tree, data }: { tree: unknown; data: AuctionPreviewData }) {
  const settings = resolveAuctionPage(tree, data.branding);
  const live = useMemo(() => new Map(data.live.map((item) => [item.id, item])), [data.live]);
  const frame = useRef<HTMLDivElement>(null);
  useEffect(() => {
    frame.current?.setAttribute("inert", "");
  }, []);
  return (
    <div
      ref={frame}
      aria-hidden="true"
      className={`bidder-page bidder-page--theme-${settings.global.themeType}`}
      style={auctionPageStyle(data.branding, settings)}
    >
      <div className="bidder-main">
        {data.cards.length === 0 ? (
          <p className="field__help">No items are published in the silent or virtual auction yet.</p>
        ) : null}
        <GalleryPage
          preview
          settings={settings}
          title={settings.bannerSection.title || data.eventTitle}
          subtitle={settings.bannerSection.subtitle || data.excerpt}
          eventId={data.eventId}
          cards={data.cards}
          live={live}
          categories={data.categories}
          filters={{ q: "", category: "", sort: settings.auctionSection.sort, shown: GALLERY_STEP }}
          currency={data.currency}
          paddle={null}
          bidOn={NOTHING}
          watched={NOTHING}
          serverNow={data.serverNow}
          serverOffset={0}
        />
      </div>
    </div>
  );
}
