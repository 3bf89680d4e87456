import { describe, expect, it } from "vitest";
import { slugify, timeZones } from "~/events/event-fields";
import { organisationFormSchema } from "~/organisations/organisation-form";

const valid = {
  organisationTitle: "Harbor Light Children's Fund",
  eventTitle: "Spring Gala 2026",
  timezone: "Europe/London",
};

describe("the team sign-up form", () => {
  it("makes web addresses from names", () => {
    expect(slugify("Harbor Light Children's Fund")).toBe("harbor-light-children-s-fund");
    expect(slugify("  Café & Crème Gala!! ")).toBe("cafe-and-creme-gala");
    expect(slugify("a".repeat(70))).toHaveLength(60);
    expect(slugify("!!!")).toBe("");
  });

  it("fills blank short names and web addresses from the names", () => {
    const parsed = organisationFormSchema.parse({ ...valid, organisationSlug: "", eventSlug: " ", subdomain: "" });
    expect(parsed).toMatchObject({
      organisationSlug: "harbor-light-children-s-fund",
      eventSlug: "spring-gala-2026",
      subdomain: undefined,
    });
  });

  it("keeps the short name and web address given", () => {
    expect(organisationFormSchema.parse({ ...valid, organisationSlug: "harbor", eventSlug: "gala" })).toMatchObject({
      organisationSlug: "harbor",
      eventSlug: "gala",
    });
  });

  it("refuses malformed web addresses", () => {
    const result = organisationFormSchema.safeParse({
      ...valid,
      organisationSlug: "Harbor Light",
      eventSlug: "gala--2026",
    });
    expect(result.success).toBe(false);
    expect(Object.keys(result.error!.flatten().fieldErrors).sort()).toEqual(["eventSlug", "organisationSlug"]);
  });

  it("takes a subdomain that is one DNS label, in lower case", () => {
    expect(organisationFormSchema.parse({ ...valid, subdomain: "HarborLights" }).subdomain).toBe("harborlights");
    expect(organisationFormSchema.parse({ ...valid, subdomain: "a".repeat(63) }).subdomain).toHaveLength(63);
    for (const subdomain of ["-gala", "gala-", "gala.night", "gala_night", "a".repeat(64), "www"]) {
      expect(organisationFormSchema.safeParse({ ...valid, subdomain }).success, subdomain).toBe(false);
    }
  });

  it("takes only known time zones", () => {
    expect(timeZones()).toContain("UTC");
    expect(timeZones()).toContain("America/New_York");
    expect(organisationFormSchema.safeParse({ ...valid, timezone: "Mars/Olympus_Mons" }).success).toBe(false);
  });

  it("asks for the two names", () => {
    const result = organisationFormSchema.safeParse({ organisationTitle: " ", eventTitle: "", timezone: "UTC" });
    expect(result.error!.flatten().fieldErrors).toMatchObject({
      organisationTitle: ["Enter your organisation's name."],
      eventTitle: ["Enter the event's name."],
    });
  });
});
