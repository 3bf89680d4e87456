/**
 * The settings trees of the designed pages (landing meta, silent-auction meta, the registration page). Every setting is
 * stored as { value, useDefault }; with useDefault the page follows the default (DEFAULT_THEME, or what the caller
 * passes as the event's own defaults) instead of the stored value. The stored JSON may be partial or from an older
 * version: missing sections and settings read as their defaults, and a malformed setting reads as its default rather
 * than breaking the page.
 */
import { z } from "zod";

/** The default theme values of the designed pages. */
export const DEFAULT_THEME = {
  themeType: 1,
  primaryColor: "#1b2341",
  accentColor: "#47B8E0",
  secondaryAccentColor: "#7850A0",
  lightThemeAccentColor: "#a7c7e7",
  headingFont: "Roboto",
  bodyFont: "Roboto",
} as const;

const hexColor = z.string().regex(/^#(?:[0-9a-fA-F]{3}){1,2}$/, "Use a colour like #1b2341");
const font = z.string().min(1).max(80, "Keep the font's name to 80 characters.");
const shortText = z.string().max(200, "Keep this to 200 characters.");
// Long texts are rich text (HTML from the editor): richTextSettings names them, so that readers sanitise them.
const longText = z.string().max(50_000, "Keep this text to 50,000 characters.");
// An image of the page is one Gavel stored (app/images/image-url.ts: /images/<hash>/w<width>.webp), one of the
// pictures shipped with the app (public/demo, which the demo event's pages use), or none: any other address would let
// a page load a tracker from another site, and a value the image component cannot read broke it.
const STORED_IMAGE = /^\/images\/[0-9a-f]{32}\/w[1-9][0-9]{0,3}\.webp$/;
const SHIPPED_IMAGE = /^\/demo\/(?:[a-z0-9-]+\/)?[a-z0-9-]+\.svg$/;
const imageUrl = z
  .string()
  .refine(
    (url) => url === "" || STORED_IMAGE.test(url) || SHIPPED_IMAGE.test(url),
    "Upload the image here: pictures from other sites are not used.",
  );
const flag = z.boolean();

interface SettingDefinition<T> {
  schema: z.ZodType<T>;
  default: T;
}
const setting = <T>(schema: z.ZodType<T>, fallback: T): SettingDefinition<T> => ({ schema, default: fallback });

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each setting has its own value type
type SectionDefinition = Record<string, SettingDefinition<any>>;
type TreeDefinition = Record<string, SectionDefinition>;

export interface Setting<T> {
  value: T;
  useDefault: boolean;
}
type StoredSection<S extends SectionDefinition> = { [K in keyof S]: Setting<S[K]["default"]> };
type StoredTree<D extends TreeDefinition> = { [K in keyof D]: StoredSection<D[K]> };
type ResolvedTree<D extends TreeDefinition> = { [K in keyof D]: { [S in keyof D[K]]: D[K][S]["default"] } };
/** Values that replace the built-in defaults, e.g. the event's branding. */
type DefaultOverrides<D extends TreeDefinition> = { [K in keyof D]?: { [S in keyof D[K]]?: D[K][S]["default"] } };

function themeSection() {
  return {
    themeType: setting(z.number().int().min(1).max(3), DEFAULT_THEME.themeType),
    primaryColor: setting(hexColor, DEFAULT_THEME.primaryColor),
    accentColor: setting(hexColor, DEFAULT_THEME.accentColor),
    secondaryAccentColor: setting(hexColor, DEFAULT_THEME.secondaryAccentColor),
    lightThemeAccentColor: setting(hexColor, DEFAULT_THEME.lightThemeAccentColor),
    headingFont: setting(font, DEFAULT_THEME.headingFont),
    bodyFont: setting(font, DEFAULT_THEME.bodyFont),
  };
}

const titledSection = (title: string) => ({
  isVisible: setting(flag, true),
  title: setting(shortText, title),
});

/**
 * The landing page's sections in their default order. auctionsSection is not named by the spec's list; it holds the
 * silent and traditional auction information that the spec's /event shows (what is up, when bidding opens/closes).
 */
export const LANDING_SECTIONS = [
  "heroSection",
  "countdownSection",
  "registrationSection",
  "detailsSection",
  "auctionsSection",
  "slidesSection",
  "sponsorsSection",
  "companySection",
] as const;
export type LandingSectionKey = (typeof LANDING_SECTIONS)[number];

/**
 * A stored section order made whole: known sections once each, in the stored order, then any section the stored
 * order lacks (one added after it was saved) at its default place.
 */
export function completeSectionOrder<K extends string>(stored: readonly string[], all: readonly K[]): K[] {
  const known = new Set<string>(all);
  const order = [...new Set(stored)].filter((key): key is K => known.has(key));
  for (const key of all) {
    if (!order.includes(key)) {
      const before = all.slice(0, all.indexOf(key)).findLast((earlier) => order.includes(earlier));
      order.splice(before === undefined ? 0 : order.indexOf(before) + 1, 0, key);
    }
  }
  return order;
}

export const slideSchema = z.object({ image: imageUrl, caption: shortText.default("") });

export const landingDefinition = {
  global: {
    ...themeSection(),
    sectionOrder: setting(z.array(z.enum(LANDING_SECTIONS)), [...LANDING_SECTIONS]),
  },
  heroSection: {
    ...titledSection(""),
    subtitle: setting(shortText, ""),
    showDateAndPlace: setting(flag, true),
    image: setting(imageUrl, ""),
    callToActionLabel: setting(shortText, "Get tickets"),
    overlayOpacity: setting(z.number().min(0).max(1), 0.45),
  },
  registrationSection: {
    ...titledSection("Tickets"),
    text: setting(longText, ""),
    buttonLabel: setting(shortText, "Register"),
  },
  slidesSection: {
    ...titledSection(""),
    slides: setting(z.array(slideSchema).max(30), [] as z.infer<typeof slideSchema>[]),
    autoplaySeconds: setting(z.number().int().min(0).max(60), 6),
  },
  sponsorsSection: titledSection("Thank you to our sponsors"),
  companySection: { ...titledSection("About us"), text: setting(longText, "") },
  detailsSection: { ...titledSection("Event details"), body: setting(longText, "") },
  auctionsSection: {
    ...titledSection("The auctions"),
    text: setting(longText, ""),
    showItems: setting(flag, true),
    itemCount: setting(z.number().int().min(0).max(12), 6),
  },
  countdownSection: {
    ...titledSection("Counting down"),
    target: setting(z.enum(["event", "silentAuctionClose"]), "event" as "event" | "silentAuctionClose"),
  },
} satisfies TreeDefinition;

export const silentAuctionDefinition = {
  global: themeSection(),
  bannerSection: { ...titledSection("Silent auction"), subtitle: setting(shortText, ""), image: setting(imageUrl, "") },
  countdownSection: titledSection("Bidding closes in"),
  categoriesSection: titledSection("Categories"),
  auctionSection: {
    ...titledSection("Items"),
    sort: setting(
      z.enum(["endingSoon", "mostBids", "noBids", "value"]),
      "endingSoon" as "endingSoon" | "mostBids" | "noBids" | "value",
    ),
  },
  sponsorsSection: titledSection("Thank you to our sponsors"),
  companySection: titledSection("About us"),
  itemGlobal: {
    showValue: setting(flag, true),
    showBidCount: setting(flag, true),
    showDonor: setting(flag, true),
  },
  itemBannerSection: { isVisible: setting(flag, true), image: setting(imageUrl, "") },
  itemCountdownSection: { isVisible: setting(flag, true) },
  biddingToolbarSection: {
    isVisible: setting(flag, true),
    showBuyNow: setting(flag, true),
    showMaxBid: setting(flag, true),
  },
  carouselSection: { isVisible: setting(flag, true), autoplaySeconds: setting(z.number().int().min(0).max(60), 0) },
  itemDetailsSection: { isVisible: setting(flag, true), showDisclaimer: setting(flag, true) },
  extraItemsSection: { ...titledSection("You may also like"), count: setting(z.number().int().min(0).max(12), 4) },
  itemCompanySection: { isVisible: setting(flag, true) },
} satisfies TreeDefinition;

/** The registration page (/register): its look and the words around the ticket form. */
export const registrationPageDefinition = {
  global: themeSection(),
  headerSection: { ...titledSection(""), subtitle: setting(shortText, ""), image: setting(imageUrl, "") },
  introSection: { ...titledSection("Join us"), body: setting(longText, "") },
  ticketsSection: { ...titledSection("Choose your tickets"), buttonLabel: setting(shortText, "Continue") },
  companySection: titledSection("About us"),
} satisfies TreeDefinition;

export type LandingMeta = StoredTree<typeof landingDefinition>;
export type RegistrationPageMeta = StoredTree<typeof registrationPageDefinition>;
export type ResolvedRegistrationPage = ResolvedTree<typeof registrationPageDefinition>;
export type SilentAuctionMeta = StoredTree<typeof silentAuctionDefinition>;
export type ResolvedLanding = ResolvedTree<typeof landingDefinition>;
export type ResolvedSilentAuction = ResolvedTree<typeof silentAuctionDefinition>;

function mapEntries<T, U>(record: Record<string, T>, map: (value: T, key: string) => U): Record<string, U> {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, map(value, key)]));
}

/**
 * The schema of one stored setting, { value, useDefault }. Built once per setting: pages read their trees on every
 * request, and building a zod object per setting each time was a few percent of the bidding page's CPU.
 */
const storedSettingSchemas = new WeakMap<SettingDefinition<unknown>, z.ZodType<Setting<unknown>>>();
function storedSettingSchema(definition: SettingDefinition<unknown>) {
  let schema = storedSettingSchemas.get(definition);
  if (!schema) {
    schema = z.object({ value: definition.schema, useDefault: z.boolean() }) as z.ZodType<Setting<unknown>>;
    storedSettingSchemas.set(definition, schema);
  }
  return schema;
}

/** The zod schema of a stored tree: strict enough to reject bad input when saving. */
function strictTreeSchema<D extends TreeDefinition>(definition: D) {
  return z
    .object(mapEntries(definition, (section) => z.object(mapEntries(section, (s) => storedSettingSchema(s))).partial()))
    .partial() as unknown as z.ZodType<Partial<{ [K in keyof D]: Partial<StoredSection<D[K]>> }>>;
}

/** Reads whatever is stored into a complete tree, with defaults wherever something is missing or malformed. */
function readTree<D extends TreeDefinition>(definition: D, stored: unknown): StoredTree<D> {
  const source = isRecord(stored) ? stored : {};
  return mapEntries(definition, (section, sectionKey) => {
    const storedSection = isRecord(source[sectionKey]) ? source[sectionKey] : {};
    return mapEntries(section, (s, key) => {
      // Most settings are never saved: their default needs no parse (a failed parse builds a zod error).
      if (storedSection[key] === undefined) return { value: s.default, useDefault: true };
      const parsed = storedSettingSchema(s).safeParse(storedSection[key]);
      return parsed.success ? parsed.data : { value: s.default, useDefault: true };
    });
  }) as StoredTree<D>;
}

/** The values a page renders: each setting's own value, or its default when useDefault is set. */
function resolveTree<D extends TreeDefinition>(
  definition: D,
  stored: unknown,
  overrides: DefaultOverrides<D> = {},
): ResolvedTree<D> {
  const tree = readTree(definition, stored) as Record<string, Record<string, Setting<unknown>>>;
  const defaults = overrides as Record<string, Record<string, unknown> | undefined>;
  return mapEntries(definition, (section, sectionKey) =>
    mapEntries(section, (s, key) => {
      const current = tree[sectionKey][key];
      if (!current.useDefault) return current.value;
      const override = defaults[sectionKey]?.[key];
      return override === undefined ? s.default : override;
    }),
  ) as ResolvedTree<D>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The [section, setting] pairs of a tree that hold rich text (HTML), which a page inserts as it is. */
function richTextSettings(definition: TreeDefinition): [string, string][] {
  return Object.entries(definition).flatMap(([sectionKey, section]) =>
    Object.entries(section)
      .filter(([, setting]) => setting.schema === longText)
      .map(([key]) => [sectionKey, key] as [string, string]),
  );
}

export type { DefaultOverrides, StoredTree, ResolvedTree, TreeDefinition, SettingDefinition };
export { richTextSettings };
export { readTree, resolveTree, strictTreeSchema };

export const landingMetaSchema = strictTreeSchema(landingDefinition);
export const registrationPageMetaSchema = strictTreeSchema(registrationPageDefinition);
export const readRegistrationPageMeta = (stored: unknown) => readTree(registrationPageDefinition, stored);
export const resolveRegistrationPageMeta = (
  stored: unknown,
  overrides?: DefaultOverrides<typeof registrationPageDefinition>,
) => resolveTree(registrationPageDefinition, stored, overrides);
export const silentAuctionMetaSchema = strictTreeSchema(silentAuctionDefinition);
export const readLandingMeta = (stored: unknown) => readTree(landingDefinition, stored);
export const readSilentAuctionMeta = (stored: unknown) => readTree(silentAuctionDefinition, stored);
export const resolveLandingMeta = (stored: unknown, overrides?: DefaultOverrides<typeof landingDefinition>) =>
  resolveTree(landingDefinition, stored, overrides);
export const resolveSilentAuctionMeta = (
  stored: unknown,
  overrides?: DefaultOverrides<typeof silentAuctionDefinition>,
) => resolveTree(silentAuctionDefinition, stored, overrides);

// A link a guest may follow from the shared components: a web address (http or https) or none. Anything else (a
// javascript: address) must never become a link.
const webLink = z
  .string()
  .max(300)
  .refine((value) => {
    if (value === "") return true;
    try {
      return ["http:", "https:"].includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, "Enter a web address such as https://example.org.");
export const footerLinkSchema = z.object({ label: z.string().min(1).max(60), href: webLink.refine(Boolean) });

/**
 * The pieces every public page of an event shares (/admin/setup/components): the header's logo and name, an
 * announcement bar, a strip of the sponsors' logos and the footer. The landing page, registration and the bidding
 * pages all draw them; kept in event.meta.publicComponents.
 */
export const publicComponentsDefinition = {
  header: {
    // Empty: the event's own logo (Setup → Branding).
    logo: setting(imageUrl, ""),
    // Empty: the event's title.
    name: setting(shortText, ""),
    // Off: the logo alone, named by its alternative text (a logo usually carries the name); with no logo, the name.
    showName: setting(flag, false),
  },
  announcement: {
    isVisible: setting(flag, false),
    text: setting(z.string().max(200), ""),
    linkLabel: setting(z.string().max(60), ""),
    linkHref: setting(webLink, ""),
  },
  sponsorStrip: {
    isVisible: setting(flag, false),
    title: setting(shortText, "Thank you to our sponsors"),
  },
  footer: {
    text: setting(z.string().max(500), ""),
    links: setting(z.array(footerLinkSchema).max(4), [] as z.infer<typeof footerLinkSchema>[]),
  },
} satisfies TreeDefinition;

export type PublicComponentsMeta = StoredTree<typeof publicComponentsDefinition>;
export type ResolvedPublicComponents = ResolvedTree<typeof publicComponentsDefinition>;
export const publicComponentsSchema = strictTreeSchema(publicComponentsDefinition);
export const resolvePublicComponents = (stored: unknown) => resolveTree(publicComponentsDefinition, stored);
