import { describe, expect, it } from "vitest";
import { brandingStyle, contrastRatio, contrastWarnings } from "~/ui/branding";
import { DEFAULT_EVENT_STYLE as DEFAULT_BRANDING } from "~drizzle/schema/style-defaults";

const SYSTEM_FALLBACK = "var(--font-system)";
const SERIF_FALLBACK = "var(--font-serif)";
/** A web font's stack: the font, the local faces shaped like it (app/fonts/fallback-faces.server.ts), its kind's. */
const sans = (family: string) =>
  `"${family}", "${family} fallback: Arial", "${family} fallback: Roboto", ${SYSTEM_FALLBACK}`;
const serif = (family: string) =>
  `"${family}", "${family} fallback: Georgia", "${family} fallback: Times New Roman", "${family} fallback: Noto Serif", ${SERIF_FALLBACK}`;

describe("brandingStyle", () => {
  it("gives the default style when the event has no styling", () => {
    expect(brandingStyle({})).toEqual({
      "--color-primary": "#37474f",
      "--color-on-primary": "#ffffff",
      "--color-secondary": "#307697",
      "--color-on-secondary": "#ffffff",
      "--color-accent": "#d5c9b3",
      "--color-on-accent": "#161616",
      "--color-text": "#161616",
      "--font-heading": sans("Roboto"),
      "--font-subheading": sans("Roboto"),
      "--font-body": sans("Roboto"),
      "--weight-heading": "600",
      "--weight-subheading": "500",
      "--weight-body": "400",
      color: "var(--color-text)",
      fontFamily: "var(--font-body)",
      fontWeight: "var(--weight-body)",
    });
  });

  it("treats null fields like missing ones", () => {
    expect(
      brandingStyle({
        primary_color: null,
        secondary_color: null,
        accent_color: null,
        text_color: null,
        heading_font: null,
        subheading_font: null,
        body_font: null,
        heading_weight: null,
        subheading_weight: null,
        body_weight: null,
      }),
    ).toEqual(brandingStyle({}));
  });

  it("uses the event's colours, fonts and weights", () => {
    const style = brandingStyle({
      primary_color: "#1B2341",
      secondary_color: "#7850a0",
      accent_color: "#47B8E0",
      text_color: "#222222",
      heading_font: "Playfair Display",
      subheading_font: "Lato",
      body_font: "Open Sans",
      heading_weight: 700,
      subheading_weight: "600",
      body_weight: 300,
    });
    expect(style).toMatchObject({
      "--color-primary": "#1b2341",
      "--color-secondary": "#7850a0",
      "--color-accent": "#47b8e0",
      "--color-text": "#222222",
      "--font-heading": serif("Playfair Display"),
      "--font-subheading": sans("Lato"),
      "--font-body": sans("Open Sans"),
      "--weight-heading": "700",
      "--weight-subheading": "600",
      "--weight-body": "300",
    });
  });

  it("spells catalogue fonts as the catalogue does, and keeps an older font name, with sans-serif fallbacks", () => {
    expect(brandingStyle({ heading_font: " eb garamond ", body_font: "Comic Neue" })).toMatchObject({
      "--font-heading": serif("EB Garamond"),
      "--font-body": `"Comic Neue", ${SYSTEM_FALLBACK}`,
    });
  });

  it("expands three-digit colours", () => {
    expect(brandingStyle({ primary_color: "#FA0" })).toMatchObject({ "--color-primary": "#ffaa00" });
  });

  it("picks the readable text colour for each brand colour", () => {
    const light = brandingStyle({ primary_color: "#fff3bf", text_color: "#161616" });
    const dark = brandingStyle({ primary_color: "#1b2341", text_color: "#161616" });
    expect(light).toMatchObject({ "--color-on-primary": "#161616" });
    expect(dark).toMatchObject({ "--color-on-primary": "#ffffff" });
  });

  it("keeps the default brand colours readable with their text colour (WCAG AA)", () => {
    const style = brandingStyle({}) as Record<string, string>;
    for (const role of ["primary", "secondary", "accent"]) {
      expect(contrastRatio(style[`--color-${role}`], style[`--color-on-${role}`])).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("falls back to the defaults for values that are not safe to put in a style attribute", () => {
    const style = brandingStyle({
      primary_color: "red; background: url(https://example.org/x)",
      secondary_color: "rgb(0, 0, 0)",
      accent_color: "#12345",
      heading_font: 'Roboto"; color: red',
      body_font: "",
      heading_weight: "bold",
      subheading_weight: 450.5,
      body_weight: 2000,
    });
    expect(style).toMatchObject({
      "--color-primary": DEFAULT_BRANDING.primary_color,
      "--color-secondary": DEFAULT_BRANDING.secondary_color,
      "--color-accent": DEFAULT_BRANDING.accent_color,
      "--font-heading": sans("Roboto"),
      "--font-body": sans("Roboto"),
      "--weight-heading": "600",
      "--weight-subheading": "500",
      "--weight-body": "400",
    });
  });
});

describe("contrastWarnings", () => {
  it("has nothing to say about the spec defaults", () => {
    expect(contrastWarnings({})).toEqual([]);
  });

  it("warns when the text colour is too light for the white page", () => {
    const warnings = contrastWarnings({ text_color: "#bbbbbb", accent_color: "#222222" });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^The text colour is hard to read on the white page \(contrast 1\.\d:1/);
  });

  it("warns when no text colour reads well on a brand colour", () => {
    // Mid grey: white text and dark text both stay under 4.5:1.
    const warnings = contrastWarnings({ primary_color: "#777777", text_color: "#555555" });
    expect(warnings.some((w) => w.startsWith("Text on the primary colour"))).toBe(true);
    expect(warnings.some((w) => w.startsWith("Text on the accent colour"))).toBe(false);
  });
});
