import { Link, useRouteLoaderData } from "@remix-run/react";
import { FontFaces, type EventFonts } from "~/fonts/ui/event-fonts";
import { GavelIcon } from "~/ui/icons";
import type { CSSProperties, ReactNode } from "react";

/** The event a guest signs in for (events/sign-in-event.server.ts), as the layout draws it. */
export interface SignInEventBrand {
  title: string;
  logo: string | null;
  returnTo: string;
  style: CSSProperties;
  fonts: EventFonts;
}

/** On a page under /auth: the event the guest signs in for, or null on Gavel's own sign-in (routes/auth.tsx). */
export function useSignInEvent(): SignInEventBrand | null {
  return useRouteLoaderData<{ event: SignInEventBrand | null }>("routes/auth")?.event ?? null;
}

/**
 * The frame of the sign-in pages and team sign-up: the brand back to the home page, then one narrow column. A guest
 * signing in for an event's page sees that event instead: its colours and fonts, its logo and name, back to the page.
 */
export function AuthLayout({
  wide = false,
  event = null,
  children,
}: {
  wide?: boolean;
  event?: SignInEventBrand | null;
  children: ReactNode;
}) {
  const main = (
    <main className={wide ? "auth-shell__main auth-shell__main--wide" : "auth-shell__main"}>{children}</main>
  );
  if (event) {
    return (
      <div className="auth-shell auth-shell--event" style={event.style}>
        <FontFaces css={event.fonts.css} />
        <header className="auth-shell__bar auth-shell__bar--event">
          <div className="container auth-shell__bar-inner">
            <Link to={event.returnTo} className="auth-shell__event">
              {event.logo ? <img src={event.logo} alt="" className="auth-shell__logo" /> : null}
              {event.title}
            </Link>
          </div>
        </header>
        {main}
        <p className="auth-shell__credit">
          Sign-in by <Link to="/">Gavel</Link>
        </p>
      </div>
    );
  }
  return (
    <div className="auth-shell">
      <header className="auth-shell__bar">
        <div className="container auth-shell__bar-inner">
          <Link to="/" className="auth-shell__brand">
            <GavelIcon />
            Gavel
          </Link>
        </div>
      </header>
      {main}
    </div>
  );
}
