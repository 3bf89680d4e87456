/**
 * Sample data for the design lab's bidder pages (/admin/eric/silentauctionitem and silentauctiongallery): the real
 * bidder screen's data, made up, one item in each state a bidder can meet. Never the event's live bids: the lab shows
 * how the pages look, in the event's theme, not what is happening in its auction.
 */
import type { LiveItem, OwnBid } from "~/bidding/live-item";
import type { GalleryCard } from "~/bidding/ui/gallery-view";
import type { InRoomBidData } from "~/bidding/ui/in-room-bid-screen";

export const SAMPLE_STATES = {
  open: { label: "Open", description: "Bidding is open; this bidder has not bid on it." },
  winning: { label: "Winning", description: "This bidder holds the highest bid." },
  outbid: { label: "Outbid", description: "Someone bid more than this bidder." },
  closingSoon: { label: "Closing soon", description: "Less than five minutes left: the countdown turns urgent." },
  extended: {
    label: "Extended",
    description: "A bid in the last minutes pushed the close out (soft close); it reads as a fresh countdown.",
  },
  closed: { label: "Closed", description: "Bidding has ended; this bidder did not bid." },
  won: { label: "Won", description: "Bidding has ended and this bidder holds the winning bid." },
  noBids: { label: "No bids yet", description: "Open, with the starting bid shown." },
  noPicture: { label: "No picture", description: "The item has no picture: its first letter stands in." },
  longTitle: { label: "Long title", description: "A title long enough to wrap over several lines." },
} as const;

export type SampleState = keyof typeof SAMPLE_STATES;

export function isSampleState(value: unknown): value is SampleState {
  return typeof value === "string" && Object.hasOwn(SAMPLE_STATES, value);
}

/** The sample bidder's paddle; the others' bids hold paddle 12. */
const PADDLE = 7;
const OTHER = 12;
const MINUTE = 60_000;

interface Sample {
  card: Omit<GalleryCard, "id">;
  bid: number | null;
  bids: number;
  closesIn: number;
  closed?: boolean;
  /** Whose bid holds the item. */
  holder?: number;
  /** This bidder has bid on it. */
  bidOn?: boolean;
  images: string[];
}

const picture = (name: string) => `/demo/items/${name}.svg`;

function samples(): Record<SampleState, Sample> {
  const card = (title: string, lot: number, image: string | null, value: number, category: string): Sample["card"] => ({
    title,
    lot,
    excerpt: null,
    featuredImage: image,
    value,
    category,
    donor: "The Harbour Inn",
    inPersonOnly: false,
  });
  return {
    open: {
      card: card("Cape Cod Getaway", 101, picture("cape-cod-getaway"), 120_000, "Travel"),
      bid: 45_000,
      bids: 6,
      closesIn: 120 * MINUTE,
      holder: OTHER,
      images: [picture("cape-cod-getaway"), picture("cape-cod-getaway-2")],
    },
    winning: {
      card: card("Chef's Table for Twelve", 102, picture("chefs-table"), 90_000, "Dining"),
      bid: 60_000,
      bids: 9,
      closesIn: 95 * MINUTE,
      holder: PADDLE,
      bidOn: true,
      images: [picture("chefs-table"), picture("chefs-table-2")],
    },
    outbid: {
      card: card("Broadway Weekend", 103, picture("broadway-weekend"), 150_000, "Travel"),
      bid: 82_500,
      bids: 11,
      closesIn: 80 * MINUTE,
      holder: OTHER,
      bidOn: true,
      images: [picture("broadway-weekend"), picture("broadway-weekend-2")],
    },
    closingSoon: {
      card: card("Championship Baseball", 104, picture("championship-baseball"), 40_000, "Sport"),
      bid: 30_000,
      bids: 14,
      closesIn: 4 * MINUTE,
      holder: OTHER,
      images: [picture("championship-baseball")],
    },
    extended: {
      card: card("Sunrise Balloon Ride", 105, picture("balloon-ride"), 70_000, "Experiences"),
      bid: 52_000,
      bids: 17,
      closesIn: 2 * MINUTE,
      holder: OTHER,
      images: [picture("balloon-ride"), picture("balloon-ride-2")],
    },
    closed: {
      card: card("Four Club Seats", 106, picture("club-seats"), 50_000, "Sport"),
      bid: 41_000,
      bids: 8,
      closesIn: -10 * MINUTE,
      closed: true,
      holder: OTHER,
      images: [picture("club-seats")],
    },
    won: {
      card: card("Storytime with an Author", 107, picture("author-storytime"), 25_000, "Experiences"),
      bid: 27_500,
      bids: 5,
      closesIn: -10 * MINUTE,
      closed: true,
      holder: PADDLE,
      bidOn: true,
      images: [picture("author-storytime")],
    },
    noBids: {
      card: card("Aquarium Family Pass", 108, picture("aquarium-family-pass"), 20_000, "Family"),
      bid: null,
      bids: 0,
      closesIn: 150 * MINUTE,
      images: [picture("aquarium-family-pass")],
    },
    noPicture: {
      card: card("Hand-knitted blanket", 109, null, 15_000, "Home"),
      bid: 9_000,
      bids: 3,
      closesIn: 110 * MINUTE,
      holder: OTHER,
      images: [],
    },
    longTitle: {
      card: card(
        "The Champagne Wall: a private after-hours tasting in the museum's old wine cellar, with dinner for eight guests and a signed print of the harbour at dawn",
        110,
        picture("champagne-wall"),
        300_000,
        "Experiences",
      ),
      bid: 125_000,
      bids: 4,
      closesIn: 100 * MINUTE,
      holder: OTHER,
      images: [picture("champagne-wall")],
    },
  };
}

/** What the real screen needs from the event: its theme, name and the shared components. */
export type SampleEvent = Pick<
  InRoomBidData,
  "eventId" | "eventTitle" | "title" | "subtitle" | "branding" | "fonts" | "currency" | "settings" | "chrome"
>;

/** The bidder screen's data: the gallery of every sample, or one sample's item page. */
export function sampleBidderPage(
  event: SampleEvent,
  view: { kind: "gallery" } | { kind: "item"; state: SampleState },
  now = Date.now(),
): InRoomBidData {
  const all = Object.entries(samples()) as Array<[SampleState, Sample]>;
  const idOf = (state: SampleState) => 9001 + all.findIndex(([key]) => key === state);
  const increment = 2_500;
  const live = (state: SampleState, sample: Sample): LiveItem => ({
    id: idOf(state),
    currentBid: sample.bid,
    bidCount: sample.bids,
    nextMinimum: sample.bid === null ? 10_000 : sample.bid + increment,
    closesAt: new Date(now + sample.closesIn).toISOString(),
    closed: sample.closed === true,
    buyNow: null,
    buyNowAvailable: false,
    quantity: 1,
    unitsLeft: sample.closed ? 0 : 1,
    holders: sample.holder === undefined ? [] : [sample.holder],
    holdersOmitted: 0,
    lowestHolding: sample.bid === null ? null : { amount: sample.bid, bidId: idOf(state) * 10 },
  });
  const own: OwnBid[] = all
    .filter(([, sample]) => sample.bidOn)
    .map(([state, sample]) => ({
      itemId: idOf(state),
      best: sample.bid === null ? null : { amount: sample.bid - (sample.holder === PADDLE ? 0 : increment), bidId: 1 },
      boughtOutright: false,
    }));
  const cards = all.map(([state, sample]) => ({ ...sample.card, id: idOf(state) }));
  const item =
    view.kind === "item"
      ? (() => {
          const sample = samples()[view.state];
          return {
            detail: {
              id: idOf(view.state),
              title: sample.card.title,
              lot: sample.card.lot,
              donor: sample.card.donor,
              category: sample.card.category,
              value: sample.card.value,
              descriptionHtml:
                "<p>A sample item of the design lab. Its words, pictures and bids are made up to show the page in this state.</p>",
              disclaimer: "Sample only: this item is not in the auction.",
              images: sample.images,
            },
            increment,
            incrementPolicy: { kind: "item" as const },
            proxyEnabled: true,
            inPersonOnly: false,
            extra: cards.filter((card) => card.id !== idOf(view.state)).map((card) => card.id),
          };
        })()
      : null;
  const here = "/inroombid";
  return {
    ...event,
    billing: null,
    messagePreference: null,
    view: view.kind,
    preview: false,
    bannerImage: null,
    serverNow: now,
    user: { name: "Sample bidder", paddle: PADDLE, canBidForGuests: false, cardHref: null },
    cards,
    live: all.map(([state, sample]) => live(state, sample)),
    categories: [...new Set(cards.map((card) => card.category).filter((name): name is string => name !== null))].sort(),
    filters: { q: "", category: "", sort: event.settings.auctionSection.sort },
    own,
    watched: [],
    item: item && { ...item, extra: item.extra.slice(0, event.settings.extraItemsSection.count) },
    here,
    signInHref: `/auth/sign-in?returnTo=${encodeURIComponent(here)}`,
    codeHref: `/auth/code?returnTo=${encodeURIComponent(here)}`,
  };
}
