/**
 * The fonts an event can use on its public pages (docs/decisions/010-event-fonts.md): web fonts that Gavel
 * serves itself from npm's Fontsource packages (app/fonts/font-faces.server.ts declares them), plus a system font
 * that needs no file. Used by the branding form, its validation and brandingStyle(); imports nothing, so the
 * browser can use it too.
 */

export type FontCategory = "sans-serif" | "serif";

export type CatalogueFont = {
  /** The family name, as stored in the event's *_font columns and used in CSS. */
  family: string;
  /** Decides the fallback stack while the file loads or if it cannot. */
  category: FontCategory;
  /** The weights the form offers and the server accepts, lightest first. */
  weights: readonly number[];
  /** "web": Gavel serves the files; "system": installed on most computers, nothing to download. */
  source: "web" | "system";
};

/** Every hundred from `min` to `max`: the named weights a variable font covers. */
const range = (min: number, max: number) => Array.from({ length: (max - min) / 100 + 1 }, (_, i) => min + i * 100);

const web = (family: string, category: FontCategory, weights: readonly number[]): CatalogueFont => ({
  family,
  category,
  weights,
  source: "web",
});

/** The offered fonts, sans-serif then serif, each alphabetical. Weights stop at 900, the most the form stores. */
export const FONT_CATALOGUE: readonly CatalogueFont[] = [
  web("Inter", "sans-serif", range(100, 900)),
  web("Lato", "sans-serif", [100, 300, 400, 700, 900]),
  web("Montserrat", "sans-serif", range(100, 900)),
  web("Nunito", "sans-serif", range(200, 900)),
  web("Open Sans", "sans-serif", range(300, 800)),
  web("Poppins", "sans-serif", range(300, 800)),
  web("Raleway", "sans-serif", range(100, 900)),
  web("Roboto", "sans-serif", range(100, 900)),
  web("EB Garamond", "serif", range(400, 800)),
  web("Lora", "serif", range(400, 700)),
  web("Merriweather", "serif", range(300, 900)),
  web("Playfair Display", "serif", range(400, 900)),
  web("Source Serif 4", "serif", range(200, 900)),
  { family: "Georgia", category: "serif", weights: [400, 700], source: "system" },
];

const BY_NAME = new Map(FONT_CATALOGUE.map((font) => [font.family.toLowerCase(), font]));

/** The catalogue entry of a family name (ignoring case and surrounding spaces), or undefined. */
export function catalogueFont(name: string | null | undefined): CatalogueFont | undefined {
  return BY_NAME.get(name?.trim().toLowerCase() ?? "");
}

/** The weight of `font` closest to `weight` (the lighter one on a tie), for when the font changes. */
export function nearestWeight(font: CatalogueFont, weight: number): number {
  return font.weights.reduce((best, candidate) =>
    Math.abs(candidate - weight) < Math.abs(best - weight) ? candidate : best,
  );
}

/**
 * The fonts a guest's device already has that stand in for a web font while it loads, shaped like it
 * (app/fonts/fallback-faces.server.ts): Arial (Windows, macOS, iOS) and Roboto (Android) for sans-serif; Georgia
 * (Windows, macOS, iOS), Times New Roman and Noto Serif (Android) for serif.
 */
export const LOCAL_FALLBACKS: Record<FontCategory, readonly string[]> = {
  "sans-serif": ["Arial", "Roboto"],
  serif: ["Georgia", "Times New Roman", "Noto Serif"],
};

/** The names of the faces shaped like a web font, in the order to try them; none for a system font. */
export function fallbackFaceFamilies(font: CatalogueFont): string[] {
  return font.source === "web"
    ? LOCAL_FALLBACKS[font.category].map((local) => `${font.family} fallback: ${local}`)
    : [];
}

/** The CSS fallbacks after a font of this category (custom properties from app/styles/tokens.css). */
export function fallbackStack(category: FontCategory): string {
  return category === "serif" ? "var(--font-serif)" : "var(--font-system)";
}

/** "Playfair Display comes in weights 400 to 900." or "Lato comes in weights 100, 300, 400, 700 and 900." */
export function describeWeights(font: CatalogueFont): string {
  const { weights } = font;
  const contiguous = weights.every((weight, i) => i === 0 || weight - weights[i - 1] === 100);
  const list =
    contiguous && weights.length > 2
      ? `${weights[0]} to ${weights[weights.length - 1]}`
      : `${weights.slice(0, -1).join(", ")} and ${weights[weights.length - 1]}`;
  return `${font.family} comes in weights ${list}.`;
}

/**
 * The family an event's stored font value stands for: the catalogue's spelling of a catalogue font; a name from
 * before the catalogue, of letters, digits, spaces and hyphens, as it is (it shows where a guest has it
 * installed, and the branding form asks for a new choice); anything else, or nothing, as `fallback`.
 */
export function eventFamily(value: string | null | undefined, fallback: string): string {
  const name = value?.trim() ?? "";
  return catalogueFont(name)?.family ?? (/^[a-z0-9][a-z0-9 -]{0,63}$/i.test(name) ? name : fallback);
}
