/**
 * The bar at the top of a guest's page of an event (/pi, /duel): the event's name, back to its page, and the guest's
 * name, or "Sign in" to come back here signed in. A page that follows a live stream shows its state there too, as the
 * bidding pages do: "Live", or "Reconnecting…" while the stream is down.
 */
import { Link } from "@remix-run/react";
import { FontFaces, type EventFonts } from "~/fonts/ui/event-fonts";
import { paths } from "~/http/paths";
import type { CSSProperties, ReactNode } from "react";

/** What the bar shows; a guest page's data carries these fields and is passed whole. */
export type GuestBarProps = {
  eventId: number;
  eventTitle: string;
  guestName: string | null;
  signInHref: string;
};

/** A live stream's state (app/realtime/use-live-stream.ts); null before the page runs its scripts. */
export type GuestLiveStatus = "connecting" | "live" | "reconnecting" | null;

const LIVE_STATUS_TEXT = { connecting: "Connecting…", live: "Live", reconnecting: "Reconnecting…" };

export function GuestBar({
  eventId,
  eventTitle,
  guestName,
  signInHref,
  live,
}: GuestBarProps & { live?: GuestLiveStatus }) {
  return (
    <header className="bidder-bar">
      <Link to={paths.event(eventId)} className="bidder-bar__event">
        {eventTitle}
      </Link>
      <nav aria-label="Your account" className="bidder-bar__nav">
        {guestName ? <span>{guestName}</span> : <Link to={signInHref}>Sign in</Link>}
      </nav>
      {live ? (
        <span className={`live-status live-status--${live}`} role="status">
          {LIVE_STATUS_TEXT[live]}
        </span>
      ) : null}
    </header>
  );
}

/** A guest's page of an event: the bar, then the page's own content in the bidder pages' main column. */
export function GuestPage({
  bar,
  live,
  branding,
  className,
  children,
}: {
  bar: GuestBarProps;
  /** The state of the live stream the page follows, if it follows one. */
  live?: GuestLiveStatus;
  /** The event's colours and fonts (app/events/guest-branding.server.ts); Gavel's own look without them. */
  branding?: { style: CSSProperties; fonts: EventFonts };
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className="bidder-page" style={branding?.style}>
      {branding ? <FontFaces css={branding.fonts.css} /> : null}
      <GuestBar {...bar} live={live} />
      <main className={["bidder-main", className].filter(Boolean).join(" ")}>{children}</main>
    </div>
  );
}
