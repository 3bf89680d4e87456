/**
 * What the bidders' pages of an event show (/inroombid, and a short path that shows the bidding page, such as
 * /cisnew): the board, the view asked for (the gallery, one item with &item=, the bidder's own bids with
 * &view=mine), and the bidder's standing. The route finds the event and who is looking (loadBidderContext).
 */
import { bidderBilling } from "~/billing/bidder-billing.server";
import { readRowId } from "~/db/row-id";
import { db } from "~/db.server";
import { eventFonts } from "~/fonts/font-faces.server";
import { loadMessagePreference } from "~/messages/preferences.server";
import { loadPublicChrome } from "~/public-components/public-components.server";
import { auctionPageStyle } from "./auction-page";
import { rulesForItem } from "./auction-rules.server";
import { loadItemDetail, ownBids, silentAuctionPageSettings, type BidderContext } from "./bidder-page.server";
import { loadBoard, watchedItemIds } from "./board.server";
import { GALLERY_SORTS, type GallerySort } from "./ui/gallery-view";

export async function inRoomBidPage(request: Request, context: BidderContext) {
  const url = new URL(request.url);
  const eventId = context.event.event_id;
  const [board, settings, chrome] = await Promise.all([
    loadBoard(db, context.rules),
    silentAuctionPageSettings(context.event),
    loadPublicChrome(context.event),
  ]);
  const ids = board.map((item) => item.id);
  const [own, watched] = context.user
    ? await Promise.all([
        ownBids(context.user.usrId, eventId, ids),
        watchedItemIds(db, context.user.usrId, ids).then((set) => [...set]),
      ])
    : [[], []];
  const requestedItem = readRowId(url.searchParams.get("item"));
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
    own,
    watched,
    item,
    here,
    signInHref: `/auth/sign-in?returnTo=${encodeURIComponent(here)}`,
    codeHref: `/auth/code?returnTo=${encodeURIComponent(here)}`,
  };
}
