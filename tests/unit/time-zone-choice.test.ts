// An event's time zone as an organiser reads and types it (issue 34, item 4): a city and where it is, never the code
// name ("America/New_York") in the box; the code name still works when pasted.
import { describe, expect, it } from "vitest";
import { timeZoneChoiceLabel, timezoneField, zoneOfChoice } from "~/events/event-fields";

describe("a time zone choice", () => {
  it("reads as a city and where it is", () => {
    expect(timeZoneChoiceLabel("America/New_York")).toBe("New York (America)");
    expect(timeZoneChoiceLabel("America/Indiana/Knox")).toBe("Knox (America, Indiana)");
    expect(timeZoneChoiceLabel("UTC")).toBe("UTC");
    expect(timeZoneChoiceLabel("not a zone/at all")).toBe("not a zone/at all");
  });

  it("is read back from its label, in any case, or from the code name", () => {
    expect(zoneOfChoice("New York (America)")).toBe("America/New_York");
    expect(zoneOfChoice("  london (europe) ")).toBe("Europe/London");
    expect(zoneOfChoice("Europe/Oslo")).toBe("Europe/Oslo");
    expect(zoneOfChoice("New York")).toBeNull();
  });

  it("is what the forms store, and a choice not in the list is refused with a message", () => {
    expect(timezoneField.parse("New York (America)")).toBe("America/New_York");
    const refused = timezoneField.safeParse("Atlantis");
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe("Choose a time zone from the list.");
  });

  it("gives every zone a label of its own", () => {
    const labels = Intl.supportedValuesOf("timeZone").map(timeZoneChoiceLabel);
    expect(new Set(labels.map((label) => label.toLowerCase())).size).toBe(labels.length);
    expect(labels.filter((label) => label.includes("/") || label.includes("_"))).toEqual([]);
  });
});
