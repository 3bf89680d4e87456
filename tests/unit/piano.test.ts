// The design lab's piano (app/design-lab/piano.ts): reading a choice, grading a pair, and the branding it makes.
import { describe, expect, it } from "vitest";
import { brandingWith, contrastOf, gradeText, ratioText, readChoice, type BrandingValues } from "~/design-lab/piano";

const branding: BrandingValues = {
  primary_color: "#37474f",
  secondary_color: "#307697",
  accent_color: "#d5c9b3",
  text_color: "#161616",
  heading_font: "Playfair Display",
  subheading_font: "Roboto",
  body_font: "Roboto",
  heading_weight: "600",
  subheading_weight: "500",
  body_weight: "400",
};

describe("the piano", () => {
  it("grades a pair by WCAG 2, never rounding a failing ratio up", () => {
    expect(gradeText(contrastOf("#ffffff", "#000000"))).toBe("AAA");
    expect(gradeText(contrastOf("#ffffff", "#307697"))).toBe("AA");
    expect(gradeText(contrastOf("#ffffff", "#808080"))).toBe("AA large only");
    expect(gradeText(contrastOf("#161616", "#161616"))).toBe("Fails");
    expect(ratioText(4.49)).toBe("4.4:1");
  });

  it("reads a choice from the query, ignoring what is not a key", () => {
    expect(readChoice(new URLSearchParams("fg=text&bg=accent&heading=Roboto&role=secondary"), branding)).toEqual({
      fg: "text",
      bg: "accent",
      heading: "Roboto",
      body: "Roboto",
      role: "secondary",
    });
    expect(readChoice(new URLSearchParams("fg=pink&heading=Comic+Sans"), branding)).toMatchObject({
      fg: "white",
      bg: "primary",
      heading: "Playfair Display",
    });
  });

  it("puts the background in the chosen role and keeps the text colour when the text is white", () => {
    const after = brandingWith(branding, {
      fg: "white",
      bg: "secondary",
      heading: "Roboto",
      body: "Roboto",
      role: "accent",
    });
    expect(after.accent_color).toBe("#307697");
    expect(after.text_color).toBe("#161616");
    expect(after.heading_font).toBe("Roboto");
    expect(
      brandingWith(branding, { fg: "accent", bg: "text", heading: "Roboto", body: "Roboto", role: "primary" }),
    ).toMatchObject({
      primary_color: "#161616",
      text_color: "#d5c9b3",
    });
  });
});
