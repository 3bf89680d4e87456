import * as Dialog from "@radix-ui/react-dialog";
import { Link, useActionData, useFetcher, useLocation, useSearchParams } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { z, type ZodTypeAny } from "zod";
import { replyFor, type FormReply } from "~/forms/form-contract";
import { formProps, useContractForm } from "~/forms/use-contract-form";
import { Button, buttonClass, type ButtonSize, type ButtonVariant } from "./button";
import { FormAlert } from "./form-alert";
import { useFocusFirstError } from "./use-focus-first-error";
import { useHydrated } from "./use-hydrated";
import type { DefaultValue, FormMetadata } from "@conform-to/react";

/** The schema of a dialog that only confirms: no fields. */
const NO_FIELDS = z.object({});

/** The fields of a form on the contract, by name: what a dialog's children get to draw its fields. */
export type Fieldset<Schema extends ZodTypeAny> = ReturnType<FormMetadata<z.input<Schema>>["getFieldset"]>;

export type FormDialogProps<Schema extends ZodTypeAny> = {
  /**
   * Unique on the page ("new-category", "edit-donor-12"): the form's id in the contract (the action's reply names
   * it), posted as `dialog` and used in `?dialog=`.
   */
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
  /** The form's schema, the same the action parses with; none for a dialog that only confirms an action. */
  schema?: Schema;
  /** What the fields hold when the dialog opens (the saved row, when editing). */
  defaultValue?: DefaultValue<z.input<Schema>>;
  /** Draws the form's fields, given each field's name, value and message. */
  children: (fields: Fieldset<Schema>) => ReactNode;
};

/**
 * A short form in a dialog (@radix-ui/react-dialog). With JavaScript it posts in place and closes when the action
 * accepts it (the action redirects, with a toast); a refusal keeps it open with the messages beside the fields.
 * Without JavaScript the trigger is a link to `?dialog=<name>`, where the page shows the same form in place; it
 * posts there, so a refusal shows it again with its messages.
 */
export function FormDialog<Schema extends ZodTypeAny>({
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
  schema = NO_FIELDS as unknown as Schema,
  defaultValue,
  children,
}: FormDialogProps<Schema>) {
  const hydrated = useHydrated();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const fetcher = useFetcher<FormReply>({ key: `dialog-${name}` });
  const actionData = useActionData<unknown>();
  const askedFor = searchParams.get("dialog") === name;
  const [open, setOpen] = useState(askedFor);
  // The post being answered: the fetcher's answer when it was sent, and whether its busy state has shown. The submit
  // handler records it, and the post's "submitting" state is rendered at once (flushSync): the router's later states
  // arrive in transitions React may merge, so a dialog that waited to see them could miss the whole post. A post
  // ends when the fetcher is idle again: with a new answer it was refused (the messages show); with none the action
  // took it and redirected, or the router let a live reload stand for its redirect. Either way: close. "None" is the
  // answer it had before or no answer at all: the router drops the old answer when a live reload that began during
  // the post stands for the redirect (a refused post, then one accepted while another screen's change came in).
  const sentPost = useRef<{ answer: unknown; started: boolean } | null>(null);
  const [dismissedAnswer, setDismissedAnswer] = useState<unknown>(undefined);
  const fromPage = replyFor(actionData, name);
  const fromFetcher = fetcher.data !== dismissedAnswer ? replyFor(fetcher.data, name) : undefined;
  // A refusal of a post made before JavaScript ran comes with the page; once the dialog posts, its own answers.
  const reply = fromFetcher ?? (fetcher.data === undefined ? fromPage : undefined);
  const form = { name, schema, defaultValue, reply, fields, render: children };

  const close = () => {
    setDismissedAnswer(fetcher.data);
    setOpen(false);
  };

  useEffect(() => {
    const sent = sentPost.current;
    if (!sent) return;
    if (fetcher.state !== "idle") {
      sent.started = true;
      return;
    }
    if (!sent.started) return;
    sentPost.current = null;
    if (fetcher.data === sent.answer || fetcher.data === undefined) {
      setDismissedAnswer(fetcher.data);
      setOpen(false);
    }
  }, [fetcher.state, fetcher.data]);

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
        <DialogForm {...form} Form="form" encType={encType}>
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
        </DialogForm>
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
            <DialogForm
              {...form}
              Form={fetcher.Form}
              encType={encType}
              onSent={() => (sentPost.current = { answer: fetcher.data, started: false })}
            >
              <div className="dialog__actions">
                <Dialog.Close asChild>
                  <Button variant="secondary">Cancel</Button>
                </Dialog.Close>
                <Button type="submit" variant="primary" disabled={fetcher.state !== "idle"}>
                  {submitLabel}
                </Button>
              </div>
            </DialogForm>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

type FormElement = "form" | ReturnType<typeof useFetcher>["Form"];

/**
 * The dialog's form on the contract, mounted when the dialog opens so each opening starts clean: the hidden fields,
 * the form's own message, the fields, and the buttons. Focus goes to the first problem when one appears.
 */
function DialogForm<Schema extends ZodTypeAny>({
  Form,
  name,
  schema,
  defaultValue,
  reply,
  fields: hiddenFields,
  encType,
  render,
  onSent,
  children,
}: Pick<FormDialogProps<Schema>, "name" | "defaultValue" | "fields" | "encType"> & {
  schema: Schema;
  Form: FormElement;
  /** Called when the form is sent, not when the browser's check of it stopped it. */
  onSent?: () => void;
  reply: FormReply | undefined;
  render: FormDialogProps<Schema>["children"];
  /** The buttons. */
  children: ReactNode;
}) {
  const { form, fields } = useContractForm({ id: name, schema, reply, defaultValue, focusRefused: false });
  const ref = useRef<HTMLDivElement>(null);
  useFocusFirstError(ref, reply);
  const { onSubmit, ...props } = formProps(form);
  return (
    <Form
      method="post"
      encType={encType}
      className="stack"
      {...(Form === "form" ? {} : { flushSync: true })}
      {...props}
      onSubmit={(event) => {
        onSubmit(event);
        if (!event.defaultPrevented) onSent?.();
      }}
    >
      <input type="hidden" name="dialog" value={name} />
      {Object.entries(hiddenFields).map(([field, value]) => (
        <input key={field} type="hidden" name={field} value={value} />
      ))}
      <div ref={ref} className="stack">
        {form.errors?.[0] ? <FormAlert>{form.errors[0]}</FormAlert> : null}
        {render(fields)}
      </div>
      {children}
    </Form>
  );
}
