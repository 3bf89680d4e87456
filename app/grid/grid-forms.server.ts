/**
 * Reading what a DataGrid posts: the ids of the selected rows and inline edits (app/grid/grid-types.ts), and the
 * answers an action gives them.
 */
import { data } from "@remix-run/node";
import { z } from "zod";
import { rowId } from "~/forms/rules";
import type { InlineEditRefusal } from "./grid-types";
import type { BulkRefusal } from "./ui/grid-bulk-bar";

// A grid shows a few thousand rows at most; a post naming more is not one of ours.
const MAX_SELECTED = 10_000;

/** The selected rows' ids; null when there are none or one is malformed. */
export function readSelectedIds(form: FormData): number[] | null {
  const parsed = z.array(rowId).min(1).max(MAX_SELECTED).safeParse(form.getAll("id"));
  return parsed.success ? [...new Set(parsed.data)] : null;
}

export type InlineEdit<F extends string = string> = { id: number; field: F; value: string };

/**
 * An inline edit's row id, column and new value; null when the post is malformed or names a column that `fields`
 * (the grid's rules by column) does not have. Own keys only: "constructor" or "__proto__" is in every object.
 */
export function readInlineEdit<F extends string>(
  form: FormData,
  fields: Readonly<Record<F, unknown>>,
): InlineEdit<F> | null {
  const parsed = z
    .object({ id: rowId, field: z.string().min(1).max(64), value: z.string().max(10_000) })
    .safeParse({ id: form.get("id"), field: form.get("field"), value: form.get("value") });
  if (!parsed.success || !Object.hasOwn(fields, parsed.data.field)) return null;
  return { ...parsed.data, field: parsed.data.field as F };
}

/** The refusal of an inline edit, shown beside the cell's field (status 400; nothing was changed). */
export function refuseInlineEdit(edit: Pick<InlineEdit, "id" | "field">, message: string) {
  return data<InlineEditRefusal>({ inlineError: { id: String(edit.id), field: edit.field, message } }, { status: 400 });
}

/** The answer to an inline edit that was saved: the grid closes the cell's field. */
export function inlineEditSaved() {
  return { ok: true as const };
}

/** The refusal of an action on the selected rows, shown in the grid's action bar (status 400). */
export function refuseBulk(message: string) {
  return data<BulkRefusal>({ bulkError: message }, { status: 400 });
}
