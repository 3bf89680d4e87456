/**
 * The design lab's piano (/admin/eric/piano): the event's colours and fonts as keys, a pair of colours (text on a
 * background) with its WCAG 2 contrast, and what "use this" stores in the event's branding. Client-safe: the page
 * plays in the browser, and the server reads the same choice from the query when the page has no JavaScript.
 */
import { catalogueFont, nearestWeight } from "~/fonts/catalogue";
import { contrastRatio } from "~/ui/branding";
import type { DEFAULT_EVENT_STYLE } from "~drizzle/schema/style-defaults";

export type BrandingValues = Record<keyof typeof DEFAULT_EVENT_STYLE, string>;

export const COLOUR_KEYS = [
  ["primary", "Primary", "primary_color"],
  ["secondary", "Secondary", "secondary_color"],
  ["accent", "Accent", "accent_color"],
  ["text", "Text", "text_color"],
  ["white", "White (the page)", null],
] as const;
export type ColourKey = (typeof COLOUR_KEYS)[number][0];

/** Which of the event's colours the background becomes when the pair is used. */
export const ROLES = [
  ["primary", "Primary: buttons, the header and the footer"],
  ["secondary", "Secondary: section bands and highlights"],
  ["accent", "Accent: badges and the announcement bar"],
] as const;
export type Role = (typeof ROLES)[number][0];

export interface PianoKey {
  key: ColourKey;
  label: string;
  value: string;
}

export interface PianoChoice {
  fg: ColourKey;
  bg: ColourKey;
  heading: string;
  body: string;
  role: Role;
}

export function colourKeys(branding: BrandingValues): PianoKey[] {
  return COLOUR_KEYS.map(([key, label, column]) => ({ key, label, value: column ? branding[column] : "#ffffff" }));
}

/** The event's fonts, each once, in the order of headings, subheadings and body text. */
export function fontKeys(branding: BrandingValues): string[] {
  return [...new Set([branding.heading_font, branding.subheading_font, branding.body_font])];
}

const isColourKey = (value: unknown): value is ColourKey => COLOUR_KEYS.some(([key]) => key === value);
const isRole = (value: unknown): value is Role => ROLES.some(([role]) => role === value);

/** The pair asked for (a query or a form), or the primary button's: white on the primary colour. */
export function readChoice(params: URLSearchParams | FormData, branding: BrandingValues): PianoChoice {
  const fonts = fontKeys(branding);
  const get = (name: string) => params.get(name);
  const font = (name: string, fallback: string) => {
    const value = get(name);
    return typeof value === "string" && fonts.includes(value) ? value : fallback;
  };
  const fg = get("fg");
  const bg = get("bg");
  const role = get("role");
  return {
    fg: isColourKey(fg) ? fg : "white",
    bg: isColourKey(bg) ? bg : "primary",
    heading: font("heading", branding.heading_font),
    body: font("body", branding.body_font),
    role: isRole(role) ? role : "primary",
  };
}

export interface Contrast {
  ratio: number;
  /** Body text: AA at 4.5:1, AAA at 7:1. */
  aa: boolean;
  aaa: boolean;
  /** Large text (24 px, or 19 px bold): AA at 3:1, AAA at 4.5:1. */
  aaLarge: boolean;
  aaaLarge: boolean;
}

export function contrastOf(foreground: string, background: string): Contrast {
  const ratio = contrastRatio(foreground, background);
  return { ratio, aa: ratio >= 4.5, aaa: ratio >= 7, aaLarge: ratio >= 3, aaaLarge: ratio >= 4.5 };
}

/** "4.8:1", rounded down so a pair just under a threshold never reads as passing it. */
export function ratioText(ratio: number): string {
  return `${(Math.floor(ratio * 10) / 10).toFixed(1)}:1`;
}

/** The best level a pair reaches for body text: "AAA", "AA", "AA large only" or "Fails". */
export function gradeText(contrast: Contrast): string {
  if (contrast.aaa) return "AAA";
  if (contrast.aa) return "AA";
  if (contrast.aaLarge) return "AA large only";
  return "Fails";
}

/**
 * The event's branding with the pair in use: the background becomes the role's colour, the text colour becomes the
 * foreground (unless it is white, which would vanish on the white page: buttons take white by themselves where it
 * reads better), and the fonts the headings' and the body's, each at the weight nearest the one they had.
 */
export function brandingWith(saved: BrandingValues, choice: PianoChoice): BrandingValues {
  const colour = (key: ColourKey) => colourKeys(saved).find((candidate) => candidate.key === key)!.value;
  const weight = (family: string, current: string) => {
    const font = catalogueFont(family);
    return font ? String(nearestWeight(font, Number(current))) : current;
  };
  return {
    ...saved,
    [`${choice.role}_color`]: colour(choice.bg),
    text_color: choice.fg === "white" ? saved.text_color : colour(choice.fg),
    heading_font: choice.heading,
    heading_weight: weight(choice.heading, saved.heading_weight),
    body_font: choice.body,
    body_weight: weight(choice.body, saved.body_weight),
  };
}
