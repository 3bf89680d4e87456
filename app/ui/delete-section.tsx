import { ConfirmDialog } from "./confirm-dialog";
import { FormAlert } from "./form-alert";

/**
 * The last section of a record's own page: delete it, once confirmed (posts intent=delete), with the reason it was
 * refused above the button.
 */
export function DeleteSection({
  error,
  trigger,
  title,
  description,
}: {
  error: string | undefined;
  trigger: string;
  title: string;
  description: string;
}) {
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
          fields={{ intent: "delete" }}
        />
      </div>
    </section>
  );
}
