import { Link, useActionData, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { useMemo } from "react";
import { auctionPageStyle } from "~/bidding/auction-page";
import { rulesForItem } from "~/bidding/auction-rules.server";
import { bidderAction } from "~/bidding/bidder-actions.server";
import { bidderHref } from "~/bidding/bidder-links";
import { itemsBidOn, loadBidderContext, loadItemDetail, silentAuctionPageSettings } from "~/bidding/bidder-page.server";
import { loadBoard, watchedItemIds } from "~/bidding/board.server";
import { GalleryPage } from "~/bidding/ui/gallery-page";
import { GALLERY_SORTS, type GallerySort } from "~/bidding/ui/gallery-view";
import { ItemView } from "~/bidding/ui/item-view";
import { useLiveBoard } from "~/bidding/ui/live-board";
import { MessagePreferencesForm } from "~/bidding/ui/message-preferences-form";
import { MyBidsView } from "~/bidding/ui/my-bids-view";
import { bidderBilling } from "~/billing/bidder-billing.server";
import { db } from "~/db.server";
import { FontFaces } from "~/fonts/event-fonts";
import { eventFonts } from "~/fonts/font-faces.server";
import { loadMessagePreference } from "~/messages/preferences.server";
import biddingHref from "~/styles/bidding.css";
import landingHref from "~/styles/landing.css";
import { ErrorPage } from "~/ui/error-page";
import { PreviewBanner } from "~/ui/preview-banner";
import { useHydrated } from "~/ui/use-hydrated";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: landingHref },
  { rel: "stylesheet", href: biddingHref },
];

/**
 * /inroombid: the bidders' pages of an event's silent and virtual auctions, mobile first. ?id= the event;
 * with &item= one item (bid sheets' QR codes lead here), with &view=mine the bidder's own bids, otherwise the gallery.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const context = await loadBidderContext(request);
  const url = new URL(request.url);
  const eventId = context.event.event_id;
  const [board, settings] = await Promise.all([loadBoard(db, context.rules), silentAuctionPageSettings(context.event)]);
  const ids = board.map((item) => item.id);
  const [bidOn, watched] = context.user
    ? await Promise.all([
        itemsBidOn(context.user.usrId, eventId, ids),
        watchedItemIds(db, context.user.usrId, ids).then((set) => [...set]),
      ])
    : [[], []];
  const requestedItem = Number(url.searchParams.get("item"));
  const view = url.searchParams.get("item") ? "item" : url.searchParams.get("view") === "mine" ? "mine" : "gallery";
  const sortParam = url.searchParams.get("sort");
  const filters = {
    q: (url.searchParams.get("q") ?? "").trim().slice(0, 100),
    category: url.searchParams.get("category") ?? "",
    sort: (sortParam && sortParam in GALLERY_SORTS ? sortParam : settings.auctionSection.sort) as GallerySort,
  };

  let item = null;
  if (view === "item") {
    const boardItem = board.find((candidate) => candidate.id === requestedItem);
    const detail = boardItem ? await loadItemDetail(eventId, boardItem.id) : null;
    if (!boardItem || !detail) throw new Response("This item is not in the auction.", { status: 404 });
    const rules = rulesForItem(context.rules, {
      type: boardItem.type,
      xinv_category_id: boardItem.categoryId,
      auction_item_id: boardItem.id,
    })!;
    const others = board.filter((other) => other.id !== boardItem.id && !other.live.closed);
    const sameCategory = others.filter(
      (other) => other.categoryId !== null && other.categoryId === boardItem.categoryId,
    );
    item = {
      detail: {
        ...detail,
        id: boardItem.id,
        title: boardItem.title,
        lot: boardItem.lot,
        donor: boardItem.donor,
        category: boardItem.category,
        value: boardItem.value,
      },
      increment: boardItem.increment,
      incrementPolicy: rules.incrementPolicy,
      proxyEnabled: rules.proxyEnabled,
      inPersonOnly: boardItem.inPersonOnly,
      extra: settings.extraItemsSection.isVisible
        ? [...sameCategory, ...others.filter((other) => !sameCategory.includes(other))]
            .slice(0, settings.extraItemsSection.count)
            .map((other) => other.id)
        : [],
    };
  }

  const words = filters.q.toLowerCase();
  const cards = board
    .filter((card) => view !== "gallery" || !filters.category || card.category === filters.category)
    .filter(
      (card) =>
        view !== "gallery" ||
        !words ||
        `${card.title} ${card.excerpt ?? ""} ${card.donor ?? ""} ${card.lot ?? ""}`.toLowerCase().includes(words),
    )
    .map(({ live: _live, type: _type, categoryId: _categoryId, increment: _increment, ...card }) => card);
  const here = `${url.pathname}${url.search}`;
  // The bidder's own page also says which card is on file and links to their invoice.
  const billing = view === "mine" && context.user ? await bidderBilling(eventId, context.user.usrId, here) : null;
  const messagePreference =
    view === "mine" && context.user ? await loadMessagePreference(db, context.user.usrId, eventId) : null;
  return {
    billing,
    messagePreference,
    view,
    preview: context.preview,
    eventId,
    title: settings.bannerSection.title || context.event.title,
    eventTitle: context.event.title,
    subtitle: settings.bannerSection.subtitle || context.event.excerpt,
    bannerImage: settings.bannerSection.image || null,
    branding: auctionPageStyle(context.event, settings),
    fonts: eventFonts(context.event),
    currency: context.rules.currency,
    serverNow: Date.now(),
    user: context.user
      ? {
          name: context.user.name,
          paddle: context.user.paddle,
          canBidForGuests: context.user.canBidForGuests,
          // Where to save the card this event asks for before bidding, then come back here.
          cardHref: context.user.needsCard
            ? `/billing/card?${new URLSearchParams({ id: String(context.event.event_id), returnTo: here })}`
            : null,
        }
      : null,
    settings,
    cards,
    live: board.map((entry) => entry.live),
    categories: [...new Set(board.map((card) => card.category).filter((name): name is string => Boolean(name)))].sort(),
    filters,
    bidOn,
    watched,
    item,
    here,
    signInHref: `/auth/sign-in?returnTo=${encodeURIComponent(here)}`,
    codeHref: `/auth/code?returnTo=${encodeURIComponent(here)}`,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  return bidderAction(request);
}

/**
 * A refused bid or the review step changes nothing the page's loader reads (the board follows the live stream), so
 * a phone with JavaScript gets its answer without the whole page being loaded again: in the last minutes, when most
 * bids are refused as outbid, that is most of the server's work (docs/benchmarks.md, "Bidding").
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) => {
  if (actionResult && typeof actionResult === "object" && ("errors" in actionResult || "review" in actionResult))
    return false;
  return defaultShouldRevalidate;
};

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: "Auction · Gavel" }];
  const itemTitle = data.item?.detail.title;
  return [
    { title: `${itemTitle ? `${itemTitle} · ` : data.view === "mine" ? "My bids · " : ""}${data.eventTitle} auction` },
    { name: "description", content: data.subtitle ?? `Bid in the ${data.eventTitle} auction.` },
  ];
};

export default function InRoomBid() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { items: live, status, serverOffset } = useLiveBoard(data.eventId, data.live);
  // Without JavaScript the page is not live: it says nothing about a connection.
  const hydrated = useHydrated();
  const bidOn = useMemo(() => new Set(data.bidOn), [data.bidOn]);
  const watched = useMemo(() => new Set(data.watched), [data.watched]);
  const s = data.settings;
  const paddle = data.user?.paddle ?? null;
  const galleryHref = bidderHref(data.eventId);
  const itemHref = (id: number) => bidderHref(data.eventId, { item: id });
  const cardsById = new Map(data.cards.map((card) => [card.id, card]));

  return (
    <div className={`bidder-page bidder-page--theme-${s.global.themeType}`} style={data.branding}>
      <FontFaces css={data.fonts.css} />
      {data.preview ? <PreviewBanner feature="The auction" /> : null}
      <header className="bidder-bar">
        <Link to={galleryHref} className="bidder-bar__event">
          {data.eventTitle}
        </Link>
        <nav aria-label="Auction" className="bidder-bar__nav">
          <Link to={galleryHref} aria-current={data.view === "gallery" ? "page" : undefined}>
            Items
          </Link>
          {/* Gifts, raffle tickets and items for sale: the event's giving pages. */}
          <Link to={`/dp?id=${data.eventId}`}>Give</Link>
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
              // The messaging form's reply (a FormReply) is not the bid panel's.
              actionData: actionData && !("formId" in actionData) ? actionData : undefined,
              here: data.here,
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
                <MessagePreferencesForm saved={data.messagePreference} reply={actionData} />
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
    </div>
  );
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
