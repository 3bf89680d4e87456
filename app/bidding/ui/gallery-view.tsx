import { Form, Link } from "@remix-run/react";
import { ResponsiveImage } from "~/images/ui/responsive-image";
import { formatMoney } from "~/ui/format";
import { Countdown } from "./countdown";
import { STANDING_LABELS, standingOf } from "./live-board";
import { MoreCards } from "./more-cards";
import type { LiveItem } from "../live-item";

export interface GalleryCard {
  id: number;
  title: string;
  lot: number | null;
  excerpt: string | null;
  featuredImage: string | null;
  value: number | null;
  category: string | null;
  donor: string | null;
  inPersonOnly: boolean;
}

export const GALLERY_SORTS = {
  endingSoon: "Ending soon",
  mostBids: "Most bids",
  noBids: "No bids yet",
  value: "Value",
} as const;
export type GallerySort = keyof typeof GALLERY_SORTS;

/**
 * How many cards the gallery shows at first, and adds each time the guest asks for more or scrolls near the end (`shown`
 * in its address): a gala's silent auction has 50–500 items, and a phone that draws and hydrates all of them at once
 * works for seconds before the page answers.
 */
export const GALLERY_STEP = 48;

/** The number of cards an address asks to show (`?shown=`), at least one step's. */
export function shownCards(param: string | null): number {
  const asked = Number.parseInt(param ?? "", 10);
  return Number.isFinite(asked) ? Math.max(asked, GALLERY_STEP) : GALLERY_STEP;
}

export interface GalleryProps {
  eventId: number;
  cards: GalleryCard[];
  live: Map<number, LiveItem>;
  categories: string[];
  filters: { q: string; category: string; sort: GallerySort; shown: number };
  title: string;
  showCategories: boolean;
  show: { value: boolean; bidCount: boolean; donor: boolean };
  currency: string;
  paddle: number | null;
  bidOn: Set<number>;
  watched: Set<number>;
  serverNow: number;
  serverOffset: number;
  /** Inside the page designer: a picture of the page, which loads nothing by itself. */
  preview?: boolean;
}

/** How many cards a phone shows before scrolling (one column): their pictures load at once, the rest when near. */
const EAGER_CARDS = 2;

/** The silent-auction gallery: find items by category, words and order; each card shows its live state. */
export function GalleryView(props: GalleryProps) {
  const { eventId, cards, live, categories, filters, currency, paddle, bidOn, watched } = props;
  const money = (cents: number) => formatMoney(cents, currency);
  return (
    <section className="gallery" aria-labelledby="gallery-title">
      <h2 id="gallery-title" className="gallery__title">
        {props.title}
      </h2>
      <Form method="get" className="gallery__filters" role="search" aria-label="Find items">
        <input type="hidden" name="id" value={eventId} />
        <label className="gallery__search">
          <span className="visually-hidden">Search items</span>
          <input type="search" name="q" defaultValue={filters.q} placeholder="Search items" />
        </label>
        <label>
          <span className="gallery__label">Sort</span>
          <select name="sort" defaultValue={filters.sort}>
            {Object.entries(GALLERY_SORTS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        {props.showCategories && categories.length > 0 ? (
          <label>
            <span className="gallery__label">Category</span>
            <select name="category" defaultValue={filters.category}>
              <option value="">All categories</option>
              {categories.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <button type="submit" className="button button--secondary button--md">
          Show
        </button>
      </Form>
      {props.showCategories && categories.length > 0 ? (
        <nav className="gallery__chips" aria-label="Categories">
          <Link
            to={`?${new URLSearchParams({ id: String(eventId), sort: filters.sort, q: filters.q })}`}
            aria-current={filters.category === "" ? "page" : undefined}
          >
            All
          </Link>
          {categories.map((name) => (
            <Link
              key={name}
              to={`?${new URLSearchParams({ id: String(eventId), sort: filters.sort, q: filters.q, category: name })}`}
              aria-current={filters.category === name ? "page" : undefined}
            >
              {name}
            </Link>
          ))}
        </nav>
      ) : null}
      {cards.length === 0 ? (
        <p className="gallery__empty">
          {filters.q || filters.category
            ? "No items match. Try other words or another category."
            : "No items are up for bidding yet."}
        </p>
      ) : (
        <ul className="gallery__grid">
          {cards.slice(0, filters.shown).map((card, index) => {
            const item = live.get(card.id)!;
            const standing = standingOf(item, paddle, bidOn.has(card.id));
            return (
              <li key={card.id} id={`card-${card.id}`} className="item-card" data-item-id={card.id}>
                <Link
                  to={`/inroombid?${new URLSearchParams({ id: String(eventId), item: String(card.id) })}`}
                  className="item-card__link"
                >
                  <div className="item-card__picture">
                    {card.featuredImage ? (
                      <ResponsiveImage
                        image={card.featuredImage}
                        alt=""
                        sizes="(min-width: 60rem) 18rem, (min-width: 36rem) 45vw, 100vw"
                        // The first cards are on a phone's first screen: their pictures are the page's largest paint.
                        loading={index < EAGER_CARDS ? "eager" : "lazy"}
                        priority={index === 0}
                      />
                    ) : (
                      <span className="item-card__no-picture" aria-hidden="true">
                        {card.title.slice(0, 1)}
                      </span>
                    )}
                    {standing ? (
                      <span className={`standing standing--${standing}`}>{STANDING_LABELS[standing]}</span>
                    ) : null}
                  </div>
                  <div className="item-card__body">
                    <h3 className="item-card__title">
                      {card.lot !== null ? <span className="item-card__lot">#{card.lot} </span> : null}
                      {card.title}
                    </h3>
                    {props.show.donor && card.donor ? <p className="item-card__meta">Given by {card.donor}</p> : null}
                    <dl className="item-card__facts">
                      <div>
                        <dt>{item.currentBid !== null ? "Current bid" : "Starting bid"}</dt>
                        <dd className="item-card__amount" data-testid="current-bid">
                          {money(item.currentBid ?? item.nextMinimum)}
                        </dd>
                      </div>
                      {props.show.bidCount ? (
                        <div>
                          <dt>Bids</dt>
                          <dd data-testid="bid-count">{item.bidCount}</dd>
                        </div>
                      ) : null}
                      {props.show.value && card.value ? (
                        <div>
                          <dt>Value</dt>
                          <dd>{money(card.value)}</dd>
                        </div>
                      ) : null}
                      <div>
                        <dt>Time left</dt>
                        <dd>
                          <Countdown
                            closesAt={item.closesAt}
                            closed={item.closed}
                            serverNow={props.serverNow}
                            serverOffset={props.serverOffset}
                          />
                        </dd>
                      </div>
                    </dl>
                    {card.inPersonOnly ? <p className="item-card__meta">In the room only</p> : null}
                    {watched.has(card.id) ? <p className="item-card__meta">★ Watching</p> : null}
                  </div>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      {cards.length > filters.shown ? (
        <MoreCards
          href={`?${new URLSearchParams({
            id: String(eventId),
            sort: filters.sort,
            ...(filters.q ? { q: filters.q } : {}),
            ...(filters.category ? { category: filters.category } : {}),
            shown: String(filters.shown + GALLERY_STEP),
          })}`}
          firstNewCardId={`card-${cards[filters.shown].id}`}
          shown={filters.shown}
          total={cards.length}
          next={Math.min(GALLERY_STEP, cards.length - filters.shown)}
          whenNear={!props.preview}
        />
      ) : null}
    </section>
  );
}

/** Orders the cards as asked; the live state decides "ending soon", "most bids" and "no bids yet". */
export function sortCards(cards: GalleryCard[], live: Map<number, LiveItem>, sort: GallerySort): GalleryCard[] {
  const closes = (card: GalleryCard) => {
    const item = live.get(card.id)!;
    return item.closed
      ? Number.POSITIVE_INFINITY
      : item.closesAt
        ? new Date(item.closesAt).getTime()
        : Number.MAX_SAFE_INTEGER;
  };
  const bids = (card: GalleryCard) => live.get(card.id)!.bidCount;
  const sorted = [...cards];
  if (sort === "endingSoon") sorted.sort((a, b) => closes(a) - closes(b));
  if (sort === "mostBids") sorted.sort((a, b) => bids(b) - bids(a));
  if (sort === "noBids") sorted.sort((a, b) => Number(bids(a) > 0) - Number(bids(b) > 0) || closes(a) - closes(b));
  if (sort === "value") sorted.sort((a, b) => (b.value ?? 0) - (a.value ?? 0));
  return sorted;
}
