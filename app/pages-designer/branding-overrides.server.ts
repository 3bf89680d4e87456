/**
 * Which designed pages set colours or fonts of their own instead of the event's branding: what Setup › Branding
 * lists, so an organiser who changes the branding knows which pages will not follow, and where to change that.
 */
import { loadPageDocument } from "~/designed-pages/page-documents.server";
import { eventAddress } from "~/http/paths";
import { isBrandedThemeSetting } from "~/ui/branding";
import { PAGE_KINDS } from "./page-kinds";
import type { Tree } from "~/designed-pages/page-trees";

export interface BrandingOverride {
  page: string;
  /** The page's screen in the designer. */
  href: string;
  /** The settings the published page sets itself ("Primary colour"), in the designer's words. */
  published: string[];
  /** The same, in the unpublished draft, when it differs from the published page. */
  draft: string[] | null;
}

export async function brandingOverrides(eventId: number): Promise<BrandingOverride[]> {
  const overrides = await Promise.all(
    Object.values(PAGE_KINDS).map(async (info) => {
      const document = await loadPageDocument(eventId, info.kind);
      if (!document.exists) return null;
      const labels = (tree: Tree) =>
        (info.sections.find((section) => section.key === "global")?.fields ?? [])
          .filter((field) => isBrandedThemeSetting(field.key) && tree.global?.[field.key]?.useDefault === false)
          .map((field) => field.label);
      const published = labels(document.published);
      const draft = document.draft ? labels(document.draft) : null;
      const draftDiffers = draft !== null && draft.join() !== published.join();
      if (published.length === 0 && !draftDiffers) return null;
      return {
        page: info.label,
        href: eventAddress(`/admin/pages/${info.slug}`, eventId),
        published,
        draft: draftDiffers ? draft : null,
      };
    }),
  );
  return overrides.filter((override) => override !== null);
}
