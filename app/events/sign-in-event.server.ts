/**
 * The event a guest signs in for: a guest page of an event sends its visitors to /auth/* with returnTo naming that
 * page (/inroombid?id=3&item=9, /register?id=3, /cisnew), and the sign-in pages then wear the event's colours, logo
 * and name, so a bidder never feels sent to somewhere else. The team's pages (/admin) and Gavel's own keep Gavel's.
 */
import { eq } from "drizzle-orm";
import { safeRedirect } from "~/auth/safe-redirect";
import { readRowId } from "~/db/row-id";
import { db } from "~/db.server";
import { event } from "~drizzle/schema";
import { guestBranding, type GuestBranding } from "./guest-branding.server";
import { findShortPath } from "./short-paths.server";

export interface SignInEvent extends GuestBranding {
  title: string;
  /** The event's logo for a dark header, else its organisation's; null for none. */
  logo: string | null;
  /** Back to the page the guest came from. */
  returnTo: string;
}

const SITE = "http://gavel.invalid";

async function eventIdOfPage(returnTo: string): Promise<number | null> {
  const url = new URL(returnTo, SITE);
  if (url.pathname === "/" || url.pathname.startsWith("/admin") || url.pathname.startsWith("/auth")) return null;
  const id = readRowId(url.searchParams.get("id"));
  if (id !== null) return id;
  const short = /^\/([a-z0-9-]+)$/i.exec(url.pathname);
  return short ? ((await findShortPath(short[1]))?.eventId ?? null) : null;
}

export async function signInEvent(request: Request): Promise<SignInEvent | null> {
  const asked = new URL(request.url).searchParams.get("returnTo");
  if (!asked) return null;
  const returnTo = safeRedirect(asked);
  const eventId = await eventIdOfPage(returnTo);
  if (eventId === null) return null;
  const [row] = await db.select().from(event).where(eq(event.event_id, eventId));
  if (!row || row.is_archived) return null;
  return {
    title: row.title,
    logo: row.logo ?? row.company_logo ?? null,
    returnTo,
    // The event's web fonts are loaded as its own pages load them (docs/decisions/010-event-fonts.md).
    ...guestBranding(row),
  };
}
