export { richTextLinks } from "../links";

export interface RichTextProps {
  /**
   * HTML that has been through sanitizeRichText (app/rich-text/sanitize.server.ts) in the loader, on its way
   * out, even when it was sanitised before it was saved: rows imported or written before the rules changed
   * are then safe too. Never pass anything else: this component inserts the HTML as it is.
   */
  html: string;
  className?: string;
}

/**
 * Shows rich text (an event's description, an item's story) with the typographic styles of rich-text.css
 * (include `richTextLinks` in the route's links).
 */
export function RichText({ html, className }: RichTextProps) {
  // The loader's sanitizeRichText is what makes this safe; see the html prop.
  return (
    <div className={["rich-text", className].filter(Boolean).join(" ")} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
