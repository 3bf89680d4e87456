/**
 * /event's data: the event a visitor asked for, whether they see it as a previewer, and the landing page's
 * settings (published; the draft for a previewer who asks for it with ?draft).
 */
import { getSignedInUser } from "~/auth/access.server";
import { pageTree } from "~/designed-pages/page-documents.server";
import { findPublicEvent, requireVisibleFeature } from "~/events/public-event.server";
import { eventFonts } from "~/fonts/font-faces.server";
import { paths } from "~/http/paths";
import { loadPublicChrome } from "~/public-components/public-components.server";
import { richTextToPlainText } from "~/rich-text/sanitize.server";
import { publicOrigin } from "~/security/request.server";
import { loadLandingContext } from "./landing-context.server";
import { landingFonts } from "./landing-model";
import { resolveLanding } from "./resolve-landing";

type ShareMeta = { share_title?: string | null; share_description?: string | null };

export async function loadLandingPage(request: Request) {
  const row = await findPublicEvent(request);
  const { preview } = await requireVisibleFeature(request, row, "landing");
  const user = await getSignedInUser(request);
  const canPreview = user?.roles.some((r) => r.event_id === row.event_id && r.can_preview_event) ?? false;
  const draft = canPreview && new URL(request.url).searchParams.has("draft");
  const [context, tree, chrome] = await Promise.all([
    loadLandingContext(row, { canPreview }),
    pageTree(row.event_id, "landing", { draft }),
    loadPublicChrome(row),
  ]);
  const settings = resolveLanding(context, tree);
  const origin = publicOrigin(request);
  const share = row.meta as ShareMeta;
  const image = settings.heroSection.image || row.thumbnail;
  return {
    preview,
    draft,
    context,
    // Resolved here, not in the page: resolving reads the settings' rules (zod), which a guest's phone then need not
    // load (docs/benchmarks.md, "The guest's phone").
    settings,
    chrome,
    fonts: eventFonts(landingFonts(settings, context.branding)),
    share: {
      title: share.share_title || settings.heroSection.title || row.title,
      description:
        share.share_description ||
        settings.heroSection.subtitle ||
        row.excerpt ||
        richTextToPlainText(context.event.descriptionHtml).slice(0, 200),
      image: image ? new URL(image, origin).href : null,
      url: `${origin}${paths.event(row.event_id)}`,
    },
  };
}
