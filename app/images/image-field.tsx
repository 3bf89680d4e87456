import { useEffect, useRef, useState, type ChangeEvent, type CSSProperties, type ReactNode } from "react";
import { Field } from "~/ui/field";
import { responsiveImage } from "./responsive";

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

// Until the design system has a class for it: a small preview that keeps the image's proportions.
const PREVIEW: CSSProperties = {
  display: "block",
  maxWidth: "12rem",
  maxHeight: "8rem",
  width: "auto",
  height: "auto",
  objectFit: "contain",
  border: "1px solid var(--color-border)",
  borderRadius: "var(--radius-md)",
  background: "var(--color-surface-sunken)",
};

/**
 * An image input in the style of the other fields: the current image as a small preview (or "No image yet"), a
 * file input, and, when there is an image, "Remove the image" (a checkbox named `${name}__remove`; the server's
 * `chosenImageUrl` reads both). It is a plain file input, so it works before JavaScript loads; with JavaScript,
 * a chosen file is previewed at once.
 *
 * The form that holds it must send files: `<Form method="post" encType="multipart/form-data">`.
 */
export function ImageField({ name, label, currentUrl, error, help, alt = "Current image" }: ImageFieldProps) {
  const [chosen, setChosen] = useState<string | null>(null);
  const chosenRef = useRef<string | null>(null);

  /** Shows the chosen file, letting go of the previous preview's memory. */
  const preview = (url: string | null) => {
    if (chosenRef.current) URL.revokeObjectURL(chosenRef.current);
    chosenRef.current = url;
    setChosen(url);
  };
  useEffect(
    () => () => {
      if (chosenRef.current) URL.revokeObjectURL(chosenRef.current);
    },
    [],
  );

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    preview(file ? URL.createObjectURL(file) : null);
  };

  const current = responsiveImage(currentUrl, "12rem");

  return (
    <Field label={label} help={help} error={error} className="image-field">
      {(control) => (
        <>
          <div className="image-field__preview">
            {chosen ? (
              // A local object URL, not an upload: shown as it is.
              <img src={chosen} alt="The chosen image, not saved yet" style={PREVIEW} />
            ) : current ? (
              <img {...current} alt={alt} style={PREVIEW} />
            ) : (
              <p className="field__help">No image yet</p>
            )}
          </div>
          <input {...control} type="file" name={name} accept={IMAGE_ACCEPT} onChange={onChange} />
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
