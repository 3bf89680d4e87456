import { Form, useNavigation } from "@remix-run/react";
import { useRef, type FormEvent, type ReactNode } from "react";
import { replyFor } from "~/forms/form-contract";
import { formProps } from "~/forms/use-contract-form";
import { SaveActions } from "./save-actions";
import { useFocusFirstError } from "./use-focus-first-error";

/**
 * A settings form beside a live preview of what it sets (Setup → Branding, Setup → Components). The form (a contract
 * form, `form`) posts multipart, for its image, and calls `onEdit` at every change, so that the preview follows what is
 * typed; before JavaScript, the preview shows what is saved. Focus goes to the first problem of the server's answer
 * (`reply`, the action's) when it is this form's. The preview is an aside, or a section (`previewAs`) when it holds
 * landmarks of its own, which an aside should not.
 */
export function SettingsWithPreview({
  form,
  reply,
  onEdit,
  saveLabel,
  preview,
  previewAs: Preview = "aside",
  children,
}: {
  form: Parameters<typeof formProps>[0];
  reply: unknown;
  onEdit: (event: FormEvent<HTMLFormElement>) => void;
  saveLabel: string;
  preview: ReactNode;
  previewAs?: "aside" | "section";
  /** The form's fields. */
  children: ReactNode;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, replyFor(reply, form.id));
  const saving = useNavigation().state === "submitting";
  const headingId = `${form.id}-preview-heading`;
  return (
    <div className="settings-layout">
      <Form
        method="post"
        encType="multipart/form-data"
        ref={formRef}
        className="settings-form"
        {...formProps(form)}
        onChange={onEdit}
        onInput={onEdit}
      >
        {children}
        <SaveActions saving={saving} label={saveLabel} />
      </Form>
      <Preview className="stack" aria-labelledby={headingId}>
        <h2 id={headingId} className="section-heading">
          Preview
        </h2>
        {preview}
      </Preview>
    </div>
  );
}
