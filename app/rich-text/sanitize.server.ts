/**
 * Rich text (event description, company_about, item descriptions, …) is HTML that people write in the editor,
 * or that an import or an old row brings. It is cleaned with sanitize-html against an allow-list of what the
 * editor can produce (decision 009), on the server, before it is saved and again before it is rendered.
 */
import sanitizeHtml, { type Attributes, type IOptions, type Transformer } from "sanitize-html";
import { allowedLinkUrl } from "./link-url";

/** The elements the editor produces. Anything else is dropped (its text kept, except for NON_TEXT_TAGS). */
const ALLOWED_TAGS = [
  "p",
  "br",
  "h2",
  "h3",
  "h4",
  "strong",
  "b",
  "em",
  "i",
  "u",
  "s",
  "blockquote",
  "ul",
  "ol",
  "li",
  "a",
  "hr",
  "code",
  "pre",
];

/**
 * Disallowed elements whose content is not prose: their text goes too, so `<script>alert(1)</script>` does not
 * leave "alert(1)" behind, and nothing inside an svg, a template or a noscript survives as text.
 */
const NON_TEXT_TAGS = [
  "script",
  "style",
  "textarea",
  "option",
  "select",
  "xmp",
  "noscript",
  "noembed",
  "noframes",
  "plaintext",
  "template",
  "title",
  "iframe",
  "object",
  "svg",
  "math",
  "head",
];

/**
 * Links keep an absolute http, https or mailto address only, as the browser would read it (see link-url.ts).
 * A link without an acceptable address becomes its plain text: relative addresses are refused too, because rich
 * text is shown on several hosts (event subdomains, emails) where a relative link would lead somewhere else.
 * Web links open in a new tab, without giving the opened page a handle on ours (noopener), without the page's
 * address (noreferrer), and without lending it our ranking (nofollow: guests' text is not our endorsement).
 * Mail links get neither: a new tab would stay blank.
 */
const transformLink: Transformer = (_tagName, attribs) => {
  const href = allowedLinkUrl(attribs.href);
  if (!href) return { tagName: "unsafe-link", attribs: {} }; // not in ALLOWED_TAGS: the tag goes, its text stays
  const linkAttribs: Attributes = href.startsWith("mailto:")
    ? { href }
    : { href, target: "_blank", rel: "noopener noreferrer nofollow" };
  return { tagName: "a", attribs: linkAttribs };
};

/** Ordered lists may start at another number (the editor writes `start`); anything but a small number goes. */
const transformOrderedList: Transformer = (_tagName, attribs) => {
  const start = attribs.start?.trim() ?? "";
  const listAttribs: Attributes = /^\d{1,6}$/.test(start) && start !== "1" ? { start } : {};
  return { tagName: "ol", attribs: listAttribs };
};

const OPTIONS: IOptions = {
  allowedTags: ALLOWED_TAGS,
  // No class, style, id or event handler anywhere; only what the transforms above set.
  allowedAttributes: { a: ["href", "target", "rel"], ol: ["start"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: {},
  allowProtocolRelative: false,
  nonTextTags: NON_TEXT_TAGS,
  disallowedTagsMode: "discard",
  // Deeper than any real text; stops pathological nesting from costing much (deeper tags go, their text stays).
  nestingLimit: 30,
  parseStyleAttributes: false,
  transformTags: {
    a: transformLink,
    ol: transformOrderedList,
    // Imported text may use other heading levels: h1 is the page's own title, so headings start at h2.
    h1: sanitizeHtml.simpleTransform("h2", {}, false),
    h5: sanitizeHtml.simpleTransform("h4", {}, false),
    h6: sanitizeHtml.simpleTransform("h4", {}, false),
  },
};

// An empty paragraph: only line breaks or spaces in it (the editor's blank lines).
const EMPTY_PARAGRAPH = /^<p>(?:\s|<br \/>)*<\/p>/;

/**
 * The HTML that may be stored and shown: only the allow-listed elements, links with safe addresses, no other
 * attributes. Blank paragraphs at the start and end are dropped, and text with nothing to read (the editor's
 * empty "<p></p>") becomes "", so "no description" is stored as empty.
 */
export function sanitizeRichText(html: string): string {
  const clean = trimEmptyParagraphs(sanitizeHtml(html, OPTIONS));
  // Tags aside, only whitespace left (every `<` in text is escaped in sanitize-html's output).
  if (!clean.includes("<hr") && !/\S/.test(clean.replace(/<[^>]*>/g, ""))) return "";
  return clean;
}

// A loop rather than one pattern anchored at the end, which would take quadratic time on long runs of spaces.
function trimEmptyParagraphs(html: string): string {
  let rest = html.trim();
  for (let found = EMPTY_PARAGRAPH.exec(rest); found; found = EMPTY_PARAGRAPH.exec(rest)) {
    rest = rest.slice(found[0].length).trimStart();
  }
  for (let last = rest.lastIndexOf("<p>"); last >= 0; last = rest.lastIndexOf("<p>")) {
    const found = EMPTY_PARAGRAPH.exec(rest.slice(last));
    if (!found || last + found[0].length !== rest.length) break;
    rest = rest.slice(0, last).trimEnd();
  }
  return rest;
}

const BLOCK_END = /<\/(?:p|h2|h3|h4|blockquote|pre|ul|ol)>|<hr \/>/g;
const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"' };

/**
 * The text of rich text, for excerpts, meta descriptions and plain-text emails: blocks separated by a blank
 * line, list items on lines of their own starting with "- ", line breaks kept, no markup and no entities.
 */
export function richTextToPlainText(html: string): string {
  return textOf(sanitizeHtml(html, OPTIONS));
}

/** Works on sanitize-html's output only: there every `<` in text is escaped, so tags can be found with a pattern. */
function textOf(clean: string): string {
  return clean
    .replace(/\s+/g, " ") // whitespace in HTML source is one space, as a browser shows it
    .replace(/<li><p>/g, "<li>") // the editor wraps each item's text in a paragraph
    .replace(/<\/p><\/li>/g, "</li>")
    .replace(/<br \/>/g, "\n")
    .replace(/<li>/g, "\n- ")
    .replace(BLOCK_END, "\n\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&(?:amp|lt|gt|quot);/g, (entity) => ENTITIES[entity]!)
    .split("\n")
    .map((line) => line.trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
