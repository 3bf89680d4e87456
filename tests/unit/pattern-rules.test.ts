// The rules of app/forms/rules.ts that check a field's shape with a pattern (issue 39, item 2): a slug, a DNS label,
// a date and time, a colour, digits, a list position, an SMTP address, a Twilio SID, a key the server issued, an
// email address. Each keeps the messages its forms had before it moved there, and the forms that compose them answer
// as they did.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { emailField } from "~/auth/person-fields";
import { rowColour } from "~/catalogue/staff-form";
import { slugField, subdomainField } from "~/events/event-fields";
import { shortPathField } from "~/events/short-path-forms";
import {
  digitsText,
  dnsLabel,
  emailAddress,
  hexColour,
  issuedKey,
  listPosition,
  localDateTimeText,
  optionalEmail,
  slugText,
  smtpAddress,
  twilioAccountSid,
} from "~/forms/rules";
import { emailSetupSchema, textingSetupSchema } from "~/messages/message-forms";
import { inviteSchema } from "~/team/team-forms";

/** The messages a rule gives for a value, in order; [] when it takes it. */
const messages = (rule: z.ZodTypeAny, value: unknown) => {
  const read = rule.safeParse(value);
  return read.success ? [] : read.error.issues.map((issue) => issue.message);
};

describe("slugText", () => {
  const slug = slugText(14, { missing: "Enter one.", tooLong: "Too long.", notSlug: "Not a slug." });

  it("takes lower-case words of letters and digits joined by single hyphens", () => {
    for (const value of ["harbor-lights", "gala2027", "a-b-c"]) expect(messages(slug, value)).toEqual([]);
  });

  it("refuses capitals, spaces, double or outer hyphens, each with the field's messages in order", () => {
    for (const value of ["Harbor", "harbor lights", "harbor--lights", "-harbor", "harbor-"])
      expect(messages(slug, value)).toEqual(["Not a slug."]);
    expect(messages(slug, "")).toEqual(["Enter one.", "Not a slug."]);
    expect(messages(slug, "harbor-lights-gala")).toEqual(["Too long."]);
    expect(messages(slug, "Harbor Lights Gala")).toEqual(["Too long.", "Not a slug."]);
  });

  it("without a message for blank, refuses blank as not a slug", () => {
    expect(messages(slugText(12, { tooLong: "Too long.", notSlug: "Not a slug." }), "")).toEqual(["Not a slug."]);
  });

  it("keeps the forms' messages: the event's web address and a short path", () => {
    expect(messages(slugField("web address"), "Harbor Lights")).toEqual([
      "Use lower-case letters, digits and single hyphens in the web address, such as harbor-lights.",
    ]);
    expect(messages(slugField("web address"), "")).toEqual([]);
    expect(shortPathField.parse("/Spring-Give")).toBe("spring-give");
    expect(messages(shortPathField, "/")).toEqual([
      "Enter a path, such as woa2025give.",
      "Use lower-case letters, digits and single hyphens, such as spring-give.",
    ]);
    expect(messages(shortPathField, "a".repeat(41))).toEqual(["Keep the path to 40 characters."]);
  });
});

describe("dnsLabel", () => {
  it("takes up to 63 lower-case letters, digits and inner hyphens", () => {
    for (const value of ["gala", "a", "spring-gala-2027", "a".repeat(63)])
      expect(messages(dnsLabel, value)).toEqual([]);
  });

  it("refuses an outer hyphen, a dot, an underscore or 64 characters", () => {
    for (const value of ["-gala", "gala-", "gala.org", "my_gala", "a".repeat(64), ""])
      expect(messages(dnsLabel, value)).toEqual([
        "Use up to 63 letters, digits and hyphens, not starting or ending with a hyphen.",
      ]);
  });

  it("is the subdomain field's rule, after lower-casing, with the reserved names refused", () => {
    expect(subdomainField.parse("Spring-Gala")).toBe("spring-gala");
    expect(subdomainField.parse("")).toBeUndefined();
    expect(messages(subdomainField, "www")).toEqual(["This subdomain is reserved. Choose another."]);
  });
});

describe("localDateTimeText", () => {
  it("takes a date and time to the minute as the field posts it", () => {
    expect(messages(localDateTimeText, "2027-03-14T19:00")).toEqual([]);
  });

  it("refuses seconds, a space for the T, or a date alone", () => {
    for (const value of ["2027-03-14T19:00:00", "2027-03-14 19:00", "2027-03-14", "soon"])
      expect(messages(localDateTimeText, value)).toEqual(["Enter a date and time such as 2027-03-14 19:00."]);
  });
});

describe("hexColour", () => {
  it("takes # and six hexadecimal digits, trimmed, in lower case", () => {
    expect(hexColour("accent").parse(" #37474F ")).toBe("#37474f");
  });

  it("refuses three digits, a name or a missing #, naming the colour", () => {
    for (const value of ["#fff", "navy", "37474f", "#37474g"])
      expect(messages(hexColour("accent"), value)).toEqual([
        "Enter the accent colour as # and six hexadecimal digits, such as #37474f.",
      ]);
  });
});

describe("the staff's row colour", () => {
  it("takes the same colours, blank as none, with its own message", () => {
    expect(rowColour.parse("#DBE9FF")).toBe("#dbe9ff");
    expect(rowColour.parse("")).toBeNull();
    for (const value of ["#fff", "navy"])
      expect(messages(rowColour, value)).toEqual([
        "Enter a colour as # and six hexadecimal digits, such as #dbe9ff, or leave it blank.",
      ]);
  });
});

describe("emailAddress", () => {
  const tooLongAddress = `${"a".repeat(243)}@example.org`;

  it("takes an address of at most 254 characters, with zod's messages when the form gives none", () => {
    expect(messages(emailAddress(z.string()), "ada@example.org")).toEqual([]);
    expect(messages(emailAddress(z.string()), `${"a".repeat(242)}@example.org`)).toEqual([]);
    expect(messages(emailAddress(z.string()), tooLongAddress)).toHaveLength(1);
    expect(messages(emailAddress(z.string()), "ada@")).toEqual(["Invalid email"]);
  });

  it("keeps each form's messages and checks: blank, too long, not an address", () => {
    expect(messages(optionalEmail, "ada@")).toEqual(["Enter an email address such as info@example.org."]);
    expect(optionalEmail.parse(" ")).toBeNull();
    expect(messages(emailField, " ")).toEqual(["Enter your email address."]);
    expect(messages(emailField, tooLongAddress)).toEqual(["An email address has at most 254 characters."]);
    const invite = inviteSchema.shape.email;
    expect(messages(invite, "")).toEqual([
      "Enter the email address to send the invitation to.",
      "Enter an email address such as name@example.org.",
    ]);
    expect(messages(invite, tooLongAddress)).toEqual(["That email address is too long."]);
    expect(invite.parse(" Ada@Example.org ")).toBe("ada@example.org");
  });
});

describe("digitsText", () => {
  it("takes digits only, kept as text", () => {
    expect(digitsText("Choose a table.").parse("0042")).toBe("0042");
  });

  it("refuses blank, a sign, a point, a space, with the field's message", () => {
    for (const value of ["", "-1", "1.5", "1 000", "12a"])
      expect(messages(digitsText("Choose a table."), value)).toEqual(["Choose a table."]);
  });
});

describe("listPosition", () => {
  it("takes 0 to 9999, trimmed, as a number", () => {
    expect(listPosition.parse(" 0 ")).toBe(0);
    expect(listPosition.parse("9999")).toBe(9999);
    expect(listPosition.parse("0010")).toBe(10);
  });

  it("refuses five digits, blank, a sign or a point", () => {
    for (const value of ["10000", "", "-1", "1.5"])
      expect(messages(listPosition, value)).toEqual(["Enter a whole number from 0 to 9999."]);
  });
});

describe("smtpAddress", () => {
  it("takes smtp:// and smtps:// addresses", () => {
    for (const value of ["smtps://user:password@smtp.example.org:465", "smtp://localhost:25"])
      expect(messages(smtpAddress, value)).toEqual([]);
  });

  it("refuses another scheme, a space, or more than 500 characters", () => {
    const example = "Enter an address such as smtps://user:password@smtp.example.org:465.";
    expect(messages(smtpAddress, "https://smtp.example.org")).toEqual([example]);
    expect(messages(smtpAddress, "smtp://smtp example.org")).toEqual([example]);
    expect(messages(smtpAddress, `smtp://${"a".repeat(500)}`)).toEqual(["Keep the address to 500 characters."]);
  });

  it("is the email setup's rule, blank meaning none", () => {
    expect(emailSetupSchema.shape.smtp_url.parse("")).toBeNull();
  });
});

describe("twilioAccountSid", () => {
  it("takes AC and 32 hexadecimal digits, in either case", () => {
    expect(messages(twilioAccountSid, `AC${"0123456789abcdef".repeat(2)}`)).toEqual([]);
    expect(messages(twilioAccountSid, `AC${"0123456789ABCDEF".repeat(2)}`)).toEqual([]);
  });

  it("refuses another prefix, 31 digits or a letter past f", () => {
    for (const value of [`SK${"0".repeat(32)}`, `AC${"0".repeat(31)}`, `AC${"g".repeat(32)}`])
      expect(messages(twilioAccountSid, value)).toEqual(["An Account SID is AC followed by 32 letters and digits."]);
    expect(textingSetupSchema.shape.twilio_account_sid.parse("")).toBeNull();
  });
});

describe("issuedKey", () => {
  it("takes a UUID, blank, or up to 64 letters, digits, _ and -", () => {
    for (const value of ["3f2a9c1e-8b7d-4e6f-a5c4-1b2d3e4f5a6b", "", "a_b-c", "a".repeat(64)])
      expect(issuedKey.safeParse(value).success).toBe(true);
  });

  it("refuses anything else, so a draft reads it as blank", () => {
    for (const value of ["a".repeat(65), "../etc", "key with spaces", "<script>"])
      expect(issuedKey.safeParse(value).success).toBe(false);
    expect(issuedKey.catch("").parse("<script>")).toBe("");
  });
});
