/**
 * A record's ordered images (an inventory item's, an auction item's): each with Move up, Move down and Remove, and
 * a field to add several at once. The first image is the main one. Every control is a plain form posting to the
 * page's own action (intents in ./image-gallery-fields.ts, carried out by runGalleryIntent in
 * ./image-gallery.server.ts), so all of it works before JavaScript loads; with JavaScript, a move shows at once,
 * keeps the focus on the moved image's button and is announced, and a removal asks first.
 *
 * Place it outside the record's own form: forms cannot be nested.
 */
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type ChangeEvent, type ReactNode } from "react";
import { formErrorOf, replyFor } from "~/forms/form-contract";
import galleryHref from "~/styles/gallery.css";
import { Button } from "~/ui/button";
import { ConfirmDialog } from "~/ui/confirm-dialog";
import { EmptyState } from "~/ui/empty-state";
import { Field } from "~/ui/field";
import { FormAlert } from "~/ui/form-alert";
import { useFocusFirstError } from "~/ui/use-focus-first-error";
import {
  GALLERY_FORM,
  GALLERY_INTENTS,
  GALLERY_UPLOAD_FIELD,
  MAX_GALLERY_IMAGES,
  MAX_GALLERY_UPLOAD,
  type GalleryImage,
} from "../image-gallery-fields";
import { IMAGE_ACCEPT } from "./image-field";
import { ResponsiveImage } from "./responsive-image";
import type { LinksFunction } from "@remix-run/node";

export const imageGalleryLinks: LinksFunction = () => [{ rel: "stylesheet", href: galleryHref }];

type Move = { imageId: number; direction: "up" | "down" };

export type ImageGalleryProps = {
  images: readonly GalleryImage[];
  /** Names the record in the images' descriptions ("Image 2 of Weekend in Napa"). */
  itemTitle: string;
  heading?: ReactNode;
  /** Under the heading: what the images are for. */
  help?: ReactNode;
};

export function ImageGallery({ images, itemTitle, heading = "Images", help }: ImageGalleryProps) {
  const headingId = useId();
  const listRef = useRef<HTMLOListElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const navigation = useNavigation();
  const reply = replyFor(useActionData<unknown>(), GALLERY_FORM);
  const sectionRef = useRef<HTMLElement>(null);
  useFocusFirstError(sectionRef, reply);
  const lastMove = useRef<Move | null>(null);
  const [announcement, setAnnouncement] = useState("");

  // While a move or a removal is on its way, show its result already.
  const pending = pendingChange(navigation.formData);
  const shown = pending ? applyChange(images, pending) : images;

  // Keep the focus on the moved image's button (the other one once it reaches an end), and say where it went.
  useEffect(() => {
    const move = lastMove.current;
    if (!move) return;
    const item = listRef.current?.querySelector(`[data-image-id="${move.imageId}"]`);
    if (item) {
      const button = (direction: string) =>
        item.querySelector<HTMLButtonElement>(`button[name="direction"][value="${direction}"]`);
      const preferred = button(move.direction);
      const target = preferred && !preferred.disabled ? preferred : button(move.direction === "up" ? "down" : "up");
      if (target && document.activeElement !== target) target.focus();
    }
    if (navigation.state === "idle") {
      lastMove.current = null;
      const position = images.findIndex((image) => image.image_id === move.imageId);
      if (position !== -1) setAnnouncement(`Image moved to position ${position + 1} of ${images.length}.`);
    }
  }, [shown, images, navigation.state]);

  // After a removal the removed image's button is gone: the focus goes back to the gallery's heading.
  const count = images.length;
  const previousCount = useRef(count);
  useEffect(() => {
    if (count < previousCount.current && (document.activeElement === document.body || !document.activeElement)) {
      headingRef.current?.focus();
    }
    previousCount.current = count;
  }, [count]);

  const full = images.length >= MAX_GALLERY_IMAGES;

  return (
    <section className="gallery" aria-labelledby={headingId} ref={sectionRef}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="gallery__heading">
        {heading}
      </h2>
      {help ? <p className="field__help">{help}</p> : null}
      {formErrorOf(reply) ? <FormAlert>{formErrorOf(reply)}</FormAlert> : null}
      <p className="visually-hidden" role="status">
        {announcement}
      </p>

      {shown.length === 0 ? (
        <EmptyState
          size="sm"
          headingLevel={3}
          title="No images yet"
          text="Add them below, several at once if you like; the first one is the main image bidders see."
        />
      ) : (
        <ol ref={listRef} className="gallery__list" aria-label={`Images of ${itemTitle}`}>
          {shown.map((image, index) => {
            const position = index + 1;
            const label = `image ${position}`;
            return (
              <li key={image.image_id} className="gallery__item" data-image-id={image.image_id}>
                <div className="gallery__frame">
                  <ResponsiveImage
                    image={image.url}
                    alt={`Image ${position} of ${itemTitle}`}
                    sizes="12rem"
                    className="gallery__image"
                  />
                </div>
                <p className="gallery__position">
                  {position === 1 ? <strong>Main image</strong> : `Image ${position}`}
                </p>
                <div className="gallery__actions">
                  <Form
                    method="post"
                    preventScrollReset
                    className="gallery__move"
                    onSubmit={(event) => {
                      const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
                      const direction = submitter?.value === "down" ? "down" : "up";
                      lastMove.current = { imageId: image.image_id, direction };
                      setAnnouncement("");
                    }}
                  >
                    <input type="hidden" name="intent" value={GALLERY_INTENTS.move} />
                    <input type="hidden" name="image_id" value={image.image_id} />
                    <Button
                      type="submit"
                      size="sm"
                      name="direction"
                      value="up"
                      disabled={index === 0}
                      aria-label={`Move ${label} up`}
                    >
                      <span aria-hidden="true">↑</span> Up
                    </Button>
                    <Button
                      type="submit"
                      size="sm"
                      name="direction"
                      value="down"
                      disabled={index === shown.length - 1}
                      aria-label={`Move ${label} down`}
                    >
                      <span aria-hidden="true">↓</span> Down
                    </Button>
                  </Form>
                  <ConfirmDialog
                    trigger={
                      <>
                        Remove<span className="visually-hidden"> {label}</span>
                      </>
                    }
                    triggerSize="sm"
                    triggerVariant="ghost"
                    title={`Remove image ${position}?`}
                    description={`It will no longer show with “${itemTitle}”. To show it again, upload the file again.`}
                    confirmLabel="Remove"
                    confirmVariant="danger"
                    fields={{ intent: GALLERY_INTENTS.remove, image_id: String(image.image_id) }}
                  />
                </div>
              </li>
            );
          })}
        </ol>
      )}

      {full ? (
        <p className="field__help">
          This item has the {MAX_GALLERY_IMAGES} images it can have. Remove one to add another.
        </p>
      ) : (
        // Keyed by the number of images, so that the chosen files are cleared once they are added.
        <Form
          key={images.length}
          method="post"
          encType="multipart/form-data"
          preventScrollReset
          className="gallery__upload"
        >
          <input type="hidden" name="intent" value={GALLERY_INTENTS.add} />
          <GalleryUploadField label="Add images" error={reply?.error?.[GALLERY_UPLOAD_FIELD]?.[0]} />
          <div>
            <Button type="submit" size="sm" disabled={isAdding(navigation.formData)}>
              {isAdding(navigation.formData) ? "Adding…" : "Add the chosen images"}
            </Button>
          </div>
        </Form>
      )}
    </section>
  );
}

export type GalleryUploadFieldProps = {
  label: ReactNode;
  help?: ReactNode;
  error?: string | null;
};

/**
 * The file field of a gallery (`images`, several files): in the gallery's own upload form, or in a form that
 * creates a record with its first images. The form must send files (`encType="multipart/form-data"`), and its
 * action reads them with readFormWithImages(request, [galleryUploadField]). With JavaScript, the chosen files are
 * previewed, in the order they will be added.
 */
export function GalleryUploadField({
  label,
  help = `JPEG, PNG, WebP or GIF; up to ${MAX_GALLERY_UPLOAD} at a time. They are added after the images already here, in the order chosen.`,
  error,
}: GalleryUploadFieldProps) {
  const [previews, setPreviews] = useState<{ url: string; name: string }[]>([]);
  const previewsRef = useRef(previews);
  const release = () => previewsRef.current.forEach((preview) => URL.revokeObjectURL(preview.url));
  useEffect(() => release, []);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    release();
    const files = [...(event.currentTarget.files ?? [])];
    const next = files.map((file) => ({ url: URL.createObjectURL(file), name: file.name }));
    previewsRef.current = next;
    setPreviews(next);
  };

  return (
    <Field label={label} help={help} error={error} className="gallery__field">
      {(control) => (
        <>
          <input
            {...control}
            type="file"
            name={GALLERY_UPLOAD_FIELD}
            accept={IMAGE_ACCEPT}
            multiple
            onChange={onChange}
          />
          {previews.length > 0 ? (
            <ul className="gallery__chosen" aria-label="Chosen images, not added yet">
              {previews.map((preview) => (
                <li key={preview.url}>
                  {/* A local object URL of the chosen file, not an upload: shown as it is. */}
                  <img src={preview.url} alt={preview.name} />
                </li>
              ))}
            </ul>
          ) : null}
        </>
      )}
    </Field>
  );
}

type PendingChange = { kind: "move"; imageId: number; direction: "up" | "down" } | { kind: "remove"; imageId: number };

function pendingChange(formData: FormData | undefined): PendingChange | null {
  if (!formData) return null;
  const imageId = Number(formData.get("image_id"));
  if (!Number.isInteger(imageId)) return null;
  const intent = formData.get("intent");
  if (intent === GALLERY_INTENTS.remove) return { kind: "remove", imageId };
  const direction = formData.get("direction");
  if (intent === GALLERY_INTENTS.move && (direction === "up" || direction === "down")) {
    return { kind: "move", imageId, direction };
  }
  return null;
}

function applyChange(images: readonly GalleryImage[], change: PendingChange): readonly GalleryImage[] {
  const from = images.findIndex((image) => image.image_id === change.imageId);
  if (from === -1) return images;
  if (change.kind === "remove") return images.filter((image) => image.image_id !== change.imageId);
  const to = change.direction === "up" ? from - 1 : from + 1;
  if (to < 0 || to >= images.length) return images;
  const next = [...images];
  [next[from], next[to]] = [next[to], next[from]];
  return next;
}

function isAdding(formData: FormData | undefined): boolean {
  return formData?.get("intent") === GALLERY_INTENTS.add;
}
