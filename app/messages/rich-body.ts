/**
 * An email body is either the built-in plain text (paragraphs separated by a blank line) or the rich text an
 * organiser wrote in the editor on /admin/setup/email: HTML from the editor's small set of elements, sanitised when
 * saved (setup.server.ts). This module turns either into the email's two parts, filling the {{placeholders}}: HTML
 * with every value escaped and inline styles (mail clients ignore style sheets), and plain text. Client-safe: the
 * setup screen previews as one types.
 */
import { escapeHtml } from "~/mail/escape-html";

/** Rich text always starts with an element; the built-in bodies never do. */
export function isRichBody(body: string): boolean {
  return /^\s*</.test(body);
}

function paragraphsOf(plain: string): string[] {
  return plain
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}

/** A plain body as the editor's HTML, so the editor opens on the built-in text. */
export function plainBodyAsHtml(plain: string): string {
  return paragraphsOf(plain)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replaceAll("\n", "<br>")}</p>`)
    .join("");
}

const PLACEHOLDER = /\{\{\s*([a-z_]+)\s*\}\}/g;

/** The body's part of the email's HTML. */
export function renderBodyHtml(body: string, values: Record<string, string>, linkColor: string): string {
  if (!isRichBody(body))
    return paragraphsOf(fillPlain(body, values))
      .map((paragraph) => `<p style="${STYLES.p}">${escapeHtml(paragraph).replaceAll("\n", "<br>")}</p>`)
      .join("");
  const filled = body.replace(PLACEHOLDER, (_, name: string) => escapeHtml(values[name] ?? ""));
  return filled.replace(/<(p|h2|h3|h4|ul|ol|li|blockquote|pre|code|hr|a)(?=[\s>/])/g, (tag, name: string) => {
    const style = name === "a" ? `color:${linkColor}` : STYLES[name as keyof typeof STYLES];
    return `${tag} style="${style}"`;
  });
}

/** The body's part of the email's plain text. */
export function renderBodyText(body: string, values: Record<string, string>): string {
  if (!isRichBody(body)) return paragraphsOf(fillPlain(body, values)).join("\n\n");
  const text = body
    // A link keeps its address beside its words: a plain-text reader has nothing to click.
    .replace(/<a\b[^>]*\bhref="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g, (_, href: string, words: string) =>
      words.replace(/<[^>]+>/g, "") === decodeEntities(href) ? words : `${words} (${href})`,
    )
    .replace(/<br\s*\/?>/g, "\n")
    .replace(/<li[^>]*>/g, "• ")
    .replace(/<\/(p|h2|h3|h4|li|blockquote|pre|ul|ol)>/g, (_, name: string) => (name === "li" ? "\n" : "\n\n"))
    .replace(/<hr[^>]*>/g, "\n\n———\n\n")
    .replace(/<[^>]+>/g, "");
  return fillPlain(decodeEntities(text), values)
    .split(/\n{3,}/)
    .join("\n\n")
    .trim();
}

function fillPlain(template: string, values: Record<string, string>): string {
  return template.replace(PLACEHOLDER, (_, name: string) => values[name] ?? "");
}

const STYLES = {
  p: "margin:0 0 16px",
  h2: "margin:0 0 12px;font-size:20px",
  h3: "margin:0 0 12px;font-size:18px",
  h4: "margin:0 0 12px;font-size:16px",
  ul: "margin:0 0 16px;padding-left:24px",
  ol: "margin:0 0 16px;padding-left:24px",
  li: "margin:0 0 4px",
  blockquote: "margin:0 0 16px;padding-left:12px;border-left:3px solid #d6d3d1;color:#44403c",
  pre: "margin:0 0 16px;white-space:pre-wrap",
  code: "font-family:ui-monospace,Menlo,Consolas,monospace",
  hr: "border:0;border-top:1px solid #e7e5e4;margin:16px 0",
};

function decodeEntities(text: string): string {
  return text
    .replaceAll("&nbsp;", " ")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"')
    .replaceAll("&#39;", "'")
    .replaceAll("&amp;", "&");
}
