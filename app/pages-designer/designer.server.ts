/**
 * The loader and action behind the three /admin/pages screens (can_design). The action reads the whole settings
 * tree from the form (./tree-form.ts, the same reading the live preview makes), validates it with the tree's zod
 * schema, sanitises rich text, and then, by intent: saves it as the draft, publishes it, or moves a section; or
 * discards the draft. Post/redirect/get, with a toast.
 */
import { json } from "@remix-run/node";
import { requireEventPermission } from "~/auth/access.server";
import { loadAuctionPreview } from "~/bidding/gallery-preview.server";
import { discardDraft, loadPageDocument, publishDraft, saveDraft } from "~/designed-pages/page-documents.server";
import { eventSettings } from "~/events/event-settings.server";
import { readFormWithImages } from "~/images/upload.server";
import { loadLandingContext } from "~/landing/landing-context.server";
import { messageOrigin } from "~/messages/links.server";
import { notifyTeam } from "~/messages/team-notifications.server";
import { loadRegistrationPreview } from "~/registration/register-preview.server";
import { sanitizeRichText } from "~/rich-text/sanitize.server";
import { brandColoursAndFonts } from "~/ui/branding";
import { redirectWithToast } from "~/ui/toast.server";
import { strictTreeSchema } from "~drizzle/schema/settings";
import { imageUploadFields, PAGE_KINDS } from "./page-kinds";
import { errorsByField, moveSection, treeFromForm } from "./tree-form";
import type { PageKind, Tree } from "~/designed-pages/page-trees";

export async function designerLoader(request: Request, kind: PageKind) {
  const { eventId, role } = await requireEventPermission(request, "can_design");
  const row = await eventSettings(eventId);
  const document = await loadPageDocument(eventId, kind);
  return {
    kind,
    eventId,
    eventTitle: row.title,
    canPreview: role.can_preview_event === true,
    canConfigure: role.can_configure_event === true,
    document,
    // The landing page's preview is the real page, so it needs the real content around the settings.
    landingContext: kind === "landing" ? await loadLandingContext(row, { canPreview: true }) : null,
    // So is the registration page's: its header and company around the real ticket types.
    registrationPreview: kind === "registration" ? await loadRegistrationPreview(row) : null,
    auctionPreview: kind === "silentAuction" ? await loadAuctionPreview(row) : null,
    branding: brandColoursAndFonts(row),
  };
}

export type DesignerActionData = { errors: Record<string, string>; tree: Tree; formError?: string };

export async function designerAction(request: Request, kind: PageKind) {
  const { eventId, user } = await requireEventPermission(request, "can_design");
  const info = PAGE_KINDS[kind];
  const url = new URL(request.url);
  const here = url.pathname + url.search;
  const document = await loadPageDocument(eventId, kind);
  if (!document.exists) {
    return json<DesignerActionData>(
      { errors: {}, tree: document.published, formError: missingMessage(kind) },
      { status: 409 },
    );
  }
  const { form, imageErrors } = await readFormWithImages(request, imageUploadFields(info));
  const intent = String(form.get("intent") ?? "save");

  if (intent === "discard") {
    await discardDraft(eventId, kind);
    return redirectWithToast(here, {
      title: "Draft discarded",
      description: "The editor shows the published page again.",
    });
  }

  let tree = treeFromForm(info, form, document.draft ?? document.published);
  const move = form.get("move");
  if (typeof move === "string") tree = moveSection(tree, move);
  tree = sanitizeTree(info.sections, tree);

  const parsed = strictTreeSchema(info.definition).safeParse(tree);
  const errors = { ...(parsed.success ? {} : errorsByField(parsed.error.issues)), ...imageFieldErrors(imageErrors) };
  if (Object.keys(errors).length > 0) {
    return json<DesignerActionData>(
      { errors, tree, formError: "Some settings need a change before they can be saved." },
      { status: 400 },
    );
  }

  await saveDraft(eventId, kind, tree);
  if (intent === "publish") {
    await publishDraft(eventId, kind, {
      alsoDo: (tx) =>
        notifyTeam(tx, {
          eventId,
          flag: "notify_content_change",
          template: "team_content_change",
          key: `${kind}:${new Date().toISOString()}`,
          exceptUsrId: user.usr_id,
          data: {
            guest: [user.first_name, user.last_name].filter(Boolean).join(" ") || user.email_address,
            page: `the ${info.label.toLowerCase()}`,
            link: `${messageOrigin()}${url.pathname}?id=${eventId}`,
          },
        }),
    });
    return redirectWithToast(here, { title: `${info.label} published`, description: "Guests now see this version." });
  }
  if (typeof move === "string")
    return redirectWithToast(here, { title: "Section moved", description: "Saved in the draft." });
  return redirectWithToast(here, {
    title: "Draft saved",
    description: "Guests still see the published version until you publish.",
  });
}

/** Rich-text settings are stored as the sanitiser leaves them, like every other rich text in Gavel. */
function sanitizeTree(sections: (typeof PAGE_KINDS)[PageKind]["sections"], tree: Tree): Tree {
  for (const section of sections) {
    for (const field of section.fields) {
      const setting = tree[section.key]?.[field.key];
      if (field.kind === "richText" && setting && typeof setting.value === "string")
        setting.value = sanitizeRichText(setting.value);
    }
  }
  return tree;
}

/** readFormWithImages names a refused file by its file field; the form shows it beside the setting. */
function imageFieldErrors(imageErrors: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(imageErrors).map(([name, message]) => [name.replace(/\.upload$/, ""), message]),
  );
}

export function missingMessage(kind: PageKind): string {
  return kind === "landing"
    ? "This event has no landing page yet. Switch the landing page on under Setup → Modules first."
    : kind === "silentAuction"
      ? "This event has no silent auction yet. Switch the silent auction on under Setup → Modules first."
      : "This event cannot be found.";
}
