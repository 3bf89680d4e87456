import { CATALOGUE_FONT_CSS, CATALOGUE_FONT_CSS_VERSION } from "~/fonts/font-faces.server";
import type { LoaderFunctionArgs } from "@remix-run/node";

/**
 * GET /fonts.css?v=<version>: the @font-face rules of every font in the catalogue (app/fonts/catalogue.ts), for pages that
 * let people pick one (the branding form). Asked for with the current version, it may be kept for a year; any other
 * address gets the current rules but must be checked again. The font files themselves are build assets under
 * /build/_assets. See docs/decisions/010-event-fonts.md.
 */
export function loader({ request }: LoaderFunctionArgs) {
  const current = new URL(request.url).searchParams.get("v") === CATALOGUE_FONT_CSS_VERSION;
  return new Response(CATALOGUE_FONT_CSS, {
    headers: {
      "Content-Type": "text/css; charset=utf-8",
      "Cache-Control": current ? "public, max-age=31536000, immutable" : "no-cache",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
