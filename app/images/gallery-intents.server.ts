/**
 * The image gallery's posts (add, move, remove; ./ui/image-gallery.tsx) as intents of the screen of the record it
 * belongs to (forms/intent-action.server.ts): each is read and carried out by the gallery (runGalleryIntent), and
 * its outcome answered under the gallery's form id: the page again, with a toast when there is news, or the refusal
 * beside the upload field or above the gallery.
 */
import { z } from "zod";
import { answerOutcome } from "~/forms/reply.server";
import { GALLERY_FORM, GALLERY_INTENTS } from "./image-gallery-fields";
import { runGalleryIntent, type GalleryKind } from "./image-gallery.server";
import type { Transaction } from "~/db.server";
import type { DeclareIntent, Intent, IntentCall } from "~/forms/intent-action.server";

/** The record a post's gallery belongs to, or null when it has none yet (an item not saved). */
export type GalleryOwner = {
  kind: GalleryKind;
  /** The messages of refused files, from reading the post (readFormWithImages). */
  imageErrors: Record<string, string>;
  /** Locks the record for the change and answers its id. */
  lockOwner: (tx: Transaction) => Promise<number>;
};

/** The gallery's three intents, by their posted names, for the screen's declaration. */
export function galleryIntents<Access>(
  intent: DeclareIntent<Access>,
  ownerOf: (call: IntentCall<Access>) => GalleryOwner | null,
): Record<string, Intent<Access, never>> {
  const galleryIntent = (name: string) =>
    intent({
      formId: GALLERY_FORM,
      // The gallery reads its own fields (the files, the image and its direction).
      schema: z.object({}),
      run: async (call) => {
        const owner = ownerOf(call);
        if (!owner) throw new Response("This form does not say what to do.", { status: 400 });
        const outcome = await runGalleryIntent({ ...owner, intent: name, form: call.form });
        const url = new URL(call.request.url);
        return answerOutcome(GALLERY_FORM, outcome!, url.pathname + url.search);
      },
    });
  return Object.fromEntries(Object.values(GALLERY_INTENTS).map((name) => [name, galleryIntent(name)]));
}
