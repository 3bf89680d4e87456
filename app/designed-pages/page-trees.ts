/**
 * The pages an organiser designs (landing, registration, silent auction) and the shape of their settings trees
 * (drizzle/schema/settings.ts). Client-safe: the designer's editor and preview, the public pages and the page
 * storage (./page-documents.server.ts) all speak of a page by its kind and of its settings as a Tree.
 */
import {
  landingDefinition,
  registrationPageDefinition,
  silentAuctionDefinition,
  type TreeDefinition,
} from "~drizzle/schema/settings";

export type PageKind = "landing" | "registration" | "silentAuction";

/** A page's settings: per section, per setting, its value and whether it follows the default instead. */
export type Tree = Record<string, Record<string, { value: unknown; useDefault: boolean }>>;

/** The settings tree each kind of page keeps. */
export const PAGE_TREE_DEFINITIONS: Record<PageKind, TreeDefinition> = {
  landing: landingDefinition,
  registration: registrationPageDefinition,
  silentAuction: silentAuctionDefinition,
};
