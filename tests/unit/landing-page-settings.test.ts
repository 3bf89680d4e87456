// The landing page's settings tree resolved for an event: stored values, "use default" following the
// event's branding and content, the default theme values where the event has no counterpart, and the designer's form.
import { describe, expect, it } from "vitest";
import { timeLeft, type LandingContext } from "~/landing/landing-model";
import { resolveLanding } from "~/landing/resolve-landing";
import { PAGE_KINDS } from "~/pages-designer/page-kinds";
import { errorsByField, moveSection, treeFromForm } from "~/pages-designer/tree-form";
import {
  completeSectionOrder,
  DEFAULT_THEME,
  LANDING_SECTIONS,
  landingMetaSchema,
  readLandingMeta,
} from "~drizzle/schema/settings";

function context(overrides: Partial<LandingContext["event"]> = {}): LandingContext {
  return {
    eventId: 1,
    now: "2026-05-01T12:00:00.000Z",
    event: {
      title: "Harbor Lights Gala",
      excerpt: "An evening by the sea",
      thumbnail: "/images/abc.webp",
      descriptionHtml: "<p>Dinner</p>",
      when: null,
      address: null,
      logo: null,
      startsAt: null,
      ...overrides,
    },
    branding: {
      primary_color: "#123456",
      secondary_color: "#654321",
      accent_color: "#abcdef",
      text_color: "#161616",
      heading_font: "Lora",
      body_font: "Inter",
    },
    company: { name: "Harbor Light Children's Fund", logo: null, aboutHtml: "<p>We help.</p>" },
    contact: { email: null, phone: null, links: [] },
    registration: { status: "off", opens: null, closes: null, href: null, tickets: [] },
    sponsorLevels: [],
    auctions: [],
    items: [],
    galleryHref: null,
    silentAuctionClosesAt: null,
  };
}

describe("landing settings: defaults", () => {
  it("with nothing stored, follows the event's branding and content, and the default theme values elsewhere", () => {
    const s = resolveLanding(context(), {});
    expect(s.global.primaryColor).toBe("#123456");
    expect(s.global.accentColor).toBe("#abcdef");
    expect(s.global.secondaryAccentColor).toBe("#654321");
    expect(s.global.headingFont).toBe("Lora");
    expect(s.global.bodyFont).toBe("Inter");
    // No branding counterpart: the default theme values.
    expect(s.global.lightThemeAccentColor).toBe(DEFAULT_THEME.lightThemeAccentColor);
    expect(s.global.themeType).toBe(DEFAULT_THEME.themeType);
    expect(s.heroSection.title).toBe("Harbor Lights Gala");
    expect(s.heroSection.subtitle).toBe("An evening by the sea");
    expect(s.heroSection.image).toBe("/images/abc.webp");
    expect(s.detailsSection.body).toBe("<p>Dinner</p>");
    expect(s.companySection.title).toBe("About Harbor Light Children's Fund");
    expect(s.companySection.text).toBe("<p>We help.</p>");
    expect(s.order).toEqual([...LANDING_SECTIONS]);
  });

  it("without an event, a tree resolves to the default theme values", () => {
    const tree = readLandingMeta({});
    expect(tree.global.primaryColor).toEqual({ value: "#1b2341", useDefault: true });
    expect(tree.global.accentColor.value).toBe("#47B8E0");
    expect(tree.global.secondaryAccentColor.value).toBe("#7850A0");
    expect(tree.global.headingFont.value).toBe("Roboto");
  });
});

describe("landing settings: overrides", () => {
  it("an own value wins over the event's; useDefault brings the event's back", () => {
    const stored = {
      global: {
        primaryColor: { value: "#ff0000", useDefault: false },
        accentColor: { value: "#00ff00", useDefault: true },
      },
      heroSection: {
        title: { value: "Gala Night", useDefault: false },
        isVisible: { value: false, useDefault: false },
      },
    };
    const s = resolveLanding(context(), stored);
    expect(s.global.primaryColor).toBe("#ff0000");
    expect(s.global.accentColor).toBe("#abcdef");
    expect(s.heroSection.title).toBe("Gala Night");
    expect(s.heroSection.isVisible).toBe(false);
  });

  it("a malformed or unknown stored setting reads as its default", () => {
    const s = resolveLanding(context(), {
      global: { primaryColor: { value: "red; background: url(x)", useDefault: false } },
      heroSection: "nonsense",
    });
    expect(s.global.primaryColor).toBe("#123456");
    expect(s.heroSection.title).toBe("Harbor Lights Gala");
  });

  it("the save schema refuses a bad colour", () => {
    const result = landingMetaSchema.safeParse({ global: { primaryColor: { value: "blue", useDefault: false } } });
    expect(result.success).toBe(false);
    if (!result.success)
      expect(errorsByField(result.error.issues)).toEqual({ "global.primaryColor": "Use a colour like #1b2341" });
  });
});

describe("section order", () => {
  it("keeps the stored order, drops unknown and repeated keys, and puts a missing section at its default place", () => {
    const stored = ["slidesSection", "heroSection", "bogus", "heroSection", "countdownSection"];
    const order = completeSectionOrder(stored, LANDING_SECTIONS);
    expect(order.filter((key) => stored.includes(key))).toEqual(["slidesSection", "heroSection", "countdownSection"]);
    // A missing section goes after the section that comes before it by default.
    expect(order.indexOf("sponsorsSection")).toBe(order.indexOf("slidesSection") + 1);
    expect(new Set(order)).toEqual(new Set(LANDING_SECTIONS));
    expect(order).toHaveLength(LANDING_SECTIONS.length);
    // An order saved before auctionsSection existed gets it after detailsSection.
    const old = [
      "heroSection",
      "registrationSection",
      "slidesSection",
      "sponsorsSection",
      "companySection",
      "detailsSection",
      "countdownSection",
    ];
    const completed = completeSectionOrder(old, LANDING_SECTIONS);
    expect(completed.indexOf("auctionsSection")).toBe(completed.indexOf("detailsSection") + 1);
  });

  it("moves a section up and down, never past the ends", () => {
    const tree = readLandingMeta({}) as never;
    const up = moveSection(tree, "countdownSection:up");
    expect((up.global.sectionOrder.value as string[]).slice(0, 2)).toEqual(["countdownSection", "heroSection"]);
    expect(up.global.sectionOrder.useDefault).toBe(false);
    expect(moveSection(tree, "heroSection:up")).toBe(tree);
  });
});

describe("the designer's form", () => {
  it("reads values and use-default switches; an unchecked switch means an own value", () => {
    const info = PAGE_KINDS.landing;
    const current = readLandingMeta({}) as never;
    const form = new FormData();
    form.set("global.primaryColor", "#224466");
    form.set("global.accentColor", "#47B8E0");
    form.set("global.accentColor.useDefault", "on");
    form.set("global.themeType", "2");
    form.set("heroSection.title", "Gala Night");
    form.set("heroSection.overlayOpacity", "0.3");
    form.set("heroSection.isVisible", "on");
    for (const key of ["heroSection", "slidesSection"]) form.append("global.sectionOrder", key);
    form.append("slidesSection.slides.image", "/images/a.webp");
    form.append("slidesSection.slides.caption", "First");
    form.append("slidesSection.slides.image", "/images/b.webp");
    form.append("slidesSection.slides.caption", "Second");
    form.append("slidesSection.slides.remove", "0");
    const tree = treeFromForm(info, form, current);
    expect(tree.global.primaryColor).toEqual({ value: "#224466", useDefault: false });
    expect(tree.global.accentColor).toEqual({ value: "#47B8E0", useDefault: true });
    expect(tree.global.themeType.value).toBe(2);
    expect(tree.heroSection.title).toEqual({ value: "Gala Night", useDefault: false });
    expect(tree.heroSection.overlayOpacity.value).toBe(0.3);
    expect(tree.heroSection.isVisible).toEqual({ value: true, useDefault: false });
    expect(tree.heroSection.showDateAndPlace.value).toBe(false);
    expect(tree.slidesSection.slides.value).toEqual([{ image: "/images/b.webp", caption: "Second" }]);
    const order = tree.global.sectionOrder.value as string[];
    expect(order).toHaveLength(LANDING_SECTIONS.length);
    expect(order.indexOf("slidesSection")).toBeGreaterThan(order.indexOf("heroSection"));
    // The form above leaves most colours out: saving it is refused field by field, never half-stored.
    const parsed = landingMetaSchema.safeParse(tree);
    expect(parsed.success).toBe(false);
    if (!parsed.success)
      expect(Object.keys(errorsByField(parsed.error.issues))).toContain("global.secondaryAccentColor");
  });
});

describe("countdown", () => {
  it("splits the time left, and is null once the moment has passed", () => {
    const now = Date.parse("2026-05-01T12:00:00Z");
    expect(timeLeft("2026-05-03T13:04:05Z", now)).toEqual({ days: 2, hours: 1, minutes: 4, seconds: 5 });
    expect(timeLeft("2026-05-01T11:00:00Z", now)).toBeNull();
    expect(timeLeft(null, now)).toBeNull();
  });
});
