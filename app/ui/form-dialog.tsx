import * as Dialog from "@radix-ui/react-dialog";
import { Link, useActionData, useFetcher, useLocation, useSearchParams } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Button, buttonClass, type ButtonSize, type ButtonVariant } from "./button";
import { FormAlert } from "./form-alert";
import { useFocusFirstError } from "./use-focus-first-error";
import { useHydrated } from "./use-hydrated";

/**
 * What an action answers when it refuses a dialog's form (status 400): the messages, and what was typed so the
 * form shows it again. `dialog` is the dialog's name, posted with the form, so that only that dialog reopens.
 */
export type DialogRefusal = {
  dialog: string;
  fieldErrors?: Record<string, string[] | undefined>;
  formError?: string;
  values?: Record<string, string>;
};

export type FormDialogProps = {
  /** Unique on the page ("new-category", "edit-donor-12"); posted as `dialog` and used in `?dialog=`. */
  name: string;
  trigger: ReactNode;
  /** The trigger's accessible name when its text alone is ambiguous ("Edit Lisa Chen"). */
  triggerLabel?: string;
  triggerVariant?: ButtonVariant;
  triggerSize?: ButtonSize;
  title: ReactNode;
  description?: ReactNode;
  submitLabel: string;
  /** Hidden fields posted with the form, e.g. `{ intent: "create" }`. */
  fields: Record<string, string>;
  /** "multipart/form-data" for a form with a file (an `ImageField`); the action reads it with readFormWithImages. */
  encType?: "application/x-www-form-urlencoded" | "multipart/form-data";
  /** The form's fields, given the refusal to show (messages and what was typed), if any. */
  children: (refusal: DialogRefusal | undefined) => ReactNode;
};

/**
 * A short form in a dialog (@radix-ui/react-dialog). With JavaScript it posts in place and closes when the action
 * accepts it (the action redirects, with a toast); a refusal keeps it open with the messages beside the fields.
 * Without JavaScript the trigger is a link to `?dialog=<name>`, where the page shows the same form in place; it
 * posts there, so a refusal shows it again with its messages.
 */
export function FormDialog({
  name,
  trigger,
  triggerLabel,
  triggerVariant = "secondary",
  triggerSize = "sm",
  title,
  description,
  submitLabel,
  fields,
  encType,
  children,
}: FormDialogProps) {
  const hydrated = useHydrated();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const fetcher = useFetcher<DialogRefusal>({ key: `dialog-${name}` });
  const actionData = useActionData<Partial<DialogRefusal>>();
  const askedFor = searchParams.get("dialog") === name;
  const [open, setOpen] = useState(askedFor);
  // The fetcher keeps its last answer: remember which one was on screen before a post, and which one the person
  // closed, so that a closed dialog opens clean.
  const answerBeforePost = useRef<unknown>(undefined);
  const posting = useRef(false);
  const [dismissedAnswer, setDismissedAnswer] = useState<unknown>(undefined);

  const fromPage = actionData?.dialog === name ? (actionData as DialogRefusal) : undefined;
  const fromFetcher = fetcher.data?.dialog === name && fetcher.data !== dismissedAnswer ? fetcher.data : undefined;
  // A refusal of a post made before JavaScript ran comes with the page; once the dialog posts, its own answers.
  const refusal = fromFetcher ?? (fetcher.data === undefined ? fromPage : undefined);

  const close = () => {
    setDismissedAnswer(fetcher.data);
    setOpen(false);
  };

  useEffect(() => {
    if (fetcher.state !== "idle") {
      posting.current = true;
      return;
    }
    if (posting.current) {
      posting.current = false;
      // No new answer means the action took the form and redirected (with its toast): close.
      if (fetcher.data === undefined || fetcher.data === answerBeforePost.current) {
        setDismissedAnswer(fetcher.data);
        setOpen(false);
      }
    }
    answerBeforePost.current = fetcher.data;
  }, [fetcher.state, fetcher.data]);

  const hidden = (
    <>
      <input type="hidden" name="dialog" value={name} />
      {Object.entries(fields).map(([field, value]) => (
        <input key={field} type="hidden" name={field} value={value} />
      ))}
    </>
  );

  if (!hydrated) {
    const here = new URLSearchParams(searchParams);
    here.set("dialog", name);
    if (!askedFor) {
      return (
        <Link
          to={`${location.pathname}?${here}`}
          className={buttonClass({ variant: triggerVariant, size: triggerSize })}
          aria-label={triggerLabel}
        >
          {trigger}
        </Link>
      );
    }
    here.delete("dialog");
    return (
      <section className="card form-dialog--inline" aria-label={typeof title === "string" ? title : undefined}>
        <h2 className="dialog__title">{title}</h2>
        {description ? <p className="dialog__description">{description}</p> : null}
        <form method="post" encType={encType} className="stack">
          {hidden}
          <DialogFields refusal={refusal}>{children}</DialogFields>
          <div className="dialog__actions">
            <Link
              to={`${location.pathname}${here.size ? `?${here}` : ""}`}
              className={buttonClass({ variant: "secondary" })}
            >
              Cancel
            </Link>
            <Button type="submit" variant="primary">
              {submitLabel}
            </Button>
          </div>
        </form>
      </section>
    );
  }

  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? setOpen(true) : close())}>
      <Dialog.Trigger asChild>
        <Button variant={triggerVariant} size={triggerSize} aria-label={triggerLabel}>
          {trigger}
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog" aria-describedby={undefined}>
          <div className="dialog__panel">
            <Dialog.Title className="dialog__title">{title}</Dialog.Title>
            {description ? (
              <Dialog.Description className="dialog__description">{description}</Dialog.Description>
            ) : null}
            <fetcher.Form method="post" encType={encType} className="stack">
              {hidden}
              <DialogFields refusal={refusal}>{children}</DialogFields>
              <div className="dialog__actions">
                <Dialog.Close asChild>
                  <Button variant="secondary">Cancel</Button>
                </Dialog.Close>
                <Button type="submit" variant="primary" disabled={fetcher.state !== "idle"}>
                  {submitLabel}
                </Button>
              </div>
            </fetcher.Form>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The fields, with the form's own message above them; focus goes to the first problem when one appears. */
function DialogFields({
  refusal,
  children,
}: {
  refusal: DialogRefusal | undefined;
  children: (refusal: DialogRefusal | undefined) => ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useFocusFirstError(ref, refusal);
  return (
    <div ref={ref} className="stack">
      {refusal?.formError ? <FormAlert>{refusal.formError}</FormAlert> : null}
      {children(refusal)}
    </div>
  );
}
