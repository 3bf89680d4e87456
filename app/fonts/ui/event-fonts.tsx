import type { MetaDescriptor } from "@remix-run/node";

/** An event's fonts for a page, as eventFonts() (app/fonts/font-faces.server.ts) puts them in a loader's data. */
export type EventFonts = {
  /** @font-face rules of the event's web fonts; empty when it uses none. */
  css: string;
  /** The body font's upright latin file, to preload; null for a font Gavel does not serve. */
  preload: string | null;
};

/**
 * The @font-face rules, as a <style> at the top of the page (no extra request to wait for). The rules hold only
 * Gavel's own file URLs and catalogue names, which is why they can be set as HTML.
 */
export function FontFaces({ css }: { css: string }) {
  return css ? <style data-font-faces="" dangerouslySetInnerHTML={{ __html: css }} /> : null;
}

/** A <link rel="preload"> for the body font, for the route's meta export (meta may return link tags). */
export function fontPreloadMeta(fonts: EventFonts | undefined): MetaDescriptor[] {
  return fonts?.preload
    ? [
        {
          tagName: "link",
          rel: "preload",
          href: fonts.preload,
          as: "font",
          type: "font/woff2",
          crossOrigin: "anonymous",
        },
      ]
    : [];
}
