/**
 * The bar at the top of a guest's page of an event (/pi, /duel): the event's name, back to its page, and the guest's
 * name, or "Sign in" to come back here signed in.
 */
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

/** What the bar shows; a guest page's data carries these fields and is passed whole. */
export type GuestBarProps = {
  eventId: number;
  eventTitle: string;
  guestName: string | null;
  signInHref: string;
};

export function GuestBar({ eventId, eventTitle, guestName, signInHref }: GuestBarProps) {
  return (
    <header className="bidder-bar">
      <Link to={`/event?id=${eventId}`} className="bidder-bar__event">
        {eventTitle}
      </Link>
      <nav aria-label="Your account" className="bidder-bar__nav">
        {guestName ? <span>{guestName}</span> : <Link to={signInHref}>Sign in</Link>}
      </nav>
    </header>
  );
}

/** A guest's page of an event: the bar, then the page's own content in the bidder pages' main column. */
export function GuestPage({
  bar,
  className,
  children,
}: {
  bar: GuestBarProps;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className="bidder-page">
      <GuestBar {...bar} />
      <main className={["bidder-main", className].filter(Boolean).join(" ")}>{children}</main>
    </div>
  );
}
