/**
 * The silent-auction page's gallery as the settings tree lays it out: the banner, then the items with their
 * categories. /inroombid renders it, and so does the page designer's preview, so the designer shows the real page.
 */
import { GalleryView, sortCards, type GalleryProps } from "./gallery-view";
import type { AuctionPageSettings } from "../auction-page";

type GalleryPageProps = Omit<GalleryProps, "title" | "showCategories" | "show"> & {
  settings: AuctionPageSettings;
  title: string;
  subtitle: string | null;
};

export function GalleryPage({ settings: s, title, subtitle, preview = false, ...gallery }: GalleryPageProps) {
  const Title = preview ? "p" : "h1";
  return (
    <>
      {s.bannerSection.isVisible ? (
        <section className="bidder-banner" aria-label="Auction">
          <Title className="bidder-banner__title">{title}</Title>
          {subtitle ? <p>{subtitle}</p> : null}
        </section>
      ) : preview ? null : (
        <h1 className="visually-hidden">{title}</h1>
      )}
      {s.auctionSection.isVisible ? (
        <GalleryView
          {...gallery}
          preview={preview}
          cards={sortCards(gallery.cards, gallery.live, gallery.filters.sort)}
          title={s.auctionSection.title}
          showCategories={s.categoriesSection.isVisible}
          show={{ value: s.itemGlobal.showValue, bidCount: s.itemGlobal.showBidCount, donor: s.itemGlobal.showDonor }}
        />
      ) : null}
    </>
  );
}
