import { useEffect, useState, type ReactNode } from "react";
import { ResponsiveImage } from "~/images/ui/responsive-image";
import { Slides } from "~/images/ui/slides";
import { AnnouncementBar, ChromeBrand, ChromeFooter, SponsorStrip } from "~/public-components/ui/public-chrome";
import { SponsorItem } from "~/public-components/ui/sponsor-item";
import { RichText } from "~/rich-text/ui/rich-text";
import { landingStyle, timeLeft, type LandingContext, type LandingItem, type LandingSettings } from "../landing-model";
import type { PublicChrome } from "~/public-components/public-chrome";

/**
 * The public landing page of an event (/event): its sections in the order and with the settings of its
 * tree. /event renders it with the published (or, for a previewer, the draft) settings; the page designer renders
 * this same component beside the editor with the settings being edited. Mobile first, server-rendered, complete
 * without JavaScript (the countdown shows the time left when the page was made; the slides scroll sideways).
 */
export function LandingPage({
  context,
  settings,
  banner,
  headingPrefix = "",
  chrome,
}: {
  context: LandingContext;
  settings: LandingSettings;
  banner?: ReactNode;
  headingPrefix?: string;
  /** The event's shared components (announcement, header brand, sponsor strip, footer); the designer has none. */
  chrome?: PublicChrome;
}) {
  const theme = [1, 2, 3].includes(settings.global.themeType) ? settings.global.themeType : 1;
  const id = (name: string) => `${headingPrefix}${name}`;
  const sections: Record<LandingSettings["order"][number], () => ReactNode> = {
    heroSection: () => <Hero context={context} settings={settings} headingId={id("event-title")} />,
    countdownSection: () => <Countdown context={context} settings={settings} headingId={id("event-countdown")} />,
    registrationSection: () => (
      <Registration context={context} settings={settings} headingId={id("event-registration")} />
    ),
    detailsSection: () => <Details settings={settings} headingId={id("event-details")} />,
    auctionsSection: () => <Auctions context={context} settings={settings} headingId={id("event-auctions")} />,
    slidesSection: () => <SlidesSection settings={settings} headingId={id("event-slides")} />,
    sponsorsSection: () => <Sponsors context={context} settings={settings} headingId={id("event-sponsors")} />,
    companySection: () => <Company context={context} settings={settings} headingId={id("event-company")} />,
  };
  const heroShown = settings.heroSection.isVisible;
  // A preview (headingPrefix set) sits inside a page that has its own <main>: one main landmark per page.
  const Main = headingPrefix ? "div" : "main";
  return (
    <div
      className={`landing landing--theme-${theme}`}
      style={landingStyle(settings, context.branding)}
      data-testid="landing-page"
    >
      {banner}
      <AnnouncementBar chrome={chrome} />
      <header className="landing__bar">
        {chrome ? (
          <ChromeBrand brand={chrome.brand} />
        ) : context.event.logo ? (
          <ResponsiveImage
            image={context.event.logo}
            alt={context.event.title}
            className="landing__logo"
            sizes="12rem"
            loading="eager"
            width={192}
            height={48}
          />
        ) : (
          <span className="landing__name">{context.event.title}</span>
        )}
      </header>
      <Main id={headingPrefix ? undefined : "main"} className="landing__main">
        {/* Without the hero the page still needs its one h1. */}
        {heroShown ? null : <h1 className="landing__plain-title">{context.event.title}</h1>}
        {settings.order.map((key) =>
          settings[key].isVisible ? <SectionSlot key={key}>{sections[key]()}</SectionSlot> : null,
        )}
      </Main>
      {/* The page's own sponsors section, when it shows, thanks them already: no second row of the same logos. */}
      {settings.sponsorsSection.isVisible && context.sponsorLevels.length > 0 ? null : <SponsorStrip chrome={chrome} />}
      <Footer context={context} chrome={chrome} />
    </div>
  );
}

/** What each section is drawn from, and the id its heading carries for the section's label. */
type SectionProps = { context: LandingContext; settings: LandingSettings; headingId: string };

function SectionSlot({ children }: { children: ReactNode }) {
  return <>{children}</>;
}

function Hero({ context, settings, headingId }: SectionProps) {
  const hero = settings.heroSection;
  const { registration } = context;
  const cta = registration.href
    ? { href: registration.href, label: hero.callToActionLabel || "Get tickets" }
    : context.galleryHref
      ? { href: context.galleryHref, label: "See the auction" }
      : null;
  const overlay = Math.min(1, Math.max(0, hero.overlayOpacity));
  return (
    <section className={`landing-hero${hero.image ? " landing-hero--image" : ""}`} aria-labelledby={headingId}>
      {hero.image ? (
        <>
          <ResponsiveImage
            image={hero.image}
            alt=""
            className="landing-hero__image"
            sizes="100vw"
            loading="eager"
            priority
            width={1600}
            height={900}
          />
          <div className="landing-hero__overlay" style={{ opacity: overlay }} aria-hidden="true" />
        </>
      ) : null}
      <div className="landing-hero__text">
        <h1 id={headingId}>{hero.title || context.event.title}</h1>
        {hero.subtitle ? <p className="landing-hero__subtitle">{hero.subtitle}</p> : null}
        {hero.showDateAndPlace && (context.event.when || context.event.address) ? (
          <p className="landing-hero__when">
            {context.event.when ? <span>{context.event.when}</span> : null}
            {context.event.address ? <span className="landing-hero__where">{context.event.address}</span> : null}
          </p>
        ) : null}
        {cta ? (
          <a className="landing-button landing-button--large" href={cta.href}>
            {cta.label}
          </a>
        ) : null}
      </div>
    </section>
  );
}

function Countdown({ context, settings, headingId }: SectionProps) {
  const section = settings.countdownSection;
  const target = section.target === "silentAuctionClose" ? context.silentAuctionClosesAt : context.event.startsAt;
  const targetLabel =
    section.target === "silentAuctionClose" ? "until the silent auction closes" : "until the event begins";
  // The server's clock first (same text on the server and at hydration), then the browser ticks on from it.
  const [now, setNow] = useState(() => Date.parse(context.now));
  useEffect(() => {
    const skew = Date.parse(context.now) - Date.now();
    const tick = () => setNow(Date.now() + skew);
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [context.now]);
  if (!target) return null;
  const left = timeLeft(target, now);
  const parts: Array<[number, string]> = left
    ? [
        [left.days, left.days === 1 ? "day" : "days"],
        [left.hours, left.hours === 1 ? "hour" : "hours"],
        [left.minutes, left.minutes === 1 ? "minute" : "minutes"],
        [left.seconds, left.seconds === 1 ? "second" : "seconds"],
      ]
    : [];
  return (
    <section className="landing-section landing-countdown" aria-labelledby={headingId}>
      <h2 id={headingId}>{section.title}</h2>
      {left ? (
        <div
          className="landing-countdown__clock"
          role="timer"
          aria-label={`${left.days} days, ${left.hours} hours and ${left.minutes} minutes ${targetLabel}`}
        >
          {parts.map(([value, unit]) => (
            <div key={unit} className="landing-countdown__part" aria-hidden="true">
              <span className="landing-countdown__value">{String(value).padStart(2, "0")}</span>
              <span className="landing-countdown__unit">{unit}</span>
            </div>
          ))}
        </div>
      ) : (
        <p className="landing-countdown__done">
          {section.target === "silentAuctionClose" ? "The silent auction has closed." : "The event has begun."}
        </p>
      )}
    </section>
  );
}

function Registration({ context, settings, headingId }: SectionProps) {
  const section = settings.registrationSection;
  const { registration } = context;
  if (registration.status === "off" && registration.tickets.length === 0) return null;
  const status =
    registration.status === "open"
      ? registration.closes
        ? `Registration is open until ${registration.closes}.`
        : "Registration is open."
      : registration.status === "notYet"
        ? `Registration opens ${registration.opens}.`
        : registration.status === "closed"
          ? "Registration has closed."
          : null;
  return (
    <section className="landing-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{section.title}</h2>
      {section.text ? <RichText html={section.text} /> : null}
      {registration.tickets.length > 0 ? (
        <ul className="landing-tickets">
          {registration.tickets.map((t) => (
            <li key={t.id} className="landing-card">
              <h3>{t.title}</h3>
              <p className="landing-tickets__price">{t.price}</p>
              {t.seats > 1 ? <p className="landing-muted">Seats {t.seats}</p> : null}
              {t.descriptionHtml ? <RichText html={t.descriptionHtml} /> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {status ? <p className="landing-status">{status}</p> : null}
      {registration.href ? (
        <a className="landing-button" href={registration.href}>
          {section.buttonLabel || "Register"}
        </a>
      ) : null}
    </section>
  );
}

function Details({ settings, headingId }: { settings: LandingSettings; headingId: string }) {
  const section = settings.detailsSection;
  if (!section.body) return null;
  return (
    <section className="landing-section" aria-labelledby={headingId} id="details">
      <h2 id={headingId}>{section.title}</h2>
      <RichText html={section.body} />
    </section>
  );
}

function Auctions({ context, settings, headingId }: SectionProps) {
  const section = settings.auctionsSection;
  if (context.auctions.length === 0) return null;
  const items = section.showItems ? context.items.slice(0, section.itemCount) : [];
  return (
    <section className="landing-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{section.title}</h2>
      {section.text ? <RichText html={section.text} /> : null}
      <ul className="landing-auctions">
        {context.auctions.map((a) => (
          <li key={a.kind} className="landing-card">
            <h3>{a.label}</h3>
            <p>
              {a.itemCount} {a.itemCount === 1 ? "item" : "items"}
            </p>
            {a.hasClosed ? (
              <p>Bidding has closed.</p>
            ) : (
              <>
                {a.opens ? (
                  <p>
                    {a.isOpen ? "Bidding opened" : "Bidding opens"} {a.opens}
                  </p>
                ) : null}
                {a.closes ? <p>Bidding closes {a.closes}</p> : null}
              </>
            )}
            {a.kind === "silent" && context.galleryHref ? (
              <a className="landing-link" href={context.galleryHref}>
                Browse the silent auction
              </a>
            ) : null}
          </li>
        ))}
      </ul>
      {items.length > 0 ? (
        <>
          <h3 className="landing-subheading">A few of the items</h3>
          <ul className="landing-items">
            {items.map((item) => (
              <li key={item.id} className="landing-item">
                <ItemTile item={item} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

/**
 * One of "A few of the items": its picture, title and value, the whole tile a link to the item's page when it has one.
 * The link's name is the item's title alone (the picture is decorative, the value is read after it as the tile's
 * description), so a screen reader's list of links reads as the list of items.
 */
function ItemTile({ item }: { item: LandingItem }) {
  const titleId = `landing-item-${item.id}-title`;
  const valueId = `landing-item-${item.id}-value`;
  const content = (
    <>
      {item.image ? (
        <ResponsiveImage
          image={item.image}
          alt=""
          className="landing-item__image"
          sizes="(min-width: 48rem) 20rem, 50vw"
          width={400}
          height={300}
        />
      ) : (
        <div className="landing-item__image landing-item__image--empty" aria-hidden="true" />
      )}
      <span className="landing-item__title" id={titleId}>
        {item.title}
      </span>
      {item.value ? (
        <span className="landing-item__value landing-muted" id={valueId}>
          Value {item.value}
        </span>
      ) : null}
    </>
  );
  if (!item.href) return <div className="landing-item__body">{content}</div>;
  return (
    <a
      className="landing-item__body landing-item__link"
      href={item.href}
      aria-labelledby={titleId}
      aria-describedby={item.value ? valueId : undefined}
    >
      {content}
    </a>
  );
}

function SlidesSection({ settings, headingId }: { settings: LandingSettings; headingId: string }) {
  const section = settings.slidesSection;
  const slides = section.slides.filter((s) => s.image).map((s) => ({ image: s.image, caption: s.caption ?? "" }));
  if (slides.length === 0) return null;
  const title = section.title || "Pictures";
  return (
    <section className="landing-section" aria-labelledby={headingId}>
      <h2 id={headingId} className={section.title ? undefined : "visually-hidden"}>
        {title}
      </h2>
      <Slides slides={slides} autoplaySeconds={section.autoplaySeconds} label={title} />
    </section>
  );
}

function Sponsors({ context, settings, headingId }: SectionProps) {
  if (context.sponsorLevels.length === 0) return null;
  return (
    <section className="landing-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{settings.sponsorsSection.title}</h2>
      {context.sponsorLevels.map((level, index) => (
        <div key={level.level} className={`landing-sponsors landing-sponsors--tier-${Math.min(index, 3)}`}>
          <h3 className="landing-subheading">{level.level}</h3>
          <ul className="landing-sponsors__list">
            {level.sponsors.map((s) => (
              <SponsorItem
                key={s.id}
                sponsor={s}
                block="landing-sponsors"
                logo={{ sizes: "12rem", width: 192, height: 96 }}
              />
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

function Company({ context, settings, headingId }: SectionProps) {
  const section = settings.companySection;
  if (!section.text && !context.company.logo) return null;
  return (
    <section className="landing-section landing-section--band" aria-labelledby={headingId}>
      <div className="landing-section__inner">
        <h2 id={headingId}>{section.title}</h2>
        {context.company.logo ? (
          <ResponsiveImage
            image={context.company.logo}
            alt={context.company.name ?? "The organisers' logo"}
            className="landing-company__logo"
            sizes="10rem"
          />
        ) : null}
        {section.text ? <RichText html={section.text} /> : null}
      </div>
    </section>
  );
}

function Footer({ context, chrome }: { context: LandingContext; chrome: PublicChrome | undefined }) {
  const { contact } = context;
  const hasContact = Boolean(contact.email || contact.phone || contact.links.length > 0);
  return (
    <ChromeFooter chrome={chrome} className="landing__footer">
      {hasContact ? (
        <>
          <h2 className="visually-hidden">Contact</h2>
          <ul className="landing__contact">
            {contact.email ? (
              <li>
                <a href={`mailto:${contact.email}`}>{contact.email}</a>
              </li>
            ) : null}
            {contact.phone ? (
              <li>
                <a href={`tel:${contact.phone.replace(/[^\d+]/g, "")}`}>{contact.phone}</a>
              </li>
            ) : null}
            {contact.links.map((link) => (
              <li key={link.label}>
                <a href={link.href} rel="noopener noreferrer" target="_blank">
                  {link.label}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </ChromeFooter>
  );
}
