/**
 * The registration page around its form: the header, the introduction and the organiser's company, in the page's
 * theme. /register renders it with the stepper inside; the page designer's preview renders the same component with
 * the first step, so what the designer shows is what guests get.
 */
import { ResponsiveImage } from "~/images/ui/responsive-image";
import { AnnouncementBar, ChromeBrand, ChromeFooter, SponsorStrip } from "~/public-components/ui/public-chrome";
import { RichText } from "~/rich-text/ui/rich-text";
import type { ReactNode } from "react";
import type { PublicChrome } from "~/public-components/public-chrome";
import type { RegisterShell } from "~/registration/register-shell";

/** preview: inside the designer, which has its own heading and main landmark. */
export function RegisterPageView({
  shell,
  banner,
  children,
  preview = false,
  chrome,
}: {
  shell: RegisterShell;
  banner?: ReactNode;
  children: ReactNode;
  preview?: boolean;
  /** The event's shared components (announcement, header brand, sponsor strip, footer); the designer has none. */
  chrome?: PublicChrome;
}) {
  const Title = preview ? "p" : "h1";
  const Main = preview ? "div" : "main";
  return (
    <div className={`landing landing--theme-${shell.themeType} register-page`} style={shell.branding}>
      {banner}
      <AnnouncementBar chrome={chrome} />
      <header>
        {chrome ? (
          <div className="public-bar">
            <a href={chrome.homeHref}>
              <ChromeBrand brand={chrome.brand} />
            </a>
          </div>
        ) : null}
        <div className={`register-header${shell.image ? " register-header--image" : ""}`}>
          {shell.image ? (
            <ResponsiveImage image={shell.image} alt="" className="register-header__image" sizes="100vw" />
          ) : null}
          <div className="register-header__text">
            <Title className="register-header__title">{shell.title}</Title>
            {shell.subtitle ? <p className="register-header__subtitle">{shell.subtitle}</p> : null}
          </div>
        </div>
      </header>
      <Main className="register-main">
        {shell.intro ? (
          <section className="register-intro">
            <h2>{shell.intro.title}</h2>
            {shell.intro.html ? <RichText html={shell.intro.html} /> : null}
          </section>
        ) : null}
        {children}
        {shell.company ? (
          <section className="register-company">
            <h2>{shell.company.title}</h2>
            <p>{shell.company.name}</p>
            {shell.company.about ? <RichText html={shell.company.about} /> : null}
          </section>
        ) : null}
      </Main>
      <SponsorStrip chrome={chrome} />
      <ChromeFooter chrome={chrome} />
    </div>
  );
}
