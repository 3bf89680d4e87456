import { describe, expect, it } from "vitest";
import { brandingSchema } from "~/events/setup-forms";
import {
  catalogueFont,
  describeWeights,
  eventFamily,
  fallbackFaceFamilies,
  FONT_CATALOGUE,
  LOCAL_FALLBACKS,
  nearestWeight,
} from "~/fonts/catalogue";
import {
  CATALOGUE_FONT_CSS,
  CATALOGUE_FONT_CSS_HREF,
  eventFonts,
  FONT_FILES,
  fontFaceCss,
  fontFileUrl,
} from "~/fonts/font-faces.server";
import { fontPreloadMeta } from "~/fonts/ui/event-fonts";
import { loader as fontsCssLoader } from "~/routes/fonts[.]css";
import { DEFAULT_EVENT_STYLE } from "~drizzle/schema/style-defaults";

describe("the font catalogue", () => {
  it("offers the spec default font with the default weights", () => {
    for (const style of ["heading", "subheading", "body"] as const) {
      const font = catalogueFont(DEFAULT_EVENT_STYLE[`${style}_font`]);
      expect(font?.source).toBe("web");
      expect(font?.weights).toContain(DEFAULT_EVENT_STYLE[`${style}_weight`]);
    }
  });

  it("still offers every font the branding form used to suggest, so those choices stay valid", () => {
    const former = [
      "Roboto",
      "Open Sans",
      "Lato",
      "Montserrat",
      "Poppins",
      "Raleway",
      "Playfair Display",
      "Merriweather",
      "Lora",
      "EB Garamond",
      "Georgia",
      "Inter",
    ];
    expect(former.filter((name) => !catalogueFont(name))).toEqual([]);
  });

  it("has each family once, with whole hundreds from 100 to 900 as weights, lightest first", () => {
    const families = FONT_CATALOGUE.map((font) => font.family.toLowerCase());
    expect(new Set(families).size).toBe(families.length);
    for (const font of FONT_CATALOGUE) {
      expect(font.weights.length).toBeGreaterThan(0);
      expect([...font.weights].sort((a, b) => a - b)).toEqual(font.weights);
      expect(font.weights.every((weight) => weight >= 100 && weight <= 900 && weight % 100 === 0)).toBe(true);
    }
  });

  it("has the files of every web font it offers, and files only for those (a static font: one set per weight)", () => {
    const web = FONT_CATALOGUE.filter((font) => font.source === "web").map((font) => font.family);
    expect(Object.keys(FONT_FILES).sort()).toEqual([...web].sort());
    for (const [family, files] of Object.entries(FONT_FILES)) {
      if ("static" in files) expect(Object.keys(files.static).map(Number)).toEqual(catalogueFont(family)?.weights);
      const sets = "variable" in files ? [files.variable] : Object.values(files.static);
      for (const set of sets) for (const url of Object.values(set)) expect(url).toMatch(/\.woff2$/);
    }
  });

  it("finds fonts whatever their case and spacing", () => {
    expect(catalogueFont("  playfair display ")?.family).toBe("Playfair Display");
    expect(catalogueFont("Comic Sans MS")).toBeUndefined();
    expect(catalogueFont(null)).toBeUndefined();
  });

  it("reads stored values as a catalogue font, an older plain name, or the fallback", () => {
    expect(eventFamily("open sans", "Roboto")).toBe("Open Sans");
    expect(eventFamily("Comic Neue", "Roboto")).toBe("Comic Neue");
    expect(eventFamily('Roboto"; color: red', "Roboto")).toBe("Roboto");
    expect(eventFamily(null, "Roboto")).toBe("Roboto");
  });

  it("moves a weight to the nearest one a font has", () => {
    const lora = catalogueFont("Lora")!;
    const lato = catalogueFont("Lato")!;
    expect(nearestWeight(lora, 900)).toBe(700);
    expect(nearestWeight(lora, 100)).toBe(400);
    expect(nearestWeight(lato, 600)).toBe(700);
    expect(nearestWeight(lato, 500)).toBe(400);
    expect(nearestWeight(lato, 400)).toBe(400);
  });

  it("describes the weights a font comes in", () => {
    expect(describeWeights(catalogueFont("Playfair Display")!)).toBe("Playfair Display comes in weights 400 to 900.");
    expect(describeWeights(catalogueFont("Lato")!)).toBe("Lato comes in weights 100, 300, 400, 700 and 900.");
    expect(describeWeights(catalogueFont("Georgia")!)).toBe("Georgia comes in weights 400 and 700.");
  });
});

/** The rules that load a file (not the local faces shaped like the font). */
const fileFaces = (css: string) => css.split("\n").filter((rule) => rule.includes("src:url("));

describe("@font-face rules", () => {
  it("declare a variable font once per subset and style, over its weight range, swapping in when loaded", () => {
    const rules = fileFaces(fontFaceCss(["Playfair Display"]));
    expect(rules).toHaveLength(4);
    for (const rule of rules) {
      expect(rule).toMatch(
        /^@font-face\{font-family:"Playfair Display";font-style:(normal|italic);font-weight:400 900;font-display:swap;src:url\("[^"]+\.woff2"\) format\("woff2"\);unicode-range:U\+[0-9A-F,+-U]+\}$/,
      );
    }
    expect(rules.filter((rule) => rule.includes("font-style:italic"))).toHaveLength(2);
  });

  it("declare a static font once per weight", () => {
    const rules = fileFaces(fontFaceCss(["Lato"]));
    expect(rules).toHaveLength(5 * 4);
    expect(rules.filter((rule) => rule.includes("font-weight:700;"))).toHaveLength(4);
  });

  it("skip system fonts, unknown names and repeats", () => {
    expect(fontFaceCss(["Georgia", "Comic Neue", null, ""])).toBe("");
    expect(fontFaceCss(["Roboto", "roboto", " Roboto "])).toBe(fontFaceCss(["Roboto"]));
  });

  it("point only at Gavel's own files", () => {
    expect(CATALOGUE_FONT_CSS).not.toMatch(/https?:|\/\//);
    expect(fileFaces(CATALOGUE_FONT_CSS)).toHaveLength(11 * 4 + 5 * 4 + 6 * 4);
  });

  it("for an event, cover its three fonts and preload the body font at its weight", () => {
    const fonts = eventFonts({
      heading_font: "Playfair Display",
      subheading_font: "Lato",
      body_font: "Lato",
      body_weight: 300,
    });
    expect(fonts.css).toContain('font-family:"Playfair Display"');
    expect(fonts.css).toContain('font-family:"Lato"');
    expect(fonts.css).not.toContain('font-family:"Roboto"');
    expect(fonts.preload).toBe(fontFileUrl("Lato", 300));
    expect(fonts.preload).toBe((FONT_FILES.Lato as { static: Record<number, { latin: string }> }).static[300].latin);
  });

  it("for an event with no fonts set, load the spec default", () => {
    const fonts = eventFonts({});
    expect(fonts.css).toBe(fontFaceCss(["Roboto"]));
    expect(fonts.preload).toBe(fontFileUrl("Roboto", 400));
    expect(fontPreloadMeta(fonts)).toEqual([
      {
        tagName: "link",
        rel: "preload",
        href: fonts.preload,
        as: "font",
        type: "font/woff2",
        crossOrigin: "anonymous",
      },
    ]);
  });

  it("for an event with a system or older font, preload nothing", () => {
    expect(eventFonts({ body_font: "Georgia" }).preload).toBeNull();
    const fonts = eventFonts({ heading_font: "Comic Neue", subheading_font: "Comic Neue", body_font: "Comic Neue" });
    expect(fonts).toEqual({ css: "", preload: null });
    expect(fontPreloadMeta(fonts)).toEqual([]);
  });
});

describe("/fonts.css", () => {
  const get = (href: string) =>
    fontsCssLoader({ request: new Request(`http://localhost${href}`), params: {}, context: {} });

  it("serves the catalogue's rules, kept for a year at the current address", async () => {
    const response = get(CATALOGUE_FONT_CSS_HREF);
    expect(response.headers.get("Content-Type")).toBe("text/css; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(await response.text()).toBe(CATALOGUE_FONT_CSS);
  });

  it("asks for a fresh check at any other address", () => {
    expect(get("/fonts.css?v=old").headers.get("Cache-Control")).toBe("no-cache");
    expect(get("/fonts.css").headers.get("Cache-Control")).toBe("no-cache");
  });
});

describe("the branding form's fonts", () => {
  const form = (changes: Record<string, string> = {}) => ({
    primary_color: "#37474f",
    secondary_color: "#307697",
    accent_color: "#d5c9b3",
    text_color: "#161616",
    heading_font: "Playfair Display",
    subheading_font: "Lato",
    body_font: "Roboto",
    heading_weight: "700",
    subheading_weight: "300",
    body_weight: "400",
    ...changes,
  });
  const errors = (values: Record<string, string>) => {
    const parsed = brandingSchema.safeParse(values);
    return parsed.success ? {} : parsed.error.flatten().fieldErrors;
  };

  it("accept catalogue fonts, stored as the catalogue spells them", () => {
    const parsed = brandingSchema.parse(form({ heading_font: " playfair display", body_font: "georgia" }));
    expect(parsed).toMatchObject({
      heading_font: "Playfair Display",
      body_font: "Georgia",
      heading_weight: 700,
      subheading_weight: 300,
    });
  });

  it("refuse a font Gavel does not serve, saying so beside the field", () => {
    expect(errors(form({ body_font: "Comic Neue" }))).toEqual({
      body_font: ["Gavel cannot serve “Comic Neue” to guests. Choose one of the listed fonts."],
    });
    expect(errors(form({ heading_font: "" }))).toEqual({ heading_font: ["Choose a font."] });
  });

  it("refuse a weight the chosen font does not come in, beside the weight", () => {
    expect(errors(form({ heading_font: "Lora", heading_weight: "900" }))).toEqual({
      heading_weight: ["Lora comes in weights 400 to 700. Choose one of those weights."],
    });
    expect(errors(form({ subheading_weight: "500" }))).toEqual({
      subheading_weight: ["Lato comes in weights 100, 300, 400, 700 and 900. Choose one of those weights."],
    });
  });

  it("report the font and weight problems together, each message once", () => {
    expect(
      errors(form({ body_font: "Comic Neue", heading_font: "Lora", heading_weight: "800", subheading_weight: "450" })),
    ).toEqual({
      body_font: ["Gavel cannot serve “Comic Neue” to guests. Choose one of the listed fonts."],
      heading_weight: ["Lora comes in weights 400 to 700. Choose one of those weights."],
      subheading_weight: ["Choose a weight between 100 and 900."],
    });
  });
});

describe("the local faces shaped like each web font", () => {
  const faces = (css: string) => css.split("\n").filter((rule) => rule.includes("src:local("));
  const descriptor = (rule: string, name: string) => new RegExp(`${name}:([^;}]+)`).exec(rule)?.[1];

  it("are declared for every web font, under the names its font stack gives them", () => {
    for (const font of FONT_CATALOGUE) {
      const css = fontFaceCss([font.family]);
      const declared = faces(css).map((rule) => descriptor(rule, "font-family"));
      expect(declared).toEqual(fallbackFaceFamilies(font).map((name) => `"${name}"`));
      expect(declared).toHaveLength(font.source === "web" ? LOCAL_FALLBACKS[font.category].length : 0);
    }
  });

  it("scale the local font to the web font's average width and give it the web font's ascent, descent and line gap", () => {
    // Inter: 2048 units per em, ascent 1984, descent 494, no line gap, latin text 978 wide on average; Arial: 913.
    const [arial] = faces(fontFaceCss(["Inter"]));
    const percent = (name: string) => Number(descriptor(arial, name)?.replace(/%$/, ""));
    const sizeAdjust = 978 / 913;
    expect(percent("size-adjust")).toBeCloseTo(sizeAdjust * 100, 3);
    expect(percent("ascent-override")).toBeCloseTo((1984 / (2048 * sizeAdjust)) * 100, 3);
    expect(percent("descent-override")).toBeCloseTo((494 / (2048 * sizeAdjust)) * 100, 3);
    expect(percent("line-gap-override")).toBe(0);
  });

  it("use Arial's and Times New Roman's look-alikes where a device has those instead", () => {
    const [arial] = faces(fontFaceCss(["Inter"]));
    expect(descriptor(arial, "src")).toBe(
      "local('Arial'), local('ArialMT'), local('Liberation Sans'), local('LiberationSans'), local('Arimo')",
    );
    const [, times] = faces(fontFaceCss(["Lora"]));
    expect(descriptor(times, "src")).toContain("local('Liberation Serif')");
  });
});
