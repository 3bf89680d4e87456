/**
 * The three /admin/pages screens' domain (the routes check can_design): what the designer shows, and a change to a
 * page's design. A change reads the whole settings tree from the form (./tree-form.ts, the same reading the live
 * preview makes), validates it with the tree's zod schema, sanitises rich text, and then, by intent: saves it as the
 * draft, publishes it, or moves a section; or discards the draft.
 */
import { loadAuctionPreview } from "~/bidding/gallery-preview.server";
import { discardDraft, loadPageDocument, publishDraft, saveDraft } from "~/designed-pages/page-documents.server";
import { eventSettings } from "~/events/event-settings.server";
import { formReply, type FormReply } from "~/forms/form-contract";
import { eventAddress } from "~/http/paths";
import { readFormWithImages } from "~/images/upload.server";
import { loadLandingContext } from "~/landing/landing-context.server";
import { messageOrigin } from "~/messages/links.server";
import { notifyTeam } from "~/messages/team-notifications.server";
import { loadRegistrationPreview } from "~/registration/register-preview.server";
import { sanitizeRichText } from "~/rich-text/sanitize.server";
import { brandColoursAndFonts } from "~/ui/branding";
import { fullName } from "~/ui/format";
import { strictTreeSchema } from "~drizzle/schema/settings";
import { imageUploadFields, PAGE_KINDS } from "./page-kinds";
import { DESIGNER_FORM, DESIGNER_INTENT, errorsByField, formFromTree, moveSection, treeFromForm } from "./tree-form";
import type { EventAccess } from "~/auth/access.server";
import type { PageKind, Tree } from "~/designed-pages/page-trees";
import type { ToastInput } from "~/http/toast.server";

/** What the designer of a page shows: its draft and published trees, and the real page's content for the preview. */
export async function designerScreen({ eventId, role }: EventAccess, kind: PageKind) {
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

/** A change the designer refused: the messages beside the settings and the tree as posted, to edit again. */
type RefusedDesign = { refused: FormReply; status: 400 | 409 };

/**
 * A post of the designer's form (its request: the images are stored as it is read, and its address goes in the
 * team's notice of a publication): what the designer is told, or the refusal, with nothing saved.
 */
export async function changeDesign(
  request: Request,
  { eventId, user }: EventAccess,
  kind: PageKind,
): Promise<{ told: ToastInput } | RefusedDesign> {
  const info = PAGE_KINDS[kind];
  const document = await loadPageDocument(eventId, kind);
  if (!document.exists) return { refused: formReply(DESIGNER_FORM, { formError: missingMessage(kind) }), status: 409 };
  const { form, imageErrors } = await readFormWithImages(request, imageUploadFields(info));
  const intent = String(form.get("intent") ?? DESIGNER_INTENT.save);

  if (intent === DESIGNER_INTENT.discard) {
    await discardDraft(eventId, kind);
    return { told: { title: "Draft discarded", description: "The editor shows the published page again." } };
  }

  let tree = treeFromForm(info, form, document.draft ?? document.published);
  const move = form.get("move");
  if (typeof move === "string") tree = moveSection(tree, move);
  tree = sanitizeTree(info.sections, tree);

  const parsed = strictTreeSchema(info.definition).safeParse(tree);
  const errors = { ...(parsed.success ? {} : errorsByField(parsed.error.issues)), ...imageFieldErrors(imageErrors) };
  if (Object.keys(errors).length > 0) {
    const fieldErrors = Object.fromEntries(Object.entries(errors).map(([name, message]) => [name, [message]]));
    // What was posted goes back as the tree read from it (uploads stored, the move made), in the form's fields.
    const values = formFromTree(info, tree);
    const formError = "Some settings need a change before they can be saved.";
    return { refused: formReply(DESIGNER_FORM, { fieldErrors, formError, values }), status: 400 };
  }

  await saveDraft(eventId, kind, tree);
  if (intent === DESIGNER_INTENT.publish) {
    const page = new URL(request.url).pathname;
    await publishDraft(eventId, kind, {
      alsoDo: (tx) =>
        notifyTeam(tx, {
          eventId,
          flag: "notify_content_change",
          template: "team_content_change",
          key: `${kind}:${new Date().toISOString()}`,
          exceptUsrId: user.usr_id,
          data: {
            guest: fullName(user.first_name, user.last_name) || user.email_address,
            page: `the ${info.label.toLowerCase()}`,
            link: `${messageOrigin()}${eventAddress(page, eventId)}`,
          },
        }),
    });
    return { told: { title: `${info.label} published`, description: "Guests now see this version." } };
  }
  if (typeof move === "string") return { told: { title: "Section moved", description: "Saved in the draft." } };
  return { told: { title: "Draft saved", description: "Guests still see the published version until you publish." } };
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

function missingMessage(kind: PageKind): string {
  return kind === "landing"
    ? "This event has no landing page yet. Switch the landing page on under Setup → Modules first."
    : kind === "silentAuction"
      ? "This event has no silent auction yet. Switch the silent auction on under Setup → Modules first."
      : "This event cannot be found.";
}
