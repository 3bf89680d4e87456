import * as Dialog from "@radix-ui/react-dialog";
import { Form, useActionData } from "@remix-run/react";
import { useState } from "react";
import { Button } from "~/ui/button";
import { SelectOptions } from "~/ui/select-options";
import type { GridBulkAction } from "../grid-types";

/** What a route's action answers when it refuses an action on the selected rows (status 400). */
export type BulkRefusal = { bulkError: string };

/**
 * The actions on the selected rows, as one form posting `intent` and the selected ids. With JavaScript it shows
 * once rows are selected and carries the selection itself; without it, it is always there and the rows'
 * checkboxes join it.
 */
export function GridBulkBar({
  formId,
  actions,
  selectedIds,
  hydrated,
  onClear,
  submissionKey,
}: {
  formId: string;
  actions: readonly GridBulkAction[];
  selectedIds: string[];
  hydrated: boolean;
  onClear: () => void;
  /** The page's key, posted as `submission`: the same form sent twice acts once (a refund gives back once). */
  submissionKey?: string;
}) {
  const refusal = useActionData<Partial<BulkRefusal>>()?.bulkError;
  if (hydrated && selectedIds.length === 0 && !refusal) return null;
  const count = selectedIds.length;
  return (
    <Form method="post" id={formId} className="grid__bulk" onSubmit={onClear}>
      {hydrated ? selectedIds.map((id) => <input key={id} type="hidden" name="id" value={id} />) : null}
      {submissionKey ? <input type="hidden" name="submission" value={submissionKey} /> : null}
      <span className="grid__bulk-count">{hydrated ? `${count} selected` : "With the rows ticked below:"}</span>
      {actions.map((action) => (
        <span key={action.intent} className="grid__bulk-action">
          {action.choice ? (
            <select name={action.choice.name} aria-label={action.choice.label} required={!hydrated}>
              <option value="">{action.choice.label}…</option>
              <SelectOptions options={action.choice.options} />
            </select>
          ) : null}
          {action.confirm && hydrated ? (
            <ConfirmBulk formId={formId} action={action} count={count} />
          ) : (
            <Button
              type="submit"
              name="intent"
              value={action.intent}
              size="sm"
              variant={action.danger ? "danger" : "secondary"}
            >
              {action.label}
            </Button>
          )}
        </span>
      ))}
      {hydrated ? (
        <Button size="sm" variant="ghost" onClick={onClear}>
          Clear selection
        </Button>
      ) : null}
      {refusal ? (
        <p className="grid__bulk-error" role="alert">
          {refusal}
        </p>
      ) : null}
    </Form>
  );
}

function ConfirmBulk({ formId, action, count }: { formId: string; action: GridBulkAction; count: number }) {
  const [open, setOpen] = useState(false);
  const { title, description } = action.confirm!(count);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button size="sm" variant={action.danger ? "danger" : "secondary"}>
          {action.label}
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog" role="alertdialog" onPointerDownOutside={(event) => event.preventDefault()}>
          <div className="dialog__panel">
            <Dialog.Title className="dialog__title">{title}</Dialog.Title>
            <Dialog.Description className="dialog__description">{description}</Dialog.Description>
            <div className="dialog__actions">
              <Dialog.Close asChild>
                <Button variant="secondary">Cancel</Button>
              </Dialog.Close>
              <Button
                type="submit"
                form={formId}
                name="intent"
                value={action.intent}
                variant={action.danger ? "danger" : "primary"}
              >
                {action.label}
              </Button>
            </div>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
