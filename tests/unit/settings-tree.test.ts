import { describe, expect, it } from "vitest";
import {
  DEFAULT_THEME,
  landingMetaSchema,
  readLandingMeta,
  resolveLandingMeta,
  resolveSilentAuctionMeta,
  silentAuctionMetaSchema,
} from "~drizzle/schema/settings";

describe("settings trees (landing and silent-auction meta)", () => {
  it("read an empty tree as every section with its defaults, following the defaults", () => {
    const tree = readLandingMeta({});
    expect(Object.keys(tree)).toEqual([
      "global",
      "heroSection",
      "registrationSection",
      "slidesSection",
      "sponsorsSection",
      "companySection",
      "detailsSection",
      "auctionsSection",
      "countdownSection",
    ]);
    expect(tree.global.primaryColor).toEqual({ value: "#1b2341", useDefault: true });
  });

  it("resolve to the default theme values by default", () => {
    const landing = resolveLandingMeta(undefined);
    expect(landing.global).toMatchObject({
      themeType: 1,
      primaryColor: "#1b2341",
      accentColor: "#47B8E0",
      secondaryAccentColor: "#7850A0",
      lightThemeAccentColor: "#a7c7e7",
      headingFont: "Roboto",
      bodyFont: "Roboto",
    });
    expect(resolveSilentAuctionMeta(null).global).toMatchObject(DEFAULT_THEME);
  });

  it("use a stored value only when its useDefault flag is off", () => {
    const stored = {
      heroSection: { title: { value: "Spring Gala", useDefault: false } },
      global: { accentColor: { value: "#ff0000", useDefault: true } },
    };
    const landing = resolveLandingMeta(stored);
    expect(landing.heroSection.title).toBe("Spring Gala");
    expect(landing.global.accentColor).toBe(DEFAULT_THEME.accentColor);
  });

  it("take the caller's defaults (such as the event's branding) over the built-in ones", () => {
    const landing = resolveLandingMeta({}, { global: { primaryColor: "#37474f" }, heroSection: { title: "Gala" } });
    expect(landing.global.primaryColor).toBe("#37474f");
    expect(landing.heroSection.title).toBe("Gala");
  });

  it("read a malformed setting as its default instead of breaking the page", () => {
    const landing = resolveLandingMeta({
      global: { primaryColor: { value: 42, useDefault: false } },
      heroSection: "oops",
    });
    expect(landing.global.primaryColor).toBe(DEFAULT_THEME.primaryColor);
    expect(landing.heroSection.isVisible).toBe(true);
  });

  it("refuse bad input when saving", () => {
    expect(landingMetaSchema.safeParse({ global: { primaryColor: { value: "red", useDefault: false } } }).success).toBe(
      false,
    );
    expect(landingMetaSchema.safeParse({ heroSection: { title: { value: "Gala", useDefault: false } } }).success).toBe(
      true,
    );
    expect(
      silentAuctionMetaSchema.safeParse({ auctionSection: { sort: { value: "random", useDefault: false } } }).success,
    ).toBe(false);
  });
});
