/**
 * An event's branding for a guest page that has no designer of its own (/dp, the sign-in pages): its colours and
 * fonts as the design tokens, and the @font-face rules of its web fonts. The designed pages (/event, /inroombid,
 * /register) take the same branding as the defaults of their own theme (app/ui/branding.ts, themeDefaults).
 */
import { eventFonts } from "~/fonts/font-faces.server";
import { brandingStyle, type EventBranding } from "~/ui/branding";
import type { CSSProperties } from "react";
import type { EventFonts } from "~/fonts/ui/event-fonts";

export interface GuestBranding {
  style: CSSProperties;
  fonts: EventFonts;
}

export function guestBranding(row: EventBranding & Parameters<typeof eventFonts>[0]): GuestBranding {
  return { style: brandingStyle(row), fonts: eventFonts(row) };
}
