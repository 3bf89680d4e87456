import { useActionData } from "@remix-run/react";
import { formErrorOf, replyFor } from "~/forms/form-contract";
import { ConfirmDialog } from "./confirm-dialog";
import { FormAlert } from "./form-alert";

/** The deletion's form id in the contract: the action refuses it with `refuseForm(DELETE_FORM, reason)`. */
export const DELETE_FORM = "delete";

/** The deletion's posted intent, the key of the screen's delete intent. */
export const DELETE_INTENT = "delete";

/**
 * The last section of a record's own page: delete it, once confirmed (posts intent=delete), with the reason it was
 * refused above the button.
 */
export function DeleteSection({
  trigger,
  title,
  description,
}: {
  trigger: string;
  title: string;
  description: string;
}) {
  const error = formErrorOf(replyFor(useActionData<unknown>(), DELETE_FORM));
  return (
    <section className="stack" aria-labelledby="delete-heading">
      <h2 id="delete-heading">Delete</h2>
      {error ? <FormAlert>{error}</FormAlert> : null}
      <div>
        <ConfirmDialog
          trigger={trigger}
          triggerVariant="danger"
          title={title}
          description={description}
          confirmLabel="Delete"
          confirmVariant="danger"
          fields={{ intent: DELETE_INTENT }}
        />
      </div>
    </section>
  );
}
