/**
 * Previews of the registration and silent-auction pages in the designer, drawn with the settings being edited:
 * the look (theme, colours, fonts), the sections that are shown and their words. The pages themselves come with
 * registration (/register) and the bidding pages; until then this is what the organiser designs against, and
 * those pages read the same published trees (resolveRegistrationPageMeta, resolveSilentAuctionMeta).
 */
import { ResponsiveImage } from "~/images/responsive-image";
import { RichText } from "~/rich-text/rich-text";
import { brandingStyle, type EventBranding } from "~/ui/branding";
import { resolveRegistrationPageMeta, resolveSilentAuctionMeta } from "~drizzle/schema/settings";
import type { Tree } from "./tree-form";

type PreviewProps = { tree: Tree; eventTitle: string; branding: EventBranding };

function themeOverrides(branding: EventBranding) {
  return {
    primaryColor: branding.primary_color ?? undefined,
    accentColor: branding.accent_color ?? undefined,
    secondaryAccentColor: branding.secondary_color ?? undefined,
    headingFont: branding.heading_font ?? undefined,
    bodyFont: branding.body_font ?? undefined,
  };
}

function pageStyle(g: { primaryColor: string; accentColor: string; secondaryAccentColor: string; lightThemeAccentColor: string; headingFont: string; bodyFont: string }, branding: EventBranding) {
  return {
    ...brandingStyle({ ...branding, primary_color: g.primaryColor, accent_color: g.accentColor, secondary_color: g.secondaryAccentColor, heading_font: g.headingFont, subheading_font: g.headingFont, body_font: g.bodyFont }),
    ["--color-light-accent" as string]: g.lightThemeAccentColor,
  };
}

export function RegistrationPagePreview({ tree, eventTitle, branding }: PreviewProps) {
  const s = resolveRegistrationPageMeta(tree, { global: themeOverrides(branding), headerSection: { title: eventTitle } });
  return (
    <div className={`landing landing--theme-${s.global.themeType}`} style={pageStyle(s.global, branding)}>
      {s.headerSection.isVisible ? (
        <section className={`landing-hero${s.headerSection.image ? " landing-hero--image" : ""}`} aria-label="Header">
          {s.headerSection.image ? <ResponsiveImage image={s.headerSection.image} alt="" className="landing-hero__image" sizes="40vw" /> : null}
          <div className="landing-hero__text">
            <p className="landing-preview__title">{s.headerSection.title || eventTitle}</p>
            {s.headerSection.subtitle ? <p className="landing-hero__subtitle">{s.headerSection.subtitle}</p> : null}
          </div>
        </section>
      ) : null}
      {s.introSection.isVisible ? (
        <section className="landing-section">
          <p className="landing-preview__heading">{s.introSection.title}</p>
          {s.introSection.body ? <RichText html={s.introSection.body} /> : null}
        </section>
      ) : null}
      {s.ticketsSection.isVisible ? (
        <section className="landing-section">
          <p className="landing-preview__heading">{s.ticketsSection.title}</p>
          <p className="landing-muted">The event's ticket types, with their prices and quantities.</p>
          <span className="landing-button">{s.ticketsSection.buttonLabel}</span>
        </section>
      ) : null}
      {s.companySection.isVisible ? (
        <section className="landing-section landing-section--band">
          <p className="landing-preview__heading">{s.companySection.title}</p>
        </section>
      ) : null}
    </div>
  );
}

export function SilentAuctionPagePreview({ tree, eventTitle, branding }: PreviewProps) {
  const s = resolveSilentAuctionMeta(tree, { global: themeOverrides(branding) });
  const shown = (section: { isVisible: boolean }) => section.isVisible;
  return (
    <div className={`landing landing--theme-${s.global.themeType}`} style={pageStyle(s.global, branding)}>
      {shown(s.bannerSection) ? (
        <section className={`landing-hero${s.bannerSection.image ? " landing-hero--image" : ""}`} aria-label="Banner">
          {s.bannerSection.image ? <ResponsiveImage image={s.bannerSection.image} alt="" className="landing-hero__image" sizes="40vw" /> : null}
          <div className="landing-hero__text">
            <p className="landing-preview__title">{s.bannerSection.title || eventTitle}</p>
            {s.bannerSection.subtitle ? <p className="landing-hero__subtitle">{s.bannerSection.subtitle}</p> : null}
          </div>
        </section>
      ) : null}
      {[
        [s.countdownSection, "The time left until bidding closes."],
        [s.categoriesSection, "A filter for each category of items."],
        [s.auctionSection, `The items, ${{ endingSoon: "ending soonest", mostBids: "most bids", noBids: "no bids yet", value: "highest value" }[s.auctionSection.sort]} first${[s.itemGlobal.showValue && "with their value", s.itemGlobal.showBidCount && "number of bids", s.itemGlobal.showDonor && "donor"].filter(Boolean).length ? `, showing ${[s.itemGlobal.showValue && "value", s.itemGlobal.showBidCount && "number of bids", s.itemGlobal.showDonor && "donor"].filter(Boolean).join(", ")}` : ""}.`],
        [s.sponsorsSection, "The sponsors by level."],
      ].map(([section, text], index) =>
        shown(section as { isVisible: boolean }) ? (
          <section key={index} className="landing-section">
            <p className="landing-preview__heading">{(section as { title: string }).title}</p>
            <p className="landing-muted">{text as string}</p>
          </section>
        ) : null,
      )}
      {shown(s.companySection) ? (
        <section className="landing-section landing-section--band">
          <p className="landing-preview__heading">{s.companySection.title}</p>
        </section>
      ) : null}
    </div>
  );
}
