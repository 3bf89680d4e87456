/**
 * What each admin route needs, in one table (docs/permissions.md says it in words and lists the rules of the
 * screens still to come). Keyed by Remix route id. "team": a team member of the current event (every
 * admin route needs at least that, docs/permissions.md); a permission: a team member holding it.
 *
 * Routes enforce their rule themselves, with requireTeamMember / requireEventPermission at the top of each
 * loader and action (a parent layout's loader does not protect its children: Remix runs them in parallel).
 * tests/integration/authorization.test.ts walks every route of the app against this table: an admin route
 * missing from it, or an entry for a route that does not exist, fails that test.
 * Client-safe: the menus filter their entries with it.
 */
import type { Permission, RoleFlags } from "./permissions";

/** "team", a permission, or several of which any one will do. */
export type AccessRule = "team" | Permission | readonly Permission[];

export interface RouteAccess {
  /** Every admin route has a loader, so every admin page is checked on the server. */
  loader: AccessRule;
  /** Present exactly when the route has an action. */
  action?: AccessRule;
}

export const ADMIN_ROUTE_ACCESS: Readonly<Record<string, RouteAccess>> = {
  // Layouts: the team of the current event. Each screen below them adds its own permission.
  "routes/admin": { loader: "team" },
  // The layout's live stream of the event's data areas (event, team, users) and of the person's own record.
  "routes/admin.stream": { loader: "team" },
  "routes/admin._workspace": { loader: "team" },
  "routes/admin._workspace.setup": { loader: "team" },

  // The hub: the pages about the event as a whole (one header and side menu with the rest, from routes/admin).
  "routes/admin._hub._index": { loader: "team" },
  // Every team member lands here after choosing an event; the figures on it need can_view_stats.
  "routes/admin._hub.dashboard": { loader: "team", action: "can_edit_event" },
  "routes/admin._hub.dashboard_.stream": { loader: "can_view_stats" },
  "routes/admin._hub.events": { loader: "team", action: "team" },
  // An event archive becomes a new event of the organisation (decision 039): the archive's own permission.
  "routes/admin._hub.events_.import": { loader: "can_configure_event", action: "can_configure_event" },
  // The design lab: a designer's workbench (can_design), every page of it.
  "routes/admin._hub.eric": { loader: "can_design" },
  "routes/admin._hub.eric._index": { loader: "can_design" },
  "routes/admin._hub.eric.home": { loader: "can_design" },
  "routes/admin._hub.eric.piano": { loader: "can_design", action: "can_design" },
  "routes/admin._hub.eric.components": { loader: "can_design", action: "can_design" },
  "routes/admin._hub.eric.silentauctionitem": { loader: "can_design" },
  "routes/admin._hub.eric.silentauctiongallery": { loader: "can_design" },
  "routes/admin._hub.eric.email": { loader: "can_design" },
  "routes/admin._hub.eric.about": { loader: "can_design" },

  // Setup: can_configure_event; branding: can_design; the event's own details: can_edit_event.
  "routes/admin._workspace.setup._index": { loader: "team" },
  "routes/admin._workspace.setup.team": { loader: "can_configure_event", action: "can_configure_event" },
  "routes/admin._workspace.setup.modules": { loader: "can_configure_event", action: "can_configure_event" },
  "routes/admin._workspace.setup.branding": { loader: "can_design", action: "can_design" },
  "routes/admin._workspace.setup.company": { loader: "can_configure_event", action: "can_configure_event" },
  "routes/admin._workspace.setup.contact": { loader: "can_configure_event", action: "can_configure_event" },
  "routes/admin._workspace.setup.event": { loader: "can_configure_event", action: "can_edit_event" },
  "routes/admin._workspace.setup.event_.archive": { loader: "can_configure_event" },
  "routes/admin._workspace.setup.live_auction": { loader: "can_configure_event", action: "can_configure_event" },
  "routes/admin._workspace.setup.monitors": { loader: "can_configure_event", action: "can_configure_event" },
  "routes/admin._workspace.setup.silent_auction": { loader: "can_configure_event", action: "can_configure_event" },
  "routes/admin._workspace.setup.virtual_auction": { loader: "can_configure_event", action: "can_configure_event" },
  "routes/admin._workspace.setup.registration": { loader: "can_configure_event", action: "can_configure_event" },
  // Payment keys and checkout settings: billing staff may see them; only the event's admin changes them (the keys
  // decide whose account is paid).
  "routes/admin._workspace.setup.billing": {
    loader: ["can_configure_event", "can_bill"],
    action: "can_configure_event",
  },
  "routes/admin._workspace.auction_items.email_page_.guests": {
    loader: "can_send_messages",
    action: "can_send_messages",
  },
  // Every message of the event with its delivery, and the retry of a failed one: messaging.
  "routes/admin._workspace.auction_items.email_page_.outbox": {
    loader: "can_send_messages",
    action: "can_send_messages",
  },
  "routes/admin._workspace.setup.email": { loader: "can_configure_event", action: "can_configure_event" },
  // The public pages' shared header, footer, sponsor strip and announcement bar: design work.
  "routes/admin._workspace.setup.components": { loader: "can_design", action: "can_design" },
  // Reports and their downloads (CSV, XLSX, the tax statements' PDF): can_report.
  "routes/admin._workspace.setup.reporting": { loader: "can_report" },
  "routes/admin._workspace.setup.reporting._index": { loader: "can_report" },
  "routes/admin._workspace.setup.reporting.revenue": { loader: "can_report" },
  "routes/admin._workspace.setup.reporting.items": { loader: "can_report" },
  "routes/admin._workspace.setup.reporting.guests": { loader: "can_report" },
  "routes/admin._workspace.setup.reporting.tax": { loader: "can_report", action: "can_report" },
  "routes/admin._workspace.setup.reporting.procurement": { loader: "can_report" },
  "routes/admin._workspace.setup.reporting_.download": { loader: "can_report" },
  "routes/admin._workspace.setup.texting": { loader: "can_configure_event", action: "can_configure_event" },

  // Pages (the page designer): can_design.
  "routes/admin._workspace.pages": { loader: "team" },
  "routes/admin._workspace.pages._index": { loader: "team" },
  "routes/admin._workspace.pages.landing_page": { loader: "can_design", action: "can_design" },
  "routes/admin._workspace.pages.registration_page": { loader: "can_design", action: "can_design" },
  "routes/admin._workspace.pages.silent_auction_page": { loader: "can_design", action: "can_design" },

  // Auction items: can_edit_auction_items.
  "routes/admin._workspace.auction_items": { loader: "team" },
  "routes/admin._workspace.auction_items._index": { loader: "team" },
  "routes/admin._workspace.auction_items.categories": {
    loader: "can_edit_auction_items",
    action: "can_edit_auction_items",
  },
  "routes/admin._workspace.auction_items.inventory": {
    loader: "can_edit_auction_items",
    action: "can_edit_auction_items",
  },
  "routes/admin._workspace.auction_items.inventory_.new": {
    loader: "can_edit_auction_items",
    action: "can_edit_auction_items",
  },
  "routes/admin._workspace.auction_items.inventory_.$inventoryId": {
    loader: "can_edit_auction_items",
    action: "can_edit_auction_items",
  },
  "routes/admin._workspace.auction_items.donors": {
    loader: "can_edit_auction_items",
    action: "can_edit_auction_items",
  },
  "routes/admin._workspace.auction_items.sponsors": {
    loader: "can_edit_auction_items",
    action: "can_edit_auction_items",
  },
  "routes/admin._workspace.auction_items.staff": { loader: "can_edit_auction_items", action: "can_edit_auction_items" },
  "routes/admin._workspace.auction_items.rawdata": {
    loader: "can_edit_auction_items",
    action: "can_edit_auction_items",
  },
  "routes/admin._workspace.auction_items.duels": { loader: "can_edit_auction_items", action: "can_edit_auction_items" },
  "routes/admin._workspace.auction_items.paddle_raises": {
    loader: "can_edit_auction_items",
    action: "can_edit_auction_items",
  },
  "routes/admin._workspace.auction_items.raffle_tickets": {
    loader: "can_edit_auction_items",
    action: "can_edit_auction_items",
  },
  "routes/admin._workspace.auction_items.items_for_sale": {
    loader: "can_edit_auction_items",
    action: "can_edit_auction_items",
  },
  // Writing the letter is catalogue work; sending it to an address is messaging.
  "routes/admin._workspace.auction_items.email_page": {
    loader: "can_edit_auction_items",
    action: "can_send_messages",
  },
  "routes/admin._workspace.auction_items.print": { loader: "can_edit_auction_items", action: "can_edit_auction_items" },
  "routes/admin._workspace.auction_items.auction_item_page": {
    loader: "can_edit_auction_items",
    action: "can_edit_auction_items",
  },
  "routes/admin._workspace.auction_items.live_packages": {
    loader: "can_edit_auction_items",
    action: "can_edit_auction_items",
  },
  "routes/admin._workspace.auction_items.silent_packages": {
    loader: "can_edit_auction_items",
    action: "can_edit_auction_items",
  },

  // Registration: can_register; the door (check-in and out): can_check_in_out.
  "routes/admin._workspace.registration": { loader: "team" },
  "routes/admin._workspace.registration._index": { loader: "team" },
  "routes/admin._workspace.registration.registrants": { loader: "can_register", action: "can_register" },
  "routes/admin._workspace.registration.passes": { loader: "can_register", action: "can_register" },
  "routes/admin._workspace.registration.seating": { loader: "can_register", action: "can_register" },
  "routes/admin._workspace.registration.seating_.print": { loader: "can_register" },
  "routes/admin._workspace.registration.checkinout": { loader: "can_check_in_out", action: "can_check_in_out" },
  // The stations' queues (decision 041): each entry is posted here; opened in a browser, the address is the station.
  "routes/admin._workspace.registration.checkinout_.sync": { loader: "can_check_in_out", action: "can_check_in_out" },
  "routes/admin._workspace.registration.checkinout_.stream": { loader: "can_check_in_out" },

  // Bids: seeing them needs can_view_stats ("See figures and bids"); acting on them, can_control_event. The section
  // also opens for the paddle raise's bid spotters (can_bid), and for billing (can_bill: the raffle desk).
  "routes/admin._workspace.bids": { loader: ["can_view_stats", "can_bid", "can_control_event", "can_bill"] },
  "routes/admin._workspace.bids._index": { loader: "team" },
  // Live bids: corrections of a hammered lot's paddle or price change what billing charges: can_control_event.
  "routes/admin._workspace.bids.livebids": { loader: "can_view_stats", action: "can_control_event" },
  "routes/admin._workspace.bids.livebids_.stream": { loader: "can_view_stats" },
  "routes/admin._workspace.bids.silentbids": { loader: "can_view_stats", action: "can_control_event" },
  "routes/admin._workspace.bids.silentbids_.stream": { loader: "can_view_stats" },
  "routes/admin._workspace.bids.tickets": { loader: "can_view_stats" },
  // The paddle raise is entered by a bid spotter (can_bid) or whoever runs the room (can_control_event).
  "routes/admin._workspace.bids.paddleraises": {
    loader: ["can_bid", "can_control_event"],
    action: ["can_bid", "can_control_event"],
  },
  "routes/admin._workspace.bids.paddleraises_.stream": { loader: ["can_bid", "can_control_event"] },
  "routes/admin._workspace.bids.paddleraises_.sync": {
    loader: ["can_bid", "can_control_event"],
    action: ["can_bid", "can_control_event"],
  },
  // Recording a sale of an item for sale to a paddle (it is billed on the guest's invoice).
  "routes/admin._workspace.bids.purchases": { loader: "can_view_stats", action: "can_control_event" },
  // Raffle tickets are sold at the tables (can_bid) or with the rest of billing (can_bill); the same people draw.
  "routes/admin._workspace.bids.raffle": { loader: ["can_bid", "can_bill"], action: ["can_bid", "can_bill"] },
  "routes/admin._workspace.bids.raffle_.stream": { loader: ["can_bid", "can_bill"] },

  // Donations: every gift, with refunds and letters, is billing's (can_bill).
  "routes/admin._workspace.solemen": { loader: "can_bill" },
  "routes/admin._workspace.solemen._index": { loader: "team" },
  "routes/admin._workspace.solemen.donations": { loader: "can_bill", action: "can_bill" },
  "routes/admin._workspace.solemen.donations_.letter": { loader: "can_bill" },
  "routes/admin._workspace.solemen.fundraisers": { loader: "can_bill", action: "can_bill" },

  // Billing: can_bill; the winners report also for can_report.
  "routes/admin._workspace.billing": { loader: ["can_bill", "can_report"] },
  "routes/admin._workspace.billing._index": { loader: "team" },
  "routes/admin._workspace.billing.winners": { loader: "can_bill", action: "can_bill" },
  "routes/admin._workspace.billing.winners_.sync": { loader: "can_bill", action: "can_bill" },
  "routes/admin._workspace.billing.payments": { loader: "can_bill", action: "can_bill" },
  "routes/admin._workspace.billing.winnersreport": { loader: ["can_bill", "can_report"] },
  // Downloads are exports: can_report (docs/permissions.md).
  "routes/admin._workspace.billing.payments_.csv": { loader: "can_report" },
  "routes/admin._workspace.billing.winnersreport_.download": { loader: "can_report" },
};

/** Whether a role on the current event satisfies a rule: the same test the server's checks make. */
export function ruleAllows(rule: AccessRule, role: Partial<RoleFlags> | undefined): boolean {
  if (!role?.is_team_member) return false;
  if (rule === "team") return true;
  return (typeof rule === "string" ? [rule] : rule).some((permission) => role[permission] === true);
}

/** Whether a role may open the page of a route; a route missing from the table is never shown. */
export function mayOpen(routeId: string, role: Partial<RoleFlags> | undefined): boolean {
  const access: RouteAccess | undefined = ADMIN_ROUTE_ACCESS[routeId];
  return access !== undefined && ruleAllows(access.loader, role);
}
