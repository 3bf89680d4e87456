// A designed page's images are Gavel's own uploads or none (issue 19: any string was kept, so a page could load a
// tracker from another site, and one unreadable value gave /event a 500).
import { describe, expect, it } from "vitest";
import { landingDefinition, readLandingMeta, strictTreeSchema } from "~drizzle/schema/settings";

const STORED = "/images/0123456789abcdef0123456789abcdef/w1280.webp";
const hero = (image: string) => ({ heroSection: { image: { value: image, useDefault: false } } });

describe("image settings of designed pages", () => {
  it.each([
    "https://tracker.example/pixel.gif",
    "javascript:alert(1)",
    "/images/../../etc/passwd",
    "/demo/../../etc/passwd.svg",
    "//tracker.example/demo/x.svg",
    "x",
  ])("refuses %j when saved, and reads it as no image when stored", (image) => {
    expect(strictTreeSchema(landingDefinition).safeParse(hero(image)).success).toBe(false);
    expect(readLandingMeta(hero(image)).heroSection.image).toEqual({ value: "", useDefault: true });
  });

  it("keeps an uploaded image, a picture shipped with the app (the demo's), and an empty one", () => {
    for (const image of [STORED, "/demo/gala-hero.svg", "/demo/items/harbor-cruise.svg", ""]) {
      expect(strictTreeSchema(landingDefinition).safeParse(hero(image)).success).toBe(true);
      expect(readLandingMeta(hero(image)).heroSection.image.value).toBe(image);
    }
  });
});
