/**
 * A list's row dialog as its action and its screen both read it (docs/architecture.md, "Admin lists"): declared
 * once, in a client-safe module beside the list's schema, so that the dialogs' names, the schema and the hidden row
 * id the browser posts are the ones the action parses.
 */
import type { ZodTypeAny } from "zod";

export interface ListDialogForm<Schema extends ZodTypeAny> {
  /** The dialogs' names: `new-<key>` and `edit-<key>-<row id>`, which are also their forms' ids. */
  key: string;
  schema: Schema;
  /** The hidden field naming the row being edited. Default `id`. */
  idField?: string;
}

/** The row dialog's posts: the new row's dialog creates, a row's dialog updates. */
export const LIST_DIALOG_INTENT = { create: "create", update: "update" } as const;

/** Declares a list's row dialog, typing it by its schema. */
export const listDialogForm = <Schema extends ZodTypeAny>(form: ListDialogForm<Schema>) => form;

/** The id of the dialog that adds a row (and of its form). */
export const newRowFormId = (form: ListDialogForm<ZodTypeAny>) => `new-${form.key}`;

/** The id of the dialog that edits row `id` (and of its form). */
export const editRowFormId = (form: ListDialogForm<ZodTypeAny>, id: number) => `edit-${form.key}-${id}`;

/** The hidden field naming the row being edited. */
export const rowIdField = (form: ListDialogForm<ZodTypeAny>) => form.idField ?? "id";
