/**
 * Fallback faces shaped like each web font of the catalogue (docs/decisions/047-fallback-faces.md). Until a web font
 * arrives (font-display: swap), a guest's phone sets the text in a font it already has; scaled to the web font's
 * average width and given its ascent, descent and line gap (@font-face's size-adjust and metric overrides), that
 * local font takes the same room, so the page does not move when the web font replaces it. Capsize computes the
 * rules from the fonts' metrics.
 */
import { createFontStack } from "@capsizecss/core";
import { catalogueFont, fallbackFaceFamilies, LOCAL_FALLBACKS } from "./catalogue";

type Metrics = Parameters<typeof createFontStack>[0][number];

const metrics = (
  familyName: string,
  fullName: string,
  postscriptName: string,
  [unitsPerEm, ascent, descent, lineGap, xWidthAvg]: [number, number, number, number, number],
): Metrics => ({ familyName, fullName, postscriptName, unitsPerEm, ascent, descent, lineGap, xWidthAvg });

/**
 * Units per em, ascent, descent, line gap and the average width of latin text, as @capsizecss/metrics 4.3.0 gives
 * them. That package holds every Google font's figures (169 MB installed); these are the ones Gavel uses.
 */
const METRICS: Record<string, Metrics> = {
  Inter: metrics("Inter", "Inter Regular", "Inter-Regular", [2048, 1984, -494, 0, 978]),
  Lato: metrics("Lato", "Lato Regular", "Lato-Regular", [2000, 1974, -426, 0, 871]),
  Montserrat: metrics("Montserrat", "Montserrat Regular", "Montserrat-Regular", [1000, 968, -251, 0, 503]),
  Nunito: metrics("Nunito", "Nunito Regular", "Nunito-Regular", [1000, 1011, -353, 0, 452]),
  "Open Sans": metrics("Open Sans", "Open Sans Regular", "OpenSans-Regular", [2048, 2189, -600, 0, 960]),
  Poppins: metrics("Poppins", "Poppins Regular", "Poppins-Regular", [1000, 1050, -350, 100, 500]),
  Raleway: metrics("Raleway", "Raleway Regular", "Raleway-Regular", [1000, 940, -234, 0, 463]),
  Roboto: metrics("Roboto", "Roboto Regular", "Roboto-Regular", [2048, 1900, -500, 0, 911]),
  "EB Garamond": metrics("EB Garamond", "EB Garamond Regular", "EBGaramond-Regular", [1000, 1007, -298, 0, 385]),
  Lora: metrics("Lora", "Lora Regular", "Lora-Regular", [1000, 1006, -274, 0, 468]),
  Merriweather: metrics("Merriweather", "Merriweather Regular", "Merriweather-Regular", [2000, 1968, -546, 0, 970]),
  "Playfair Display": metrics(
    "Playfair Display",
    "Playfair Display Regular",
    "PlayfairDisplay-Regular",
    [1000, 1082, -251, 0, 452],
  ),
  "Source Serif 4": metrics(
    "Source Serif 4",
    "Source Serif 4 Regular",
    "SourceSerif4-Regular",
    [1000, 1036, -335, 0, 479],
  ),
  // The local fonts that stand in (catalogue.ts, LOCAL_FALLBACKS).
  Arial: metrics("Arial", "Arial", "ArialMT", [2048, 1854, -434, 67, 913]),
  Georgia: metrics("Georgia", "Georgia", "Georgia", [2048, 1878, -449, 0, 913]),
  "Times New Roman": metrics("Times New Roman", "Times New Roman", "TimesNewRomanPSMT", [2048, 1825, -443, 87, 832]),
  "Noto Serif": metrics("Noto Serif", "Noto Serif Regular", "NotoSerif-Regular", [1000, 1069, -293, 0, 481]),
};

/**
 * Fonts of the same measurements under another name, which Linux desktops have in place of Arial and Times New
 * Roman: the same overrides fit them.
 */
const SAME_METRICS: Record<string, string[]> = {
  Arial: ["Liberation Sans", "LiberationSans", "Arimo"],
  "Times New Roman": ["Liberation Serif", "LiberationSerif", "Tinos"],
};

/**
 * The @font-face rules of the faces that stand in for `family` while it loads (named as fallbackFaceFamilies()
 * lists them), or "" for a family that is not one of the catalogue's web fonts.
 */
export function fallbackFaceCss(family: string): string {
  const font = catalogueFont(family);
  const own = font && font.source === "web" ? METRICS[font.family] : undefined;
  if (!font || !own) return "";
  const locals = LOCAL_FALLBACKS[font.category];
  const { fontFaces } = createFontStack([own, ...locals.map((local) => METRICS[local])], {
    fontFaceFormat: "styleObject",
  });
  const names = fallbackFaceFamilies(font);
  return fontFaces
    .map(({ "@font-face": face }, index) => {
      const aliases = (SAME_METRICS[locals[index]] ?? []).map((name) => `local('${name}')`);
      const descriptors = {
        // Capsize's own name for the face, spelt here so that the pages' font stacks can name it without it.
        "font-family": `"${names[index]}"`,
        src: [face.src, ...aliases].join(", "),
        "ascent-override": face.ascentOverride,
        "descent-override": face.descentOverride,
        "line-gap-override": face.lineGapOverride,
        "size-adjust": face.sizeAdjust,
      };
      const body = Object.entries(descriptors)
        .filter(([, value]) => value)
        .map(([name, value]) => `${name}:${value}`)
        .join(";");
      return `@font-face{${body}}`;
    })
    .join("\n");
}
