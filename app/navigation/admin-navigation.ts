/**
 * The map of the admin area (its sections and screens), one model for every menu that links into it. Each screen names
 * the Remix route id of the file that renders it; menus show a screen only once that route exists in the build (see
 * admin-navigation.server.ts), so the map can list the whole product while the app grows into it, and only to people
 * whose role may open it.
 */
import { mayOpen } from "~/auth/route-access";
import type { RoleFlags } from "~/auth/permissions";

export type NavScreen = {
  label: string;
  /** The URL of the screen, exactly as in the spec. */
  path: string;
  /** Route id of the screen's module: its file name under app/ without the extension (folder routes: the folder). */
  routeId: string;
  /** One line on what the screen is for, where a menu shows more than the label. */
  description?: string;
};

export type NavSection = {
  label: string;
  /** The address the section's screens share: a screen reached from one of them (an item's page) opens its group. */
  path: string;
  screens: readonly NavScreen[];
};

/** A screen as a menu links to it: `to` is its path, with the current event's ?id when the page has one. */
export type MenuScreen = NavScreen & { to: string };
export type MenuSection = Omit<NavSection, "screens"> & { screens: readonly MenuScreen[] };
export type MenuEntry = MenuScreen | MenuSection;

/** The sections of the admin area, each a group of the side menu. */
export const workspaceSections: readonly NavSection[] = [
  section("Setup", "setup", [
    ["Team", "team"],
    ["Modules", "modules"],
    ["Branding", "branding"],
    ["Company", "company"],
    ["Contact", "contact"],
    ["Event", "event"],
    ["Live auction", "live_auction"],
    ["Monitors", "monitors"],
    ["Silent auction", "silent_auction"],
    ["Virtual auction", "virtual_auction"],
    ["Registration", "registration"],
    ["Email", "email"],
    ["Texting", "texting"],
    ["Billing", "billing"],
    ["Reporting", "reporting"],
    ["Components", "components"],
  ]),
  section("Pages", "pages", [
    ["Landing page", "landing_page"],
    ["Registration page", "registration_page"],
    ["Silent auction page", "silent_auction_page"],
  ]),
  section("Auction items", "auction_items", [
    ["Inventory", "inventory"],
    ["Donors", "donors"],
    ["Sponsors", "sponsors"],
    ["Categories", "categories"],
    ["Staff", "staff"],
    ["Live packages", "live_packages"],
    ["Silent packages", "silent_packages"],
    ["Paddle raises", "paddle_raises"],
    ["Duels", "duels"],
    ["Raffle tickets", "raffle_tickets"],
    ["Items for sale", "items_for_sale"],
    ["Raw data", "rawdata"],
  ]),
  section("Donations", "solemen", [
    ["Donations", "donations"],
    ["Fundraisers", "fundraisers"],
  ]),
  section("Registration", "registration", [
    ["Registrants", "registrants"],
    ["Passes", "passes"],
    ["Seating", "seating"],
    ["Check-in/out", "checkinout"],
  ]),
  section("Bids", "bids", [
    ["Live bids", "livebids"],
    ["Silent bids", "silentbids"],
    ["Paddle raises", "paddleraises"],
    ["Purchases", "purchases"],
    ["Raffle", "raffle"],
    ["Tickets", "tickets"],
  ]),
  section("Billing", "billing", [
    ["Winners", "winners"],
    ["Winners report", "winnersreport"],
    ["Payments", "payments"],
  ]),
  // The spec's email_page, a sibling of the auction items' screens: the messages the team writes and sends.
  {
    label: "Messages",
    path: "/admin/auction_items/email_page",
    screens: [
      {
        label: "Write to guests",
        path: "/admin/auction_items/email_page/guests",
        routeId: "routes/admin._workspace.auction_items.email_page_.guests",
      },
      {
        label: "Outbox",
        path: "/admin/auction_items/email_page/outbox",
        routeId: "routes/admin._workspace.auction_items.email_page_.outbox",
      },
      {
        label: "Thank a donor",
        path: "/admin/auction_items/email_page",
        routeId: "routes/admin._workspace.auction_items.email_page",
      },
    ],
  },
];

const dashboard = hubScreen("Dashboard", "dashboard", "The selected event at a glance.");
const events = hubScreen("Events", "events", "Create, choose and archive your events.");
const designLab = hubScreen(
  "Design lab",
  "eric",
  "The event's theme, components and guest pages in every state, for designers.",
);

/** The screens about the event as a whole rather than one part of its setup (the spec's hub). */
export const hubScreens: readonly NavScreen[] = [dashboard, events, designLab];

/** A line of the side menu: a screen, or a section grouping its screens. */
export type NavEntry = NavScreen | NavSection;

/**
 * The side menu of every admin screen, top to bottom: the dashboard and the events first, the workspace's sections,
 * then the design lab, a designer's workbench. Screens reached from a screen (an item's page, a report's tabs, the
 * lab's pages) are not in it.
 */
export const sideMenuEntries: readonly NavEntry[] = [dashboard, events, ...workspaceSections, designLab];

export function isSection<Entry extends NavEntry | MenuEntry>(
  entry: Entry,
): entry is Extract<Entry, NavSection | MenuSection> {
  return "screens" in entry;
}

/** Child screens of /admin/eric, the design lab, shown as tabs and listed with their purpose on its home page. */
export const ericScreens: readonly NavScreen[] = (
  [
    ["Home", "home", "This page: what each page of the lab is for."],
    [
      "Piano",
      "piano",
      "Play the event's colours and fonts against each other, read their contrast, and save the pair you like.",
    ],
    ["Components", "components", "The shared admin components (buttons, fields, dialogs, toasts) and their variants."],
    [
      "Silent auction item",
      "silentauctionitem",
      "The bidder's item page in the event's theme, in every state, at a phone and a desktop width.",
    ],
    [
      "Silent auction gallery",
      "silentauctiongallery",
      "The bidders' gallery in the event's theme, every card state at once, at a phone and a desktop width.",
    ],
    ["Email", "email", "Every message Gavel sends, in the event's branding, with sample values."],
    ["About", "about", "The app's version, its dependencies' licences, and the event's settings at a glance."],
  ] as const
).map(([label, slug, description]) => ({
  label,
  path: `/admin/eric/${slug}`,
  routeId: `routes/admin._hub.eric.${slug}`,
  description,
}));

function section(label: string, slug: string, screens: ReadonlyArray<readonly [string, string]>): NavSection {
  return {
    label,
    path: `/admin/${slug}`,
    screens: screens.map(([screenLabel, child]) => ({
      label: screenLabel,
      path: `/admin/${slug}/${child}`,
      routeId: `routes/admin._workspace.${slug}.${child}`,
    })),
  };
}

function hubScreen(label: string, slug: string, description: string): NavScreen {
  return { label, path: `/admin/${slug}`, routeId: `routes/admin._hub.${slug}`, description };
}

/** Decides whether a menu shows the screen of a route. */
export type ScreenFilter = (routeId: string) => boolean;

/**
 * A menu shows a screen when its route is part of the build and the person's role on the current event may open
 * it (the rule of app/auth/route-access.ts, the same one the screen's loader enforces).
 */
export function menuFilter(routeIds: ReadonlySet<string>, role: Partial<RoleFlags> | undefined): ScreenFilter {
  return (routeId) => routeIds.has(routeId) && mayOpen(routeId, role);
}

/** The screens the filter lets through, in their original order. */
export function visibleScreens(screens: readonly NavScreen[], shown: ScreenFilter): NavScreen[] {
  return screens.filter((screen) => shown(screen.routeId));
}

/** The side menu's entries the filter lets through: screens shown, sections with their shown screens, none empty. */
export function visibleEntries(entries: readonly NavEntry[], shown: ScreenFilter): NavEntry[] {
  return entries.flatMap((entry): NavEntry[] => {
    if (!isSection(entry)) return shown(entry.routeId) ? [entry] : [];
    return visibleSections([entry], shown);
  });
}

/** The sections with only their visible screens; a section left with none is left out. */
export function visibleSections(sections: readonly NavSection[], shown: ScreenFilter): NavSection[] {
  return sections.map((s) => ({ ...s, screens: visibleScreens(s.screens, shown) })).filter((s) => s.screens.length > 0);
}
