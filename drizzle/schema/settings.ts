/**
 * The settings trees of spec §3 (landing meta and silent-auction meta). Every setting is stored as
 * { value, useDefault }; with useDefault the page follows the default (spec §9 theme values, or what
 * the caller passes as the event's own defaults) instead of the stored value. The stored JSON may be
 * partial or from an older version: missing sections and settings read as their defaults, and a
 * malformed setting reads as its default rather than breaking the page.
 */
import { z } from "zod";

/** Spec §9: default theme values for landing and silent-auction meta. */
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
const font = z.string().min(1).max(80);
const shortText = z.string().max(200);
const longText = z.string().max(50_000);
const imageUrl = z.string().max(2_000);
const flag = z.boolean();

interface SettingDefinition<T> {
  schema: z.ZodType<T>;
  default: T;
}
const setting = <T>(schema: z.ZodType<T>, fallback: T): SettingDefinition<T> => ({ schema, default: fallback });

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

const LANDING_SECTIONS = [
  "heroSection",
  "registrationSection",
  "slidesSection",
  "sponsorsSection",
  "companySection",
  "detailsSection",
  "countdownSection",
] as const;

const slide = z.object({ image: imageUrl, caption: shortText.default("") });

export const landingDefinition = {
  global: {
    ...themeSection(),
    sectionOrder: setting(z.array(z.enum(LANDING_SECTIONS)), [...LANDING_SECTIONS]),
  },
  heroSection: {
    ...titledSection(""),
    subtitle: setting(shortText, ""),
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
    slides: setting(z.array(slide).max(30), [] as z.infer<typeof slide>[]),
    autoplaySeconds: setting(z.number().int().min(0).max(60), 6),
  },
  sponsorsSection: titledSection("Thank you to our sponsors"),
  companySection: titledSection("About us"),
  detailsSection: { ...titledSection("Event details"), body: setting(longText, "") },
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

export type LandingMeta = StoredTree<typeof landingDefinition>;
export type SilentAuctionMeta = StoredTree<typeof silentAuctionDefinition>;
export type ResolvedLanding = ResolvedTree<typeof landingDefinition>;
export type ResolvedSilentAuction = ResolvedTree<typeof silentAuctionDefinition>;

function mapEntries<T, U>(record: Record<string, T>, map: (value: T, key: string) => U): Record<string, U> {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, map(value, key)]));
}

/** The zod schema of a stored tree: strict enough to reject bad input when saving. */
function strictTreeSchema<D extends TreeDefinition>(definition: D) {
  return z.object(
    mapEntries(definition, (section) =>
      z.object(mapEntries(section, (s) => z.object({ value: s.schema, useDefault: z.boolean() }))).partial(),
    ),
  ).partial() as unknown as z.ZodType<Partial<{ [K in keyof D]: Partial<StoredSection<D[K]>> }>>;
}

/** Reads whatever is stored into a complete tree, with defaults wherever something is missing or malformed. */
function readTree<D extends TreeDefinition>(definition: D, stored: unknown): StoredTree<D> {
  const source = isRecord(stored) ? stored : {};
  return mapEntries(definition, (section, sectionKey) => {
    const storedSection = isRecord(source[sectionKey]) ? source[sectionKey] : {};
    return mapEntries(section, (s, key) => {
      const parsed = z.object({ value: s.schema, useDefault: z.boolean() }).safeParse(storedSection[key]);
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

function isRecord(value: unknown): value is Record<string, any> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export const landingMetaSchema = strictTreeSchema(landingDefinition);
export const silentAuctionMetaSchema = strictTreeSchema(silentAuctionDefinition);
export const readLandingMeta = (stored: unknown) => readTree(landingDefinition, stored);
export const readSilentAuctionMeta = (stored: unknown) => readTree(silentAuctionDefinition, stored);
export const resolveLandingMeta = (stored: unknown, overrides?: DefaultOverrides<typeof landingDefinition>) =>
  resolveTree(landingDefinition, stored, overrides);
export const resolveSilentAuctionMeta = (
  stored: unknown,
  overrides?: DefaultOverrides<typeof silentAuctionDefinition>,
) => resolveTree(silentAuctionDefinition, stored, overrides);
