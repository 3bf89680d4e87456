import { catalogueFont, eventFamily, fallbackFaceFamilies, fallbackStack } from "~/fonts/catalogue";
import { DEFAULT_EVENT_STYLE } from "~drizzle/schema/style-defaults";
import type { CSSProperties } from "react";

/** The styling columns of an event (colours, fonts, weights); any of them may be unset. */
export type EventBranding = {
  primary_color?: string | null;
  secondary_color?: string | null;
  accent_color?: string | null;
  text_color?: string | null;
  heading_font?: string | null;
  subheading_font?: string | null;
  body_font?: string | null;
  heading_weight?: number | string | null;
  subheading_weight?: number | string | null;
  body_weight?: number | string | null;
};

/**
 * An event's colours and its heading and body fonts, picked from its row: what the previews and the pages that
 * do not set subheadings or weights are drawn with.
 */
export function brandColoursAndFonts(row: EventBranding): EventBranding {
  return {
    primary_color: row.primary_color,
    secondary_color: row.secondary_color,
    accent_color: row.accent_color,
    text_color: row.text_color,
    heading_font: row.heading_font,
    body_font: row.body_font,
  };
}

const LIGHT_TEXT = "#ffffff";

/**
 * Turns an event's styling fields into the design-token custom properties (see app/styles/tokens.css), to be
 * set as `style` on the element that wraps a guest page. Each colour gets an "on" colour for text placed on it,
 * whichever of white and the event's text colour contrasts more, so a light brand colour keeps readable buttons.
 *
 * Values are checked before use: they end up in a style attribute, where a crafted value could otherwise add
 * declarations of its own. An unusable value falls back to the spec default.
 */
export function brandingStyle(event: EventBranding): CSSProperties {
  const d = DEFAULT_EVENT_STYLE;
  const text = hexColor(event.text_color) ?? d.text_color;
  const primary = hexColor(event.primary_color) ?? d.primary_color;
  const secondary = hexColor(event.secondary_color) ?? d.secondary_color;
  const accent = hexColor(event.accent_color) ?? d.accent_color;
  const tokens: Record<`--${string}`, string> = {
    "--color-primary": primary,
    "--color-on-primary": readableOn(primary, text),
    "--color-secondary": secondary,
    "--color-on-secondary": readableOn(secondary, text),
    "--color-accent": accent,
    "--color-on-accent": readableOn(accent, text),
    "--color-text": text,
    "--font-heading": fontStack(event.heading_font, d.heading_font),
    "--font-subheading": fontStack(event.subheading_font, d.subheading_font),
    "--font-body": fontStack(event.body_font, d.body_font),
    "--weight-heading": String(fontWeight(event.heading_weight) ?? d.heading_weight),
    "--weight-subheading": String(fontWeight(event.subheading_weight) ?? d.subheading_weight),
    "--weight-body": String(fontWeight(event.body_weight) ?? d.body_weight),
  };
  return {
    // React's CSSProperties type does not list custom properties, though React sets them as given.
    ...(tokens as CSSProperties),
    // Inherited text styles were computed on <body> from the defaults; re-apply them here so plain text
    // inside the branded element takes the event's values too.
    color: "var(--color-text)",
    fontFamily: "var(--font-body)",
    fontWeight: "var(--weight-body)",
  };
}

/** #rgb or #rrggbb, returned as lower-case #rrggbb; anything else is null. */
function hexColor(value: string | null | undefined): string | null {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value?.trim() ?? "");
  if (!match) return null;
  const digits = match[1].length === 3 ? [...match[1]].map((c) => c + c).join("") : match[1];
  return `#${digits.toLowerCase()}`;
}

/**
 * The event's font, quoted, then the faces shaped like it while it loads (a web font of the catalogue's), then the
 * fallbacks of its kind (serif or sans-serif): a catalogue font as the catalogue spells it, an older name of letters,
 * digits, spaces and hyphens as it is, anything else as the spec default.
 */
function fontStack(value: string | null | undefined, fallback: string): string {
  const family = eventFamily(value, fallback);
  const font = catalogueFont(family);
  const shapedLikeIt = font ? fallbackFaceFamilies(font).map((name) => `"${name}", `) : [];
  return `"${family}", ${shapedLikeIt.join("")}${fallbackStack(font?.category ?? "sans-serif")}`;
}

/** A whole-number CSS font weight between 1 and 1000. */
function fontWeight(value: number | string | null | undefined): number | null {
  if (value == null || value === "") return null;
  const weight = Number(value);
  return Number.isInteger(weight) && weight >= 1 && weight <= 1000 ? weight : null;
}

/** White or `text`, whichever has the higher contrast ratio against `background` (WCAG 2 formula). */
function readableOn(background: string, text: string): string {
  return contrastRatio(background, LIGHT_TEXT) >= contrastRatio(background, text) ? LIGHT_TEXT : text;
}

/** WCAG 2 contrast ratio (1 to 21) of two #rrggbb colours. */
export function contrastRatio(a: string, b: string): number {
  const [lighter, darker] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (lighter + 0.05) / (darker + 0.05);
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const channel = parseInt(hex.slice(i, i + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG AA for body text. */
export const MINIMUM_TEXT_CONTRAST = 4.5;

/**
 * Where the chosen colours make text hard to read on guests' pages: the text colour on the white page, and
 * the text placed on each brand colour (white or the text colour, whichever reads better). Empty when all is fine.
 */
export function contrastWarnings(event: EventBranding): string[] {
  const d = DEFAULT_EVENT_STYLE;
  const text = hexColor(event.text_color) ?? d.text_color;
  const warnings: string[] = [];
  const onPage = contrastRatio(text, LIGHT_TEXT);
  if (onPage < MINIMUM_TEXT_CONTRAST) {
    warnings.push(
      `The text colour is hard to read on the white page (contrast ${onPage.toFixed(1)}:1; aim for at least 4.5:1). Choose a darker text colour.`,
    );
  }
  const surfaces: Array<[string, string | null | undefined, string]> = [
    ["primary", event.primary_color, d.primary_color],
    ["secondary", event.secondary_color, d.secondary_color],
    ["accent", event.accent_color, d.accent_color],
  ];
  for (const [name, value, fallback] of surfaces) {
    const background = hexColor(value) ?? fallback;
    const ratio = contrastRatio(background, readableOn(background, text));
    if (ratio < MINIMUM_TEXT_CONTRAST) {
      warnings.push(
        `Text on the ${name} colour (buttons, banners) is hard to read (contrast ${ratio.toFixed(1)}:1; aim for at least 4.5:1). Choose a darker or lighter ${name} colour.`,
      );
    }
  }
  return warnings;
}

/** The theme of a designed page (the `global` section of its settings tree): colours and fonts. */
export interface PageTheme {
  primaryColor: string;
  accentColor: string;
  secondaryAccentColor: string;
  lightThemeAccentColor: string;
  headingFont: string;
  bodyFont: string;
}

/**
 * The settings of a page's theme that follow the event's branding while the page leaves them on "use the event's
 * branding", with the branding field each follows. The light accent has no branding field: it is always the page's.
 */
export const BRANDED_THEME_SETTINGS = {
  primaryColor: "primary_color",
  accentColor: "accent_color",
  secondaryAccentColor: "secondary_color",
  headingFont: "heading_font",
  bodyFont: "body_font",
} as const satisfies Partial<Record<keyof PageTheme, keyof EventBranding>>;

export type BrandedThemeSetting = keyof typeof BRANDED_THEME_SETTINGS;

export const isBrandedThemeSetting = (key: string): key is BrandedThemeSetting => key in BRANDED_THEME_SETTINGS;

/** The event's branding as the defaults of a page's theme: what a designed page shows until it sets its own. */
export function themeDefaults(event: EventBranding) {
  const defaults: Partial<Record<BrandedThemeSetting, string>> = {};
  for (const [setting, field] of Object.entries(BRANDED_THEME_SETTINGS) as [BrandedThemeSetting, keyof EventBranding][])
    defaults[setting] = event[field] == null ? undefined : String(event[field]);
  return defaults;
}

/** A designed page's tokens: its theme's colours and fonts over the event's text colour and weights. */
export function pageThemeStyle(event: EventBranding, theme: PageTheme): CSSProperties {
  return {
    ...brandingStyle({
      ...event,
      primary_color: theme.primaryColor,
      secondary_color: theme.secondaryAccentColor,
      accent_color: theme.accentColor,
      heading_font: theme.headingFont,
      body_font: theme.bodyFont,
    }),
    // Checked like the other colours: it ends up in a style attribute.
    ...({
      "--color-light-accent": /^#[0-9a-f]{3,6}$/i.test(theme.lightThemeAccentColor)
        ? theme.lightThemeAccentColor
        : "#a7c7e7",
    } as CSSProperties),
  };
}
