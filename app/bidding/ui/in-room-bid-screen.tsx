/**
 * The bidders' pages of an event on a phone first: the bar (event, items, give, my bids or sign in, the paddle, the
 * live connection), then the gallery, one item, or the bidder's own bids, following the live board.
 */
import { Link, useRevalidator } from "@remix-run/react";
import { useEffect, useMemo, useRef } from "react";
import { FontFaces } from "~/fonts/ui/event-fonts";
import { paths } from "~/http/paths";
import { AnnouncementBar, ChromeBrand, ChromeFooter, SponsorStrip } from "~/public-components/ui/public-chrome";
import { PreviewBanner } from "~/ui/preview-banner";
import { useAnswerToast } from "~/ui/toast";
import { useHydrated } from "~/ui/use-hydrated";
import { bidderHref } from "../bidder-links";
import { placedIn, withPlacedBid } from "../placed-bid";
import { GalleryPage } from "./gallery-page";
import { ItemView } from "./item-view";
import { useLiveBoard } from "./live-board";
import { MessagePreferencesForm } from "./message-preferences-form";
import { MyBidsView } from "./my-bids-view";
import type { inRoomBidPage } from "../in-room-bid-page.server";
import type { SerializeFrom } from "@remix-run/node";

export type InRoomBidData = SerializeFrom<typeof inRoomBidPage>;

export function InRoomBidScreen({
  data,
  actionData,
}: {
  data: InRoomBidData;
  /** The answer to the page's last post: a bid's review, a bid placed, or a reply refusing a form (each reads its own). */
  actionData?: unknown;
}) {
  const paddle = data.user?.paddle ?? null;
  const placed = placedIn(actionData);
  useAnswerToast(placed?.toast);
  const own = useMemo(() => withPlacedBid(data.own, placed), [data.own, placed]);
  const { items: live, status, serverOffset } = useLiveBoard(data.eventId, data.live, paddle, own);
  // A placed bid's item state comes over the stream; a page whose stream is not open loads its data again instead.
  const revalidator = useRevalidator();
  const statusNow = useRef(status);
  statusNow.current = status;
  useEffect(() => {
    if (placed && statusNow.current !== "live") revalidator.revalidate();
    // Once per answer: the revalidator changes identity as it runs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [placed]);
  // Without JavaScript the page is not live: it says nothing about a connection.
  const hydrated = useHydrated();
  const bidOn = useMemo(() => new Set(own.map((entry) => entry.itemId)), [own]);
  const watched = useMemo(() => new Set(data.watched), [data.watched]);
  const s = data.settings;
  const galleryHref = bidderHref(data.eventId);
  const itemHref = (id: number) => bidderHref(data.eventId, { item: id });
  const cardsById = new Map(data.cards.map((card) => [card.id, card]));

  return (
    <div className={`bidder-page bidder-page--theme-${s.global.themeType}`} style={data.branding}>
      <FontFaces css={data.fonts.css} />
      {data.preview ? <PreviewBanner feature="The auction" /> : null}
      <AnnouncementBar chrome={data.chrome} />
      <header className="bidder-bar">
        <Link to={galleryHref} className="bidder-bar__event">
          <ChromeBrand brand={data.chrome.brand} />
        </Link>
        <nav aria-label="Auction" className="bidder-bar__nav">
          <Link to={galleryHref} aria-current={data.view === "gallery" ? "page" : undefined}>
            Items
          </Link>
          {/* Gifts, raffle tickets and items for sale: the event's giving pages. */}
          <Link to={paths.dp(data.eventId)}>Give</Link>
          {data.user ? (
            <Link
              to={bidderHref(data.eventId, { view: "mine" })}
              aria-current={data.view === "mine" ? "page" : undefined}
            >
              My bids
            </Link>
          ) : (
            <Link to={data.signInHref}>Sign in</Link>
          )}
          {paddle !== null ? <span className="bidder-bar__paddle">Bidder {paddle}</span> : null}
        </nav>
        {hydrated ? (
          <span className={`live-status live-status--${status}`} role="status">
            {status === "live" ? "Live" : status === "reconnecting" ? "Reconnecting…" : "Connecting…"}
          </span>
        ) : null}
      </header>
      <main className="bidder-main">
        {data.view === "item" && data.item ? (
          <ItemView
            detail={data.item.detail}
            live={live.get(data.item.detail.id)!}
            bidOn={bidOn.has(data.item.detail.id)}
            watching={watched.has(data.item.detail.id)}
            postHref={data.postHref}
            paddle={paddle}
            signedIn={data.user !== null}
            currency={data.currency}
            serverNow={data.serverNow}
            serverOffset={serverOffset}
            galleryHref={galleryHref}
            sections={{
              countdown: s.itemCountdownSection.isVisible,
              carousel: s.carouselSection.isVisible,
              carouselAutoplay: s.carouselSection.autoplaySeconds,
              details: s.itemDetailsSection.isVisible,
              disclaimer: s.itemDetailsSection.showDisclaimer,
              toolbar: s.biddingToolbarSection.isVisible,
              value: s.itemGlobal.showValue,
              bidCount: s.itemGlobal.showBidCount,
              donor: s.itemGlobal.showDonor,
            }}
            panel={{
              increment: data.item.increment,
              incrementPolicy: data.item.incrementPolicy,
              currency: data.currency,
              inPersonOnly: data.item.inPersonOnly,
              proxyEnabled: data.item.proxyEnabled,
              show: { buyNow: s.biddingToolbarSection.showBuyNow, maxBid: s.biddingToolbarSection.showMaxBid },
              user: data.user,
              signInHref: data.signInHref,
              codeHref: data.codeHref,
              actionData,
              here: data.here,
              postHref: data.postHref,
            }}
            extra={
              data.item.extra.length > 0
                ? {
                    title: s.extraItemsSection.title,
                    items: data.item.extra.map((id) => ({
                      id,
                      title: cardsById.get(id)?.title ?? "",
                      href: itemHref(id),
                      currentBid: live.get(id)?.currentBid ?? null,
                      nextMinimum: live.get(id)?.nextMinimum ?? 0,
                    })),
                  }
                : null
            }
          />
        ) : data.view === "mine" ? (
          data.user ? (
            <MyBidsView
              entries={data.cards
                .filter((card) => bidOn.has(card.id) || watched.has(card.id))
                .map((card) => ({
                  id: card.id,
                  title: card.title,
                  href: itemHref(card.id),
                  bidOn: bidOn.has(card.id),
                  watched: watched.has(card.id),
                }))}
              live={live}
              paddle={paddle}
              currency={data.currency}
              serverNow={data.serverNow}
              serverOffset={serverOffset}
              billing={data.billing}
            >
              {data.messagePreference ? (
                <MessagePreferencesForm saved={data.messagePreference} reply={actionData} postHref={data.postHref} />
              ) : null}
            </MyBidsView>
          ) : (
            <p>
              <Link to={data.signInHref}>Sign in</Link> to see your bids.
            </p>
          )
        ) : (
          <GalleryPage
            settings={s}
            title={data.title}
            subtitle={data.subtitle}
            eventId={data.eventId}
            cards={data.cards}
            live={live}
            categories={data.categories}
            filters={data.filters}
            currency={data.currency}
            paddle={paddle}
            bidOn={bidOn}
            watched={watched}
            serverNow={data.serverNow}
            serverOffset={serverOffset}
          />
        )}
      </main>
      <SponsorStrip chrome={data.chrome} />
      <ChromeFooter chrome={data.chrome} />
    </div>
  );
}
