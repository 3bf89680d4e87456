// The message templates: values filled and escaped, the organiser's text used when given, texts kept to one part
// with their link whole, and phone numbers read as texting needs them.
import { describe, expect, it } from "vitest";
import { toE164 } from "~/messages/phone";
import {
  fill,
  renderEmailTemplate,
  renderTextTemplate,
  TEMPLATE_NAMES,
  TEMPLATES,
  TEXT_LIMIT,
} from "~/messages/templates";

const branding = {
  charity: "Harbor Light Foundation",
  eventTitle: "Harbor Light Gala",
  primaryColor: "#123456",
  accentColor: "#abcdef",
  textColor: "#111111",
  logoUrl: null,
  when: "Saturday, 16 May 2026 at 6:30 PM EDT",
  where: "The Pavilion",
};

describe("emails", () => {
  it("fills the values into a plain-text and an HTML part, escaping what guests typed", () => {
    const email = renderEmailTemplate(
      "outbid",
      { ...TEMPLATES.outbid.sample, item: `<script>alert("x")</script> & co` },
      branding,
    );
    expect(email.subject).toBe(`You've been outbid on <script>alert("x")</script> & co`);
    expect(email.text).toContain(`bid $1,250.00 on <script>alert("x")</script> & co at Harbor Light Gala`);
    expect(email.html).not.toContain("<script>");
    expect(email.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co");
    expect(email.html).toContain("background:#123456");
    expect(email.text).toContain("Bid again: https://gavel.example.org/inroombid?id=1&item=12");
    expect(email.text).toContain("— Harbor Light Foundation · Harbor Light Gala");
  });

  it("shows the event's date, time and place where they matter, not on an outbid message", () => {
    const confirmation = renderEmailTemplate(
      "registration_confirmation",
      TEMPLATES.registration_confirmation.sample,
      branding,
    );
    expect(confirmation.text).toContain("Saturday, 16 May 2026 at 6:30 PM EDT\nThe Pavilion");
    expect(renderEmailTemplate("outbid", TEMPLATES.outbid.sample, branding).text).not.toContain("The Pavilion");
  });

  it("uses the organiser's subject and body when given, ours when blank; a bad colour falls back", () => {
    const own = renderEmailTemplate(
      "won",
      TEMPLATES.won.sample,
      { ...branding, primaryColor: "red;x" },
      {
        subject: "Bravo {{first_name}}",
        body: "",
      },
    );
    expect(own.subject).toBe("Bravo Priya");
    expect(own.text).toContain("You won Napa Valley weekend for two");
    expect(own.html).toContain("background:#37474f");
  });

  it("makes a card's link a real link in the HTML part, and keeps its address on its own line in the text", () => {
    const link = "https://gavel.example.org/register?id=1&guest=0123456789abcdef0123456789abcdef";
    const email = renderEmailTemplate(
      "registration_confirmation",
      TEMPLATES.registration_confirmation.sample,
      branding,
      {},
      [{ heading: "Table of 8: guest to be named", lines: ["Send this personal link to your guest:"], link }],
    );
    const escaped = link.replace("&", "&amp;");
    expect(email.html).toContain(`<a href="${escaped}" style="color:#123456">${escaped}</a>`);
    expect(email.text).toContain(`Table of 8: guest to be named\nSend this personal link to your guest:\n${link}`);
  });

  it("every template renders with its samples, leaving no braces", () => {
    for (const name of TEMPLATE_NAMES) {
      const email = renderEmailTemplate(name, TEMPLATES[name].sample, branding);
      expect(email.subject, name).not.toMatch(/\{\{|\}\}/);
      expect(email.text, name).not.toMatch(/\{\{|\}\}/);
      expect(renderTextTemplate(name, TEMPLATES[name].sample), name).not.toMatch(/\{\{|\}\}/);
    }
  });
});

describe("texts", () => {
  it("keep to one part, shortening the words and keeping the link whole", () => {
    const link = "https://gavel.example.org/inroombid?id=1&item=12";
    const text = renderTextTemplate("outbid", {
      ...TEMPLATES.outbid.sample,
      item: "A very long title ".repeat(10),
      link,
    });
    expect(text.length).toBeLessThanOrEqual(TEXT_LIMIT);
    expect(text.endsWith(` ${link}`)).toBe(true);
    expect(text).toContain("…");
  });

  it("shorten the item's and the event's names before the close: the time and the link stay whole", () => {
    const link = "http://127.0.0.1:21602/inroombid?id=201&item=4130";
    const text = renderTextTemplate("outbid", {
      ...TEMPLATES.outbid.sample,
      event: "Harbor Lights Gala 2026",
      item: "Couples' Cooking Class at Le Petit Chef",
      amount: "$145.00",
      closes: "Sat Dec 26, 9:00 PM EST",
      link,
    });
    expect(text.length).toBeLessThanOrEqual(TEXT_LIMIT);
    expect(text).toContain("($145.00). Ends Sat Dec 26, 9:00 PM EST. Bid again: ");
    expect(text.endsWith(` ${link}`)).toBe(true);
    expect(text).toMatch(/^Harbor Lights Gala 2026: outbid on Couples' Cooking Class.*…/);
  });

  it("fill leaves unknown names empty", () => {
    expect(fill("Hi {{first_name}} {{nope}}!", { first_name: "Ada" })).toBe("Hi Ada !");
  });
});

describe("phone numbers", () => {
  it("reads North American numbers without a country code, and E.164 as is", () => {
    expect(toE164("(617) 555-0142")).toBe("+16175550142");
    expect(toE164("1-617-555-0142")).toBe("+16175550142");
    expect(toE164("+44 20 7946 0018")).toBe("+442079460018");
    expect(toE164("555-0142")).toBeNull();
    expect(toE164("")).toBeNull();
  });
});
