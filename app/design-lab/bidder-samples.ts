/**
 * Sample data for the design lab's bidder pages (/admin/eric/silentauctionitem and silentauctiongallery): the real
 * bidder screen's data, made up, one item in each state a bidder can meet. Never the event's live bids: the lab shows
 * how the pages look, in the event's theme, not what is happening in its auction.
 */
import { GALLERY_STEP, type GalleryCard } from "~/bidding/ui/gallery-view";
import type { LiveItem, OwnBid } from "~/bidding/live-item";
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

/**
 * A sample, as a row of the table below: its item (title, the demo picture's name and how many views of it there are,
 * value, category) and its bidding (the highest bid, null for none; how many bids; minutes to the close, negative once
 * closed; whose bid holds it; whether this bidder has bid on it).
 */
type Row = [
  title: string,
  picture: string | null,
  views: number,
  value: number,
  category: string,
  bid: number | null,
  bids: number,
  minutesLeft: number,
  holder?: number,
  bidOn?: boolean,
];

const LONG_TITLE =
  "The Champagne Wall: a private after-hours tasting in the museum's old wine cellar, with dinner for eight guests and a signed print of the harbour at dawn";

/** One item in each state, lots 101 on in this order. */
const ROWS: Record<SampleState, Row> = {
  open: ["Cape Cod Getaway", "cape-cod-getaway", 2, 120_000, "Travel", 45_000, 6, 120, OTHER],
  winning: ["Chef's Table for Twelve", "chefs-table", 2, 90_000, "Dining", 60_000, 9, 95, PADDLE, true],
  outbid: ["Broadway Weekend", "broadway-weekend", 2, 150_000, "Travel", 82_500, 11, 80, OTHER, true],
  closingSoon: ["Championship Baseball", "championship-baseball", 1, 40_000, "Sport", 30_000, 14, 4, OTHER],
  extended: ["Sunrise Balloon Ride", "balloon-ride", 2, 70_000, "Experiences", 52_000, 17, 2, OTHER],
  closed: ["Four Club Seats", "club-seats", 1, 50_000, "Sport", 41_000, 8, -10, OTHER],
  won: ["Storytime with an Author", "author-storytime", 1, 25_000, "Experiences", 27_500, 5, -10, PADDLE, true],
  noBids: ["Aquarium Family Pass", "aquarium-family-pass", 1, 20_000, "Family", null, 0, 150],
  noPicture: ["Hand-knitted blanket", null, 0, 15_000, "Home", 9_000, 3, 110, OTHER],
  longTitle: [LONG_TITLE, "champagne-wall", 1, 300_000, "Experiences", 125_000, 4, 100, OTHER],
};

interface Sample {
  card: Omit<GalleryCard, "id">;
  bid: number | null;
  bids: number;
  closesIn: number;
  closed: boolean;
  /** Whose bid holds the item. */
  holder?: number;
  /** This bidder has bid on it. */
  bidOn?: boolean;
  images: string[];
}

/** A demo picture (scripts/make-demo-images.mjs): its first view, or another. */
const picture = (name: string, view = 1) => `/demo/items/${view === 1 ? name : `${name}-${view}`}.svg`;

function toSample(
  [title, name, views, value, category, bid, bids, minutesLeft, holder, bidOn]: Row,
  lot: number,
): Sample {
  return {
    card: {
      title,
      lot,
      excerpt: null,
      featuredImage: name ? picture(name) : null,
      value,
      category,
      donor: "The Harbour Inn",
      inPersonOnly: false,
    },
    bid,
    bids,
    closesIn: minutesLeft * MINUTE,
    closed: minutesLeft < 0,
    holder,
    bidOn,
    images: name ? Array.from({ length: views }, (_, view) => picture(name, view + 1)) : [],
  };
}

/** The samples in the table's order. */
function samples(): Array<[SampleState, Sample]> {
  const rows = Object.entries(ROWS) as Array<[SampleState, Row]>;
  return rows.map(([state, row], index) => [state, toSample(row, 101 + index)]);
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
  const all = samples();
  const idOf = (state: SampleState) => 9001 + all.findIndex(([key]) => key === state);
  const increment = 2_500;
  const live = (state: SampleState, sample: Sample): LiveItem => ({
    id: idOf(state),
    currentBid: sample.bid,
    bidCount: sample.bids,
    nextMinimum: sample.bid === null ? 10_000 : sample.bid + increment,
    closesAt: new Date(now + sample.closesIn).toISOString(),
    closed: sample.closed,
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
          const sample = new Map(all).get(view.state)!;
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
    filters: { q: "", category: "", sort: event.settings.auctionSection.sort, shown: GALLERY_STEP },
    own,
    watched: [],
    item: item && { ...item, extra: item.extra.slice(0, event.settings.extraItemsSection.count) },
    here,
    // The frame is inert: its forms are drawn, never sent.
    postHref: here,
    signInHref: `/auth/sign-in?returnTo=${encodeURIComponent(here)}`,
    codeHref: `/auth/code?returnTo=${encodeURIComponent(here)}`,
  };
}
