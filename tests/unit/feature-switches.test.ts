import { describe, expect, it } from "vitest";
import { EVENT_FEATURES, featureState, featureVisibility, LOCKED_FEATURES } from "~/events/feature-switches";

describe("feature switches", () => {
  it("reads a feature as live only when enabled with testing off", () => {
    expect(featureState({ is_landing_enabled: true, is_landing_testing: false }, "landing")).toMatchObject({
      enabled: true,
      testing: false,
      live: true,
    });
    expect(featureState({ is_landing_enabled: true, is_landing_testing: true }, "landing").live).toBe(false);
    expect(featureState({ is_landing_enabled: false, is_landing_testing: false }, "landing").live).toBe(false);
  });

  it("counts a feature whose testing flag was never set as testing", () => {
    expect(featureState({ is_silent_auction_enabled: true }, "silent_auction")).toMatchObject({
      testing: true,
      live: false,
    });
  });

  it("reads post, storefront, notification, email, text and report as not enabled, whatever is stored", () => {
    expect([...LOCKED_FEATURES].sort()).toEqual(["email", "notification", "post", "report", "storefront", "text"]);
    for (const feature of LOCKED_FEATURES) {
      const flags = { [`is_${feature}_enabled`]: true, [`is_${feature}_testing`]: false };
      expect(featureState(flags, feature)).toMatchObject({ enabled: false, live: false, locked: true });
    }
    expect(EVENT_FEATURES.filter((f) => !LOCKED_FEATURES.has(f))).toHaveLength(9);
  });

  it("shows a feature's public pages to everyone when live, to previewers while testing, else to nobody", () => {
    const open = { is_event_enabled: true, is_event_testing: false };
    const live = { ...open, is_registration_enabled: true, is_registration_testing: false };
    const testing = { ...open, is_registration_enabled: true, is_registration_testing: true };
    const off = { ...open, is_registration_enabled: false, is_registration_testing: false };
    expect(featureVisibility(live, "registration", false)).toBe("public");
    expect(featureVisibility(live, "registration", true)).toBe("public");
    expect(featureVisibility(testing, "registration", false)).toBe("hidden");
    expect(featureVisibility(testing, "registration", true)).toBe("preview");
    expect(featureVisibility(off, "registration", true)).toBe("hidden");
  });

  it("shows nothing to the public while the event's own switch is in testing or off; previewers still see it", () => {
    const live = { is_registration_enabled: true, is_registration_testing: false };
    for (const event of [
      { is_event_enabled: true, is_event_testing: true },
      { is_event_enabled: false, is_event_testing: false },
    ]) {
      expect(featureVisibility({ ...live, ...event }, "registration", false)).toBe("hidden");
      expect(featureVisibility({ ...live, ...event }, "registration", true)).toBe("preview");
    }
  });
});
