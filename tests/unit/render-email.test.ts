import { describe, expect, it } from "vitest";
import { renderEmail } from "~/mail/render-email.server";

describe("emails", () => {
  const email = renderEmail({
    subject: "Join the team of <Gala>",
    intro: ['Morgan "M" <script>alert(1)</script> invited you.'],
    action: { label: "Join the team", url: "https://gavel.example.org/teamsignup?invitation=abc&x=1" },
    outro: ["The link works once."],
  });

  it("have a plain-text body with the link written out", () => {
    expect(email.text).toBe(
      'Morgan "M" <script>alert(1)</script> invited you.\n\n' +
        "Join the team: https://gavel.example.org/teamsignup?invitation=abc&x=1\n\nThe link works once.\n\n— Gavel",
    );
  });

  it("have an HTML body in which every value is escaped", () => {
    expect(email.html).toContain("Morgan &quot;M&quot; &lt;script&gt;alert(1)&lt;/script&gt; invited you.");
    expect(email.html).toContain('href="https://gavel.example.org/teamsignup?invitation=abc&amp;x=1"');
    expect(email.html).toContain("<title>Join the team of &lt;Gala&gt;</title>");
    expect(email.html).not.toContain("<script>");
  });
});
