/**
 * How the landing page's settings tree is resolved against the event (client-safe: the designer's live preview
 * resolves the tree being edited in the browser; the guest's page gets it resolved from its loader).
 *
 * Defaults (docs/decisions/014-page-designer.md): a setting marked "use default" follows the event itself where the
 * event has a counterpart (its branding colours and fonts, its title, summary, picture and description, its
 * organiser's "about"), so changing the branding changes the page; the default theme values (DEFAULT_THEME) and the
 * tree's own defaults hold for the rest.
 */
import { themeDefaults } from "~/ui/branding";
import { completeSectionOrder, LANDING_SECTIONS, resolveLandingMeta } from "~drizzle/schema/settings";
import type { LandingContext, LandingSettings } from "./landing-model";

/**
 * The tree's values for this event: its own where set, else the event's, else DEFAULT_THEME and the built-in defaults.
 */
export function resolveLanding(context: LandingContext, stored: unknown): LandingSettings {
  const b = context.branding;
  const settings = resolveLandingMeta(stored, {
    global: themeDefaults(b),
    heroSection: { title: context.event.title, subtitle: context.event.excerpt, image: context.event.thumbnail },
    detailsSection: { body: context.event.descriptionHtml },
    companySection: {
      title: context.company.name ? `About ${context.company.name}` : undefined,
      text: context.company.aboutHtml,
    },
  });
  return { ...settings, order: completeSectionOrder(settings.global.sectionOrder, LANDING_SECTIONS) };
}
