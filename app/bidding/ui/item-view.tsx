import { Form, Link } from "@remix-run/react";
import { Slides } from "~/images/ui/slides";
import { RichText } from "~/rich-text/ui/rich-text";
import { formatMoney } from "~/ui/format";
import { BIDDER_INTENT } from "../bid-form";
import { BidPanel, type BidPanelProps } from "./bid-panel";
import { Countdown } from "./countdown";
import { STANDING_LABELS, standingOf } from "./live-board";
import { OfflineBidGuard } from "./offline-bid-guard";
import type { LiveItem } from "../live-item";

export interface ItemDetail {
  id: number;
  title: string;
  lot: number | null;
  donor: string | null;
  category: string | null;
  value: number | null;
  descriptionHtml: string;
  disclaimer: string | null;
  images: string[];
}

export interface ItemViewProps {
  detail: ItemDetail;
  live: LiveItem;
  bidOn: boolean;
  watching: boolean;
  paddle: number | null;
  signedIn: boolean;
  currency: string;
  serverNow: number;
  serverOffset: number;
  galleryHref: string;
  sections: {
    countdown: boolean;
    carousel: boolean;
    carouselAutoplay: number;
    details: boolean;
    disclaimer: boolean;
    toolbar: boolean;
    value: boolean;
    bidCount: boolean;
    donor: boolean;
  };
  panel: Omit<BidPanelProps, "item" | "title">;
  /** Where the bidder pages' forms post (/inroombid, also from a short path). */
  postHref: string;
  extra: {
    title: string;
    items: { id: number; title: string; href: string; currentBid: number | null; nextMinimum: number }[];
  } | null;
}

/** One item: pictures, story, value, the live bid and the bidding panel. */
export function ItemView(props: ItemViewProps) {
  const { detail, live, currency } = props;
  const money = (cents: number) => formatMoney(cents, currency);
  const standing = standingOf(live, props.paddle, props.bidOn);
  return (
    <article className="item-page" aria-labelledby="item-title">
      <p className="item-page__back">
        <Link to={props.galleryHref}>← All items</Link>
      </p>
      {props.sections.carousel && detail.images.length > 0 ? (
        <Slides
          slides={detail.images.map((image) => ({ image, caption: "" }))}
          autoplaySeconds={props.sections.carouselAutoplay}
          label={`Pictures of ${detail.title}`}
          firstOnFirstScreen
        />
      ) : null}
      <header className="item-page__header">
        <h1 id="item-title">
          {detail.lot !== null ? <span className="item-card__lot">#{detail.lot} </span> : null}
          {detail.title}
        </h1>
        {props.sections.donor && detail.donor ? <p className="item-card__meta">Given by {detail.donor}</p> : null}
      </header>
      <section className="item-page__status" aria-label="Bidding" aria-live="polite">
        {standing ? (
          <p className={`standing standing--${standing} standing--large`}>{STANDING_LABELS[standing]}</p>
        ) : null}
        <dl className="item-card__facts item-card__facts--large">
          <div>
            <dt>{live.currentBid !== null ? "Current bid" : "Starting bid"}</dt>
            <dd className="item-card__amount" data-testid="current-bid">
              {money(live.currentBid ?? live.nextMinimum)}
            </dd>
          </div>
          {!live.closed ? (
            <div>
              <dt>Next minimum</dt>
              <dd data-testid="next-minimum">{money(live.nextMinimum)}</dd>
            </div>
          ) : null}
          {props.sections.bidCount ? (
            <div>
              <dt>Bids</dt>
              <dd data-testid="bid-count">{live.bidCount}</dd>
            </div>
          ) : null}
          {props.sections.value && detail.value ? (
            <div>
              <dt>Fair market value</dt>
              <dd>{money(detail.value)}</dd>
            </div>
          ) : null}
          {live.quantity > 1 ? (
            <div>
              <dt>Available</dt>
              <dd>
                {live.unitsLeft} of {live.quantity}
              </dd>
            </div>
          ) : null}
          {props.sections.countdown ? (
            <div>
              <dt>Time left</dt>
              <dd>
                <Countdown
                  closesAt={live.closesAt}
                  closed={live.closed}
                  serverNow={props.serverNow}
                  serverOffset={props.serverOffset}
                />
              </dd>
            </div>
          ) : null}
        </dl>
      </section>
      {props.sections.toolbar ? (
        <OfflineBidGuard>
          <BidPanel item={live} title={detail.title} {...props.panel} />
        </OfflineBidGuard>
      ) : null}
      {props.signedIn ? (
        <Form method="post" action={props.postHref} className="item-page__watch">
          <input type="hidden" name="item" value={detail.id} />
          <button
            type="submit"
            name="intent"
            value={props.watching ? BIDDER_INTENT.unwatch : BIDDER_INTENT.watch}
            className="button button--ghost button--md"
            aria-pressed={props.watching}
          >
            {props.watching ? "★ Watching" : "☆ Watch this item"}
          </button>
        </Form>
      ) : null}
      {props.sections.details ? (
        <section className="item-page__details" aria-labelledby="details-title">
          <h2 id="details-title">About this item</h2>
          {detail.descriptionHtml ? <RichText html={detail.descriptionHtml} /> : <p>No description yet.</p>}
          {props.sections.disclaimer && detail.disclaimer ? (
            <p className="item-page__disclaimer">{detail.disclaimer}</p>
          ) : null}
        </section>
      ) : null}
      {props.extra && props.extra.items.length > 0 ? (
        <section className="item-page__extra" aria-labelledby="extra-title">
          <h2 id="extra-title">{props.extra.title}</h2>
          <ul>
            {props.extra.items.map((other) => (
              <li key={other.id}>
                <Link to={other.href}>{other.title}</Link>{" "}
                <span className="item-card__meta">{money(other.currentBid ?? other.nextMinimum)}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  );
}
