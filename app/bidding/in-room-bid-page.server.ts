/**
 * What the bidders' pages of an event show (/inroombid, and a short path that shows the bidding page, such as
 * /cisnew): the board, the view asked for (the gallery, one item with &item=, the bidder's own bids with
 * &view=mine), and the bidder's standing. The route finds the event and who is looking (bidderPageContext).
 */
import { bidderBilling } from "~/billing/bidder-billing.server";
import { saveCardHref } from "~/billing/cards.server";
import { readRowId } from "~/db/row-id";
import { db } from "~/db.server";
import { eventFonts } from "~/fonts/font-faces.server";
import { loadMessagePreference } from "~/messages/preferences.server";
import { loadPublicChrome } from "~/public-components/public-components.server";
import { auctionPageStyle } from "./auction-page";
import { rulesForItem } from "./auction-rules.server";
import { bidderHref } from "./bidder-links";
import { ownBids, silentAuctionPageSettings, type BidderContext } from "./bidder-page.server";
import { loadBoard, watchedItemIds } from "./board.server";
import { loadItemPage } from "./item-page.server";
import { GALLERY_SORTS, shownCards, type GallerySort } from "./ui/gallery-view";

export async function inRoomBidPage(request: Request, context: BidderContext) {
  const url = new URL(request.url);
  const eventId = context.event.event_id;
  const view = url.searchParams.get("item") ? "item" : url.searchParams.get("view") === "mine" ? "mine" : "gallery";
  const requestedItem = readRowId(url.searchParams.get("item"));
  const [settings, chrome] = await Promise.all([
    silentAuctionPageSettings(context.event),
    loadPublicChrome(context.event),
  ]);
  // An item's page reads its item, the few shown beside it and the bidder's own on them in one statement, not the
  // whole board.
  const beside = settings.extraItemsSection.isVisible ? settings.extraItemsSection.count : 0;
  const itemPage =
    view === "item" && requestedItem !== null
      ? await loadItemPage(db, context.rules, context.user?.usrId ?? null, requestedItem, beside)
      : null;
  const board = itemPage
    ? [...(itemPage.item ? [itemPage.item] : []), ...itemPage.others]
    : await loadBoard(db, context.rules);
  const ids = board.map((entry) => entry.id);
  const [own, watched] = itemPage
    ? [itemPage.own, itemPage.watched]
    : context.user
      ? await Promise.all([
          ownBids(context.user.usrId, eventId, ids),
          watchedItemIds(db, context.user.usrId, ids).then((set) => [...set]),
        ])
      : [[], []];
  const sortParam = url.searchParams.get("sort");
  const filters = {
    q: (url.searchParams.get("q") ?? "").trim().slice(0, 100),
    category: url.searchParams.get("category") ?? "",
    sort: (sortParam && sortParam in GALLERY_SORTS ? sortParam : settings.auctionSection.sort) as GallerySort,
    shown: shownCards(url.searchParams.get("shown")),
  };

  let item = null;
  if (view === "item") {
    const boardItem = board.find((candidate) => candidate.id === requestedItem);
    const detail = itemPage?.detail;
    if (!boardItem || !detail) throw new Response("This item is not in the auction.", { status: 404 });
    const rules = rulesForItem(context.rules, {
      type: boardItem.type,
      xinv_category_id: boardItem.categoryId,
      auction_item_id: boardItem.id,
    })!;
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
      extra: (itemPage?.others ?? []).map((other) => other.id),
    };
  }

  // An item's page and the bidder's own page carry only the items they show (and follow live), not the whole board:
  // after every bid, a phone without JavaScript loads its item's page again.
  const ownIds = new Set([...own.map((entry) => entry.itemId), ...watched]);
  const shown =
    view === "item" && item
      ? new Set([item.detail.id, ...item.extra])
      : view === "mine"
        ? ownIds
        : new Set(board.map((entry) => entry.id));
  const words = filters.q.toLowerCase();
  const cards = board
    .filter((card) => shown.has(card.id) && (view === "gallery" || card.id !== item?.detail.id))
    .filter((card) => view !== "gallery" || !filters.category || card.category === filters.category)
    .filter(
      (card) =>
        view !== "gallery" ||
        !words ||
        `${card.title} ${card.excerpt ?? ""} ${card.donor ?? ""} ${card.lot ?? ""}`.toLowerCase().includes(words),
    )
    // The live lot on the block (on the board only while it takes online bids) leads the gallery: it is bid on now.
    .sort((a, b) => Number(b.type === "live") - Number(a.type === "live"))
    .map(({ live: _live, type: _type, categoryId: _categoryId, increment: _increment, ...card }) => card);
  const here = `${url.pathname}${url.search}`;
  // A short path (/cisnew) shows this page but has no action: the page's forms post to /inroombid, with the view.
  const { id: _eventId, ...viewParams } = Object.fromEntries(url.searchParams);
  // The bidder's own page also says which card is on file and links to their invoice.
  const billing = view === "mine" && context.user ? await bidderBilling(eventId, context.user.usrId, here) : null;
  const messagePreference =
    view === "mine" && context.user ? await loadMessagePreference(db, context.user.usrId, eventId) : null;
  return {
    billing,
    messagePreference,
    view,
    preview: context.preview,
    chrome,
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
          cardHref: context.user.needsCard ? saveCardHref(context.event.event_id, here) : null,
        }
      : null,
    settings,
    cards,
    live: board.filter((entry) => shown.has(entry.id)).map((entry) => entry.live),
    categories: [...new Set(board.map((card) => card.category).filter((name): name is string => Boolean(name)))].sort(),
    filters,
    own,
    watched,
    item,
    here,
    postHref: bidderHref(eventId, viewParams),
    signInHref: `/auth/sign-in?returnTo=${encodeURIComponent(here)}`,
    codeHref: `/auth/code?returnTo=${encodeURIComponent(here)}`,
  };
}
