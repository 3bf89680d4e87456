// Email bodies written in the rich-text editor: the HTML part keeps the formatting with inline styles and escapes
// every value filled in; the plain-text part keeps the words, the list marks and the links' addresses.
import { describe, expect, it } from "vitest";
import { isRichBody, plainBodyAsHtml, renderBodyHtml, renderBodyText } from "~/messages/rich-body";

const values = { first_name: "Ada <script>", item: "Napa & Sonoma" };

describe("email bodies", () => {
  it("tells the built-in plain bodies from rich text", () => {
    expect(isRichBody("Hello {{first_name}},\n\nThanks.")).toBe(false);
    expect(isRichBody("<p>Hello</p>")).toBe(true);
  });

  it("opens a plain body in the editor as paragraphs, escaped", () => {
    expect(plainBodyAsHtml("Hello {{first_name}},\n\nFish & chips\nat 6")).toBe(
      "<p>Hello {{first_name}},</p><p>Fish &amp; chips<br>at 6</p>",
    );
  });

  it("renders a plain body as styled paragraphs with the values escaped", () => {
    expect(renderBodyHtml("Hi {{first_name}},\n\nYou won {{item}}.", values, "#123456")).toBe(
      '<p style="margin:0 0 16px">Hi Ada &lt;script&gt;,</p><p style="margin:0 0 16px">You won Napa &amp; Sonoma.</p>',
    );
    expect(renderBodyText("Hi {{first_name}},\n\nYou won {{item}}.", values)).toBe(
      "Hi Ada <script>,\n\nYou won Napa & Sonoma.",
    );
  });

  it("keeps rich formatting with inline styles and escapes the values", () => {
    const body =
      '<h2>Thank you</h2><p>Dear <strong>{{first_name}}</strong>, see <a href="https://example.org/a" target="_blank" rel="noopener noreferrer nofollow">our site</a>.</p><ul><li><p>{{item}}</p></li></ul>';
    const html = renderBodyHtml(body, values, "#123456");
    expect(html).toContain('<h2 style="margin:0 0 12px;font-size:20px">Thank you</h2>');
    expect(html).toContain("<strong>Ada &lt;script&gt;</strong>");
    expect(html).toContain('<a style="color:#123456" href="https://example.org/a"');
    expect(html).toContain('<li style="margin:0 0 4px"><p style="margin:0 0 16px">Napa &amp; Sonoma</p></li>');
    expect(html).not.toContain("<script>");
    expect(renderBodyText(body, values)).toBe(
      "Thank you\n\nDear Ada <script>, see our site (https://example.org/a).\n\n• Napa & Sonoma",
    );
  });
});
