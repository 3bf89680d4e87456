import { describe, expect, it } from "vitest";
import { GALLERY_STEP, shownCards } from "~/bidding/ui/gallery-view";

describe("how many cards a gallery's address shows (?shown=)", () => {
  it("is one step's worth without the parameter, or with one that is not a number", () => {
    for (const param of [null, "", "all", "-"]) expect(shownCards(param)).toBe(GALLERY_STEP);
  });

  it("is what the address asks, never fewer than a step's", () => {
    expect(shownCards(String(3 * GALLERY_STEP))).toBe(3 * GALLERY_STEP);
    expect(shownCards("100")).toBe(100);
    expect(shownCards("1")).toBe(GALLERY_STEP);
    expect(shownCards("-50")).toBe(GALLERY_STEP);
  });
});
