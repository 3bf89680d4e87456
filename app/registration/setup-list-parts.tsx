/**
 * Pieces the lists of /admin/setup/registration share: moving a row up or down, deleting one after a
 * confirmation, and the message of a refused change shown above its list. All are plain form posts first.
 */
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { formErrorOf, replyFor } from "~/forms/form-contract";
import { Button } from "~/ui/button";
import { ConfirmDialog } from "~/ui/confirm-dialog";
import { FormAlert } from "~/ui/form-alert";
import { listFormId, type SetupList } from "./setup-forms";

/** "Up" and "Down" for a row; the page keeps its scroll position, so the moved row stays in view. */
export function MoveButtons({
  intent,
  idField,
  id,
  name,
  first,
  last,
}: {
  intent: string;
  idField: string;
  id: number;
  /** Names the row for screen readers: "Move Couple up". */
  name: string;
  first: boolean;
  last: boolean;
}) {
  const busy = useNavigation().formData?.get("intent") === intent;
  return (
    <Form method="post" preventScrollReset className="cluster">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name={idField} value={id} />
      <Button
        type="submit"
        size="sm"
        variant="ghost"
        name="direction"
        value="up"
        disabled={first || busy}
        aria-label={`Move ${name} up`}
      >
        ↑
      </Button>
      <Button
        type="submit"
        size="sm"
        variant="ghost"
        name="direction"
        value="down"
        disabled={last || busy}
        aria-label={`Move ${name} down`}
      >
        ↓
      </Button>
    </Form>
  );
}

export function DeleteButton({
  name,
  title,
  description,
  fields,
}: {
  name: string;
  title: string;
  description: string;
  fields: Record<string, string>;
}) {
  return (
    <ConfirmDialog
      trigger={
        <>
          Delete<span className="visually-hidden"> {name}</span>
        </>
      }
      triggerVariant="ghost"
      triggerSize="sm"
      title={title}
      description={description}
      confirmLabel="Delete"
      confirmVariant="danger"
      fields={fields}
    />
  );
}

/** Why the last change to this list was refused (a sold ticket type, a chosen meal, a used code). */
export function ListAlert({ list }: { list: SetupList }) {
  const message = formErrorOf(replyFor(useActionData<unknown>(), listFormId(list)));
  return message ? <FormAlert>{message}</FormAlert> : null;
}
