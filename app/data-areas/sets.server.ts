/**
 * The data areas an admin path loads on entering it, one set per path, each loaded by the layout route of its path
 * (docs/decisions/007-access-and-data-areas-in-layouts.md). A set holds only the areas its parents' layouts do not
 * already load: a screen reads the others from the parent with useRouteLoaderData. Every area is a query for one
 * event, given its id.
 */
import {
  auctionItemImagesArea,
  auctionItemsArea,
  categoriesArea,
  donorsArea,
  inventoryImagesArea,
  inventoryItemsArea,
  sponsorsArea,
} from "./catalogue.server";
import {
  landingArea,
  registrationArea,
  silentAuctionArea,
  traditionalAuctionArea,
  virtualAuctionArea,
} from "./features.server";
import { bidsArea, billingArea, paymentsArea, ticketPaymentsArea, winnersArea } from "./money.server";
import { paddlesArea, registrantsArea, staffArea, teamArea, usersArea } from "./people.server";
import { passesArea, tablesArea, ticketsArea } from "./registration.server";

type DataAreaSet = Record<string, (eventId: number) => Promise<unknown>>;

/** Every backend route (the /admin layout). */
export const ADMIN_AREAS = {
  team: teamArea,
  auctionItems: auctionItemsArea,
  billing: billingArea,
  categories: categoriesArea,
  donors: donorsArea,
  inventoryItems: inventoryItemsArea,
  passes: passesArea,
  payments: paymentsArea,
  registrants: registrantsArea,
  sponsors: sponsorsArea,
  staff: staffArea,
  ticketPayments: ticketPaymentsArea,
  tickets: ticketsArea,
  traditionalAuction: traditionalAuctionArea,
  users: usersArea,
} satisfies DataAreaSet;

/** Paths containing setup (the /admin/setup layout). */
export const SETUP_AREAS = {
  landing: landingArea,
  registration: registrationArea,
  tables: tablesArea,
  virtualAuction: virtualAuctionArea,
} satisfies DataAreaSet;

/** Paths containing pages or auction_items (the /admin/pages and /admin/auction_items layouts). */
export const DESIGN_AREAS = {
  auctionItemImages: auctionItemImagesArea,
  inventoryImages: inventoryImagesArea,
  landing: landingArea,
  silentAuction: silentAuctionArea,
} satisfies DataAreaSet;

/** Paths containing /registration/ (the /admin/registration layout); passes and tickets come with /admin. */
export const REGISTRATION_AREAS = {
  bids: bidsArea,
  paddles: paddlesArea,
  tables: tablesArea,
} satisfies DataAreaSet;

/** Paths containing /bids/ or /billing/ (the /admin/bids and /admin/billing layouts); users come with /admin. */
export const SALES_AREAS = {
  bids: bidsArea,
  paddles: paddlesArea,
  winners: winnersArea,
} satisfies DataAreaSet;

export type LoadedAreas<S extends DataAreaSet> = { [K in keyof S]: Awaited<ReturnType<S[K]>> };

/** Loads every area of a set for one event, side by side. */
export async function loadDataAreas<S extends DataAreaSet>(areas: S, eventId: number): Promise<LoadedAreas<S>> {
  const entries = await Promise.all(
    Object.entries(areas).map(async ([name, load]) => [name, await load(eventId)] as const),
  );
  return Object.fromEntries(entries) as LoadedAreas<S>;
}
