/**
 * The @font-face rules of the catalogue's web fonts (app/fonts/catalogue.ts), served by Gavel itself: each .woff2 file is
 * imported from its Fontsource package, so the Remix compiler copies it into public/build/_assets under a
 * content-hashed name that server.js serves with a year-long immutable cache. Nothing is fetched from a font
 * service at run time (docs/decisions/010-event-fonts.md).
 *
 * Only the latin and latin-ext subsets are shipped, upright and italic; with unicode-range and font-display: swap
 * the browser downloads a file only when text on the page needs it, and shows a fallback until it arrives.
 */
import { createHash } from "node:crypto";
import lato100LatinItalic from "@fontsource/lato/files/lato-latin-100-italic.woff2";
import lato100Latin from "@fontsource/lato/files/lato-latin-100-normal.woff2";
import lato300LatinItalic from "@fontsource/lato/files/lato-latin-300-italic.woff2";
import lato300Latin from "@fontsource/lato/files/lato-latin-300-normal.woff2";
import lato400LatinItalic from "@fontsource/lato/files/lato-latin-400-italic.woff2";
import lato400Latin from "@fontsource/lato/files/lato-latin-400-normal.woff2";
import lato700LatinItalic from "@fontsource/lato/files/lato-latin-700-italic.woff2";
import lato700Latin from "@fontsource/lato/files/lato-latin-700-normal.woff2";
import lato900LatinItalic from "@fontsource/lato/files/lato-latin-900-italic.woff2";
import lato900Latin from "@fontsource/lato/files/lato-latin-900-normal.woff2";
import lato100LatinExtItalic from "@fontsource/lato/files/lato-latin-ext-100-italic.woff2";
import lato100LatinExt from "@fontsource/lato/files/lato-latin-ext-100-normal.woff2";
import lato300LatinExtItalic from "@fontsource/lato/files/lato-latin-ext-300-italic.woff2";
import lato300LatinExt from "@fontsource/lato/files/lato-latin-ext-300-normal.woff2";
import lato400LatinExtItalic from "@fontsource/lato/files/lato-latin-ext-400-italic.woff2";
import lato400LatinExt from "@fontsource/lato/files/lato-latin-ext-400-normal.woff2";
import lato700LatinExtItalic from "@fontsource/lato/files/lato-latin-ext-700-italic.woff2";
import lato700LatinExt from "@fontsource/lato/files/lato-latin-ext-700-normal.woff2";
import lato900LatinExtItalic from "@fontsource/lato/files/lato-latin-ext-900-italic.woff2";
import lato900LatinExt from "@fontsource/lato/files/lato-latin-ext-900-normal.woff2";
import poppins300LatinItalic from "@fontsource/poppins/files/poppins-latin-300-italic.woff2";
import poppins300Latin from "@fontsource/poppins/files/poppins-latin-300-normal.woff2";
import poppins400LatinItalic from "@fontsource/poppins/files/poppins-latin-400-italic.woff2";
import poppins400Latin from "@fontsource/poppins/files/poppins-latin-400-normal.woff2";
import poppins500LatinItalic from "@fontsource/poppins/files/poppins-latin-500-italic.woff2";
import poppins500Latin from "@fontsource/poppins/files/poppins-latin-500-normal.woff2";
import poppins600LatinItalic from "@fontsource/poppins/files/poppins-latin-600-italic.woff2";
import poppins600Latin from "@fontsource/poppins/files/poppins-latin-600-normal.woff2";
import poppins700LatinItalic from "@fontsource/poppins/files/poppins-latin-700-italic.woff2";
import poppins700Latin from "@fontsource/poppins/files/poppins-latin-700-normal.woff2";
import poppins800LatinItalic from "@fontsource/poppins/files/poppins-latin-800-italic.woff2";
import poppins800Latin from "@fontsource/poppins/files/poppins-latin-800-normal.woff2";
import poppins300LatinExtItalic from "@fontsource/poppins/files/poppins-latin-ext-300-italic.woff2";
import poppins300LatinExt from "@fontsource/poppins/files/poppins-latin-ext-300-normal.woff2";
import poppins400LatinExtItalic from "@fontsource/poppins/files/poppins-latin-ext-400-italic.woff2";
import poppins400LatinExt from "@fontsource/poppins/files/poppins-latin-ext-400-normal.woff2";
import poppins500LatinExtItalic from "@fontsource/poppins/files/poppins-latin-ext-500-italic.woff2";
import poppins500LatinExt from "@fontsource/poppins/files/poppins-latin-ext-500-normal.woff2";
import poppins600LatinExtItalic from "@fontsource/poppins/files/poppins-latin-ext-600-italic.woff2";
import poppins600LatinExt from "@fontsource/poppins/files/poppins-latin-ext-600-normal.woff2";
import poppins700LatinExtItalic from "@fontsource/poppins/files/poppins-latin-ext-700-italic.woff2";
import poppins700LatinExt from "@fontsource/poppins/files/poppins-latin-ext-700-normal.woff2";
import poppins800LatinExtItalic from "@fontsource/poppins/files/poppins-latin-ext-800-italic.woff2";
import poppins800LatinExt from "@fontsource/poppins/files/poppins-latin-ext-800-normal.woff2";
import ebGaramondLatinExtItalic from "@fontsource-variable/eb-garamond/files/eb-garamond-latin-ext-wght-italic.woff2";
import ebGaramondLatinExt from "@fontsource-variable/eb-garamond/files/eb-garamond-latin-ext-wght-normal.woff2";
import ebGaramondLatinItalic from "@fontsource-variable/eb-garamond/files/eb-garamond-latin-wght-italic.woff2";
import ebGaramondLatin from "@fontsource-variable/eb-garamond/files/eb-garamond-latin-wght-normal.woff2";
import interLatinExtItalic from "@fontsource-variable/inter/files/inter-latin-ext-wght-italic.woff2";
import interLatinExt from "@fontsource-variable/inter/files/inter-latin-ext-wght-normal.woff2";
import interLatinItalic from "@fontsource-variable/inter/files/inter-latin-wght-italic.woff2";
import interLatin from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2";
import loraLatinExtItalic from "@fontsource-variable/lora/files/lora-latin-ext-wght-italic.woff2";
import loraLatinExt from "@fontsource-variable/lora/files/lora-latin-ext-wght-normal.woff2";
import loraLatinItalic from "@fontsource-variable/lora/files/lora-latin-wght-italic.woff2";
import loraLatin from "@fontsource-variable/lora/files/lora-latin-wght-normal.woff2";
import merriweatherLatinExtItalic from "@fontsource-variable/merriweather/files/merriweather-latin-ext-wght-italic.woff2";
import merriweatherLatinExt from "@fontsource-variable/merriweather/files/merriweather-latin-ext-wght-normal.woff2";
import merriweatherLatinItalic from "@fontsource-variable/merriweather/files/merriweather-latin-wght-italic.woff2";
import merriweatherLatin from "@fontsource-variable/merriweather/files/merriweather-latin-wght-normal.woff2";
import montserratLatinExtItalic from "@fontsource-variable/montserrat/files/montserrat-latin-ext-wght-italic.woff2";
import montserratLatinExt from "@fontsource-variable/montserrat/files/montserrat-latin-ext-wght-normal.woff2";
import montserratLatinItalic from "@fontsource-variable/montserrat/files/montserrat-latin-wght-italic.woff2";
import montserratLatin from "@fontsource-variable/montserrat/files/montserrat-latin-wght-normal.woff2";
import nunitoLatinExtItalic from "@fontsource-variable/nunito/files/nunito-latin-ext-wght-italic.woff2";
import nunitoLatinExt from "@fontsource-variable/nunito/files/nunito-latin-ext-wght-normal.woff2";
import nunitoLatinItalic from "@fontsource-variable/nunito/files/nunito-latin-wght-italic.woff2";
import nunitoLatin from "@fontsource-variable/nunito/files/nunito-latin-wght-normal.woff2";
import openSansLatinExtItalic from "@fontsource-variable/open-sans/files/open-sans-latin-ext-wght-italic.woff2";
import openSansLatinExt from "@fontsource-variable/open-sans/files/open-sans-latin-ext-wght-normal.woff2";
import openSansLatinItalic from "@fontsource-variable/open-sans/files/open-sans-latin-wght-italic.woff2";
import openSansLatin from "@fontsource-variable/open-sans/files/open-sans-latin-wght-normal.woff2";
import playfairDisplayLatinExtItalic from "@fontsource-variable/playfair-display/files/playfair-display-latin-ext-wght-italic.woff2";
import playfairDisplayLatinExt from "@fontsource-variable/playfair-display/files/playfair-display-latin-ext-wght-normal.woff2";
import playfairDisplayLatinItalic from "@fontsource-variable/playfair-display/files/playfair-display-latin-wght-italic.woff2";
import playfairDisplayLatin from "@fontsource-variable/playfair-display/files/playfair-display-latin-wght-normal.woff2";
import ralewayLatinExtItalic from "@fontsource-variable/raleway/files/raleway-latin-ext-wght-italic.woff2";
import ralewayLatinExt from "@fontsource-variable/raleway/files/raleway-latin-ext-wght-normal.woff2";
import ralewayLatinItalic from "@fontsource-variable/raleway/files/raleway-latin-wght-italic.woff2";
import ralewayLatin from "@fontsource-variable/raleway/files/raleway-latin-wght-normal.woff2";
import robotoLatinExtItalic from "@fontsource-variable/roboto/files/roboto-latin-ext-wght-italic.woff2";
import robotoLatinExt from "@fontsource-variable/roboto/files/roboto-latin-ext-wght-normal.woff2";
import robotoLatinItalic from "@fontsource-variable/roboto/files/roboto-latin-wght-italic.woff2";
import robotoLatin from "@fontsource-variable/roboto/files/roboto-latin-wght-normal.woff2";
import sourceSerif4LatinExtItalic from "@fontsource-variable/source-serif-4/files/source-serif-4-latin-ext-wght-italic.woff2";
import sourceSerif4LatinExt from "@fontsource-variable/source-serif-4/files/source-serif-4-latin-ext-wght-normal.woff2";
import sourceSerif4LatinItalic from "@fontsource-variable/source-serif-4/files/source-serif-4-latin-wght-italic.woff2";
import sourceSerif4Latin from "@fontsource-variable/source-serif-4/files/source-serif-4-latin-wght-normal.woff2";
import { DEFAULT_EVENT_STYLE } from "~drizzle/schema/style-defaults";
import { catalogueFont, eventFamily, FONT_CATALOGUE, nearestWeight } from "./catalogue";
import { fallbackFaceCss } from "./fallback-faces.server";
import type { EventFonts } from "./ui/event-fonts";

/** The URLs of one face's files. */
type Faces = { latin: string; latinExt: string; latinItalic: string; latinExtItalic: string };
/** A variable font (one set of files for all its weights), or a static one (a set per weight). */
type WebFontFiles = { variable: Faces } | { static: Record<number, Faces> };

const faces = (latin: string, latinExt: string, latinItalic: string, latinExtItalic: string): Faces => ({
  latin,
  latinExt,
  latinItalic,
  latinExtItalic,
});
const variable = (...urls: Parameters<typeof faces>): WebFontFiles => ({ variable: faces(...urls) });

/** Fontsource's unicode ranges of the two subsets (the same in every package used here). */
const LATIN =
  "U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD";
const LATIN_EXT =
  "U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF";

/** The files of every web font in the catalogue, by family. */
export const FONT_FILES: Record<string, WebFontFiles> = {
  "EB Garamond": variable(ebGaramondLatin, ebGaramondLatinExt, ebGaramondLatinItalic, ebGaramondLatinExtItalic),
  Inter: variable(interLatin, interLatinExt, interLatinItalic, interLatinExtItalic),
  Lato: {
    static: {
      100: faces(lato100Latin, lato100LatinExt, lato100LatinItalic, lato100LatinExtItalic),
      300: faces(lato300Latin, lato300LatinExt, lato300LatinItalic, lato300LatinExtItalic),
      400: faces(lato400Latin, lato400LatinExt, lato400LatinItalic, lato400LatinExtItalic),
      700: faces(lato700Latin, lato700LatinExt, lato700LatinItalic, lato700LatinExtItalic),
      900: faces(lato900Latin, lato900LatinExt, lato900LatinItalic, lato900LatinExtItalic),
    },
  },
  Lora: variable(loraLatin, loraLatinExt, loraLatinItalic, loraLatinExtItalic),
  Merriweather: variable(merriweatherLatin, merriweatherLatinExt, merriweatherLatinItalic, merriweatherLatinExtItalic),
  Montserrat: variable(montserratLatin, montserratLatinExt, montserratLatinItalic, montserratLatinExtItalic),
  Nunito: variable(nunitoLatin, nunitoLatinExt, nunitoLatinItalic, nunitoLatinExtItalic),
  "Open Sans": variable(openSansLatin, openSansLatinExt, openSansLatinItalic, openSansLatinExtItalic),
  "Playfair Display": variable(
    playfairDisplayLatin,
    playfairDisplayLatinExt,
    playfairDisplayLatinItalic,
    playfairDisplayLatinExtItalic,
  ),
  Poppins: {
    static: {
      300: faces(poppins300Latin, poppins300LatinExt, poppins300LatinItalic, poppins300LatinExtItalic),
      400: faces(poppins400Latin, poppins400LatinExt, poppins400LatinItalic, poppins400LatinExtItalic),
      500: faces(poppins500Latin, poppins500LatinExt, poppins500LatinItalic, poppins500LatinExtItalic),
      600: faces(poppins600Latin, poppins600LatinExt, poppins600LatinItalic, poppins600LatinExtItalic),
      700: faces(poppins700Latin, poppins700LatinExt, poppins700LatinItalic, poppins700LatinExtItalic),
      800: faces(poppins800Latin, poppins800LatinExt, poppins800LatinItalic, poppins800LatinExtItalic),
    },
  },
  Raleway: variable(ralewayLatin, ralewayLatinExt, ralewayLatinItalic, ralewayLatinExtItalic),
  Roboto: variable(robotoLatin, robotoLatinExt, robotoLatinItalic, robotoLatinExtItalic),
  "Source Serif 4": variable(
    sourceSerif4Latin,
    sourceSerif4LatinExt,
    sourceSerif4LatinItalic,
    sourceSerif4LatinExtItalic,
  ),
};

function fontFaceRules(family: string, weight: string, files: Faces): string[] {
  const rule = (style: string, url: string, range: string) =>
    `@font-face{font-family:"${family}";font-style:${style};font-weight:${weight};font-display:swap;src:url("${url}") format("woff2");unicode-range:${range}}`;
  return [
    rule("normal", files.latin, LATIN),
    rule("normal", files.latinExt, LATIN_EXT),
    rule("italic", files.latinItalic, LATIN),
    rule("italic", files.latinExtItalic, LATIN_EXT),
  ];
}

/**
 * The @font-face rules of those of `families` that Gavel serves (others, such as system fonts, are skipped), as one
 * stylesheet, each with the local faces shaped like it (fallback-faces.server.ts). Declaring a font downloads nothing:
 * the browser fetches a file once text is set in it.
 */
export function fontFaceCss(families: Iterable<string | null | undefined>): string {
  const rules: string[] = [];
  const seen = new Set<string>();
  for (const name of families) {
    const font = catalogueFont(name);
    const files = font && FONT_FILES[font.family];
    if (!font || !files || seen.has(font.family)) continue;
    seen.add(font.family);
    rules.push(fallbackFaceCss(font.family));
    if ("variable" in files) {
      rules.push(
        ...fontFaceRules(font.family, `${font.weights[0]} ${font.weights[font.weights.length - 1]}`, files.variable),
      );
    } else {
      for (const [weight, weightFiles] of Object.entries(files.static))
        rules.push(...fontFaceRules(font.family, weight, weightFiles));
    }
  }
  return rules.join("\n");
}

/** The rules of every web font in the catalogue, for the branding form's live preview (served as /fonts.css). */
export const CATALOGUE_FONT_CSS = fontFaceCss(FONT_CATALOGUE.map((font) => font.family));

/** The version of CATALOGUE_FONT_CSS: a hash of it, so /fonts.css?v=… may be cached for good. */
export const CATALOGUE_FONT_CSS_VERSION = createHash("sha256").update(CATALOGUE_FONT_CSS).digest("hex").slice(0, 12);

/** The address of the catalogue's stylesheet, changing whenever its rules (or font files) do. */
export const CATALOGUE_FONT_CSS_HREF = `/fonts.css?v=${CATALOGUE_FONT_CSS_VERSION}`;

/** The URL of the upright latin file a font needs at this weight, or null for a font Gavel does not serve. */
export function fontFileUrl(name: string | null | undefined, weight: number): string | null {
  const font = catalogueFont(name);
  const files = font && FONT_FILES[font.family];
  if (!font || !files) return null;
  return "variable" in files ? files.variable.latin : (files.static[nearestWeight(font, weight)]?.latin ?? null);
}

/** The font fields of an event's branding; any of them may be unset. */
type EventFontFields = {
  heading_font?: string | null;
  subheading_font?: string | null;
  body_font?: string | null;
  body_weight?: number | string | null;
};

/**
 * What a public page needs to show the event's fonts: the @font-face rules of its three fonts, and the body
 * font's file to preload (the first text a guest reads). Put it in the loader's data, render <FontFaces> and add
 * fontPreloadMeta() to the route's meta (app/fonts/ui/event-fonts.tsx).
 */
export function eventFonts(event: EventFontFields): EventFonts {
  const d = DEFAULT_EVENT_STYLE;
  return {
    css: fontFaceCss([
      eventFamily(event.heading_font, d.heading_font),
      eventFamily(event.subheading_font, d.subheading_font),
      eventFamily(event.body_font, d.body_font),
    ]),
    preload: fontFileUrl(eventFamily(event.body_font, d.body_font), Number(event.body_weight) || d.body_weight),
  };
}
