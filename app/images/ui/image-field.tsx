import { useEffect, useRef, useState, type ChangeEvent, type ReactNode } from "react";
import { Field } from "~/ui/field";
import { useHydrated } from "~/ui/use-hydrated";
import { responsiveImage } from "../responsive";

/** What the file input offers to choose; the server checks the real content whatever the browser sends. */
export const IMAGE_ACCEPT = "image/jpeg,image/png,image/webp,image/gif";

export type ImageFieldProps = {
  /** The form field's name: the action reads it with `readFormWithImages(request, [name])`. */
  name: string;
  label: ReactNode;
  /** The image stored now, shown as a preview and offered for removal. */
  currentUrl?: string | null;
  /** The message from `imageErrors[name]` (or the action's own validation). */
  error?: string | null;
  help?: ReactNode;
  /** Describes the current image in its preview (default "Current image"). */
  alt?: string;
};

/**
 * An image input in the style of the other fields: the current image in a preview tile (on a checked background, so
 * a white logo shows as well as a dark one), a drop zone with a "Choose an image" button, and, when there is an
 * image, "Remove the image" (a checkbox named `${name}__remove`; the server's `chosenImageUrl` reads both).
 *
 * It is a real file input: before JavaScript loads it is the browser's own, styled; with JavaScript it covers the
 * drop zone unseen (a click anywhere chooses, a file dropped on it is taken), and the chosen file shows at once with
 * its name and size.
 *
 * The form that holds it must send files: `<Form method="post" encType="multipart/form-data">`.
 */
export function ImageField({ name, label, currentUrl, error, help, alt = "Current image" }: ImageFieldProps) {
  const hydrated = useHydrated();
  const [chosen, setChosen] = useState<{ url: string; name: string; size: number } | null>(null);
  const chosenRef = useRef<string | null>(null);
  const [dragging, setDragging] = useState(false);

  /** Shows the chosen file, letting go of the previous preview's memory. */
  const preview = (file: File | undefined) => {
    if (chosenRef.current) URL.revokeObjectURL(chosenRef.current);
    const url = file ? URL.createObjectURL(file) : null;
    chosenRef.current = url;
    setChosen(file && url ? { url, name: file.name, size: file.size } : null);
  };
  useEffect(
    () => () => {
      if (chosenRef.current) URL.revokeObjectURL(chosenRef.current);
    },
    [],
  );

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    setDragging(false);
    preview(event.currentTarget.files?.[0]);
  };

  const current = responsiveImage(currentUrl, "12rem");

  return (
    <Field label={label} help={help} error={error} className="image-field">
      {(control) => (
        <>
          <div className="image-field__body">
            <div className="image-field__preview">
              {chosen ? (
                // A local object URL, not an upload: shown as it is.
                <img src={chosen.url} alt="The chosen image, not saved yet" className="image-field__image" />
              ) : current ? (
                <img {...current} alt={alt} className="image-field__image" />
              ) : (
                <span className="image-field__none">No image yet</span>
              )}
            </div>
            <div
              className={[
                "image-field__drop",
                hydrated ? "image-field__drop--enhanced" : null,
                dragging ? "image-field__drop--over" : null,
              ]
                .filter(Boolean)
                .join(" ")}
            >
              <input
                {...control}
                type="file"
                name={name}
                accept={IMAGE_ACCEPT}
                onChange={onChange}
                onDragEnter={() => setDragging(true)}
                onDragLeave={() => setDragging(false)}
                onDrop={() => setDragging(false)}
              />
              {hydrated ? (
                <div className="image-field__prompt" aria-hidden="true">
                  <span className="button button--secondary button--sm">
                    {currentUrl || chosen ? "Choose another image" : "Choose an image"}
                  </span>
                  <span className="image-field__hint">
                    {chosen ? `${chosen.name} · ${fileSize(chosen.size)}, saved with the form` : "or drop one here"}
                  </span>
                </div>
              ) : null}
            </div>
          </div>
          {currentUrl ? (
            <label className="checkbox">
              <input type="checkbox" name={`${name}__remove`} value="1" />
              Remove the image
            </label>
          ) : null}
        </>
      )}
    </Field>
  );
}

function fileSize(bytes: number): string {
  return bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
