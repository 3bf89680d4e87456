import * as Dialog from "@radix-ui/react-dialog";
import { Form, useFetcher } from "@remix-run/react";
import { useId, useRef, useState, type ReactNode } from "react";
import { Button, type ButtonSize, type ButtonVariant } from "./button";
import { useClientLayoutEffect } from "./use-client-layout-effect";

export type ConfirmDialogProps = {
  /** Text of the button that opens the dialog. */
  trigger: ReactNode;
  triggerVariant?: ButtonVariant;
  triggerSize?: ButtonSize;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** Variant of the confirm button; "danger" for what cannot be undone. */
  confirmVariant?: ButtonVariant;
  /** Where the form posts; the current route's action when omitted. */
  action?: string;
  /** Hidden fields sent with the post, e.g. `{ intent: "close-auction" }`. */
  fields: Record<string, string>;
  /**
   * Posts through the fetcher with this key instead of navigating, so the page can show the change at once
   * (read the pending submission with useFetchers) and the answer with useFetcher({ key }).
   */
  fetcherKey?: string;
};

/**
 * A button that asks for confirmation, then posts a form.
 *
 * Before JavaScript has loaded, the trigger is a plain submit button of the form, so the action still works.
 * Once hydrated, the trigger opens the dialog instead, and the dialog's confirm button submits the same form
 * (through the `form` attribute, since the dialog is rendered in a portal outside it).
 */
export function ConfirmDialog({
  trigger,
  triggerVariant = "secondary",
  triggerSize,
  title,
  description,
  confirmLabel,
  cancelLabel = "Cancel",
  confirmVariant = "primary",
  action,
  fields,
  fetcherKey,
}: ConfirmDialogProps) {
  const formId = useId();
  const fetcher = useFetcher({ key: fetcherKey });
  const PostForm = fetcherKey ? fetcher.Form : Form;
  const [open, setOpen] = useState(false);
  const [shaking, setShaking] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  // Where focus goes when the trigger cannot take it back: a confirmed removal may hide or remove the trigger with its
  // row, and focus then goes to the nearest container that takes it (a table's scroll box), not to the top of the page.
  const focusHomeRef = useRef<HTMLElement | null>(null);
  useClientLayoutEffect(() => {
    const trigger = triggerRef.current;
    focusHomeRef.current = trigger?.parentElement?.closest<HTMLElement>("[tabindex]") ?? null;
    // Unmounting with its row while it has focus (the row went after the page's data was loaded again): the home
    // takes focus now, while the row is still in the page.
    return () => {
      if (trigger && trigger === document.activeElement) focusHomeRef.current?.focus();
    };
  }, []);

  return (
    <PostForm method="post" action={action} id={formId} className="confirm-dialog" onSubmit={() => setOpen(false)}>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button
        ref={triggerRef}
        type="submit"
        variant={triggerVariant}
        size={triggerSize}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
      >
        {trigger}
      </Button>
      <Dialog.Root open={open} onOpenChange={setOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className="dialog-overlay" />
          <Dialog.Content
            className="dialog"
            role="alertdialog"
            // A click beside a confirmation must not count as an answer: the dialog shakes and stays open.
            onPointerDownOutside={(event) => {
              event.preventDefault();
              setShaking(true);
            }}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              // Radix calls this once the closing animation has ended, also after this component has unmounted.
              const trigger = triggerRef.current;
              trigger?.focus();
              if (!trigger || document.activeElement !== trigger) focusHomeRef.current?.focus();
            }}
          >
            <div
              className={shaking ? "dialog__panel dialog__panel--shake" : "dialog__panel"}
              onAnimationEnd={() => setShaking(false)}
            >
              <Dialog.Title className="dialog__title">{title}</Dialog.Title>
              <Dialog.Description className="dialog__description">{description}</Dialog.Description>
              <div className="dialog__actions">
                <Dialog.Close asChild>
                  <Button variant="secondary">{cancelLabel}</Button>
                </Dialog.Close>
                <Button type="submit" form={formId} variant={confirmVariant}>
                  {confirmLabel}
                </Button>
              </div>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </PostForm>
  );
}
