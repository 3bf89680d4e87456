/**
 * The action of an admin list screen (docs/architecture.md, "Admin lists"): a grid of rows with a dialog to add and
 * edit one, edits in place, and actions on the selected rows. A route declares what its list does, in domain calls,
 * and this turns each post into one of them:
 * - `intent=create|update` (the row's dialog): the form is parsed with the dialog's schema; the answer is a redirect
 *   back with a toast, or a refusal (form-contract.ts) beside the fields.
 * - `intent=inline-edit`: one field, checked with the rule of the same name in the dialog's schema.
 * - an intent of `forms`: another form of the screen (a setting of the list), parsed with its schema.
 * - any other intent: an action on the selected rows.
 * Access is checked first, for every post. A domain function refuses with a `Refusal`; anything else it throws is a
 * bug (500). Every domain call gets the event id, and each one keeps to its event's (or organisation's) rows.
 */
import { requireEventPermission } from "~/auth/access.server";
import { parseForm } from "~/forms/form-contract";
import { readPostedForm } from "~/forms/posted-form.server";
import { Refusal } from "~/forms/refusal";
import { answerForm, refuseSubmission, refuseWith } from "~/forms/reply.server";
import { rowId } from "~/forms/rules";
import {
  inlineEditSaved,
  readInlineEdit,
  readSelectedIds,
  refuseBulk,
  refuseInlineEdit,
} from "~/grid/grid-forms.server";
import { redirectWithToast } from "~/http/toast.server";
import { editRowFormId, newRowFormId, rowIdField, type ListDialogForm } from "./list-dialog";
import type { ActionFunctionArgs } from "@remix-run/node";
import type { z, ZodTypeAny } from "zod";
import type { Permission } from "~/auth/permissions";

/** What a list's domain calls get: the event, and the post itself for the few that read more than the schema. */
export type ListCall = { eventId: number; form: FormData };

export interface ListSpec<Schema extends ZodTypeAny> {
  permission: Permission;
  /** What a row is, one and many ("donor", "donors"), for the messages the list gives. */
  noun: readonly [one: string, many: string];
  /** What to say of a row that is no longer there, when "This <noun> no longer exists." does not read well. */
  gone?: string;
  /** Reads the post, when it is not a plain form (a form with uploads); problems found reading it go to fields. */
  readForm?: (request: Request) => Promise<{ form: FormData; fieldErrors?: Record<string, string[]> }>;
  /** The row's dialog: its form, as the screen declares it too, and its calls. */
  dialog?: {
    /** The form (list-dialog.ts); built per event when its schema depends on one, e.g. on the time zone. */
    form: ListDialogForm<Schema> | ((eventId: number) => Promise<ListDialogForm<Schema>>);
    /** Adds the row; the toast's title. */
    create?: (call: ListCall, input: z.output<Schema>) => Promise<string>;
    /** Saves the row; the toast's title, or null when the row is not there (deleted, or not this event's). */
    update?: (call: ListCall & { id: number }, input: z.output<Schema>) => Promise<string | null>;
  };
  /** Edits in place: the rule of each field the grid edits, and the call that saves one (false: no such row). */
  inline?: {
    rules: Record<string, ZodTypeAny>;
    save: (call: ListCall & { id: number }, field: string, value: unknown) => Promise<boolean>;
  };
  /** Actions on the selected rows, by intent; each answers the toast's title. */
  bulk?: Record<string, (call: ListCall & { ids: number[] }) => Promise<string>>;
  /** What to say when an action is sent with no row selected, by intent ("Select the donors first." otherwise). */
  bulkSelect?: Record<string, string>;
  /**
   * Other forms of the screen, by intent, each on the form contract with its id (the intent's name when not
   * given): a setting of the list, an action that takes more than the selected rows. Each answers the toast.
   */
  forms?: Record<string, ListForm>;
}

/** A form of a list screen beside its dialogs (ListSpec.forms). */
export interface ListForm {
  formId?: string;
  schema: ZodTypeAny;
  save: (call: ListCall, input: never) => Promise<string>;
}

/** Declares a list screen's form, typing its call by its schema. */
export const listForm = <Schema extends ZodTypeAny>(form: {
  formId?: string;
  schema: Schema;
  save: (call: ListCall, input: z.output<Schema>) => Promise<string>;
}): ListForm => form;

/**
 * Answers one post to a list screen. Called from the route's `action` function (not built at module level: the
 * browser build loads the route module too, where this module is empty).
 */
export async function listAction<Schema extends ZodTypeAny>({ request }: ActionFunctionArgs, spec: ListSpec<Schema>) {
  const [one, many] = spec.noun;
  const gone = spec.gone ?? `This ${one} no longer exists. Reload the page.`;
  const { eventId } = await requireEventPermission(request, spec.permission);
  const { form, fieldErrors: readErrors } = spec.readForm
    ? await spec.readForm(request)
    : { form: await readPostedForm(request), fieldErrors: undefined };
  const call: ListCall = { eventId, form };
  const intent = String(form.get("intent") ?? "");
  const url = new URL(request.url);
  url.searchParams.delete("dialog");
  const back = (title: string) => redirectWithToast(url.pathname + url.search, { title });

  if ((intent === "create" || intent === "update") && spec.dialog?.[intent]) {
    const dialog = spec.dialog;
    const dialogForm = typeof dialog.form === "function" ? await dialog.form(eventId) : dialog.form;
    let id = 0;
    if (intent === "update") {
      const parsedId = rowId.safeParse(form.get(rowIdField(dialogForm)));
      if (!parsedId.success) throw new Response(`This form does not say which ${one}.`, { status: 400 });
      id = parsedId.data;
    }
    const formId = intent === "create" ? newRowFormId(dialogForm) : editRowFormId(dialogForm, id);
    const submission = parseForm(form, dialogForm.schema);
    if (submission.status !== "success" || readErrors) {
      const errors = { ...(submission.status === "success" ? {} : submission.error), ...readErrors };
      return refuseSubmission(formId, submission, { fieldErrors: withoutNulls(errors) });
    }
    try {
      if (intent === "create") return back(await dialog.create!(call, submission.value));
      const title = await dialog.update!({ ...call, id }, submission.value);
      return title === null ? refuseSubmission(formId, submission, { formErrors: [gone] }) : back(title);
    } catch (error) {
      if (error instanceof Refusal) return refuseWith(formId, submission, error);
      throw error;
    }
  }

  if (intent === "inline-edit" && spec.inline) {
    const edit = readInlineEdit(form, spec.inline.rules);
    const rule = edit ? spec.inline.rules[edit.field] : undefined;
    if (!edit || !rule) throw new Response("This edit is not one the grid makes.", { status: 400 });
    const parsed = rule.safeParse(edit.value);
    if (!parsed.success) return refuseInlineEdit(edit, parsed.error.issues[0].message);
    try {
      const saved = await spec.inline.save({ ...call, id: edit.id }, edit.field, parsed.data);
      return saved ? inlineEditSaved() : refuseInlineEdit(edit, gone);
    } catch (error) {
      if (error instanceof Refusal) return refuseInlineEdit(edit, error.message);
      throw error;
    }
  }

  const other = spec.forms && Object.hasOwn(spec.forms, intent) ? spec.forms[intent] : undefined;
  if (other) {
    const save = other.save as (call: ListCall, input: unknown) => Promise<string>;
    return answerForm(other.formId ?? intent, parseForm(form, other.schema), async (input) =>
      back(await save(call, input)),
    );
  }

  const bulk = spec.bulk && Object.hasOwn(spec.bulk, intent) ? spec.bulk[intent] : undefined;
  if (bulk) {
    const ids = readSelectedIds(form);
    const select =
      spec.bulkSelect?.[intent] ??
      (intent === "delete" ? `Select the ${many} to delete first.` : `Select the ${many} first.`);
    if (!ids) return refuseBulk(select);
    try {
      return back(await bulk({ ...call, ids }));
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      return refuseBulk(intent === "delete" ? `Nothing was deleted. ${error.message}` : error.message);
    }
  }

  throw new Response("This form does not say what to do.", { status: 400 });
}

/** "1 donor", "3 donors": counts in the toasts. */
export function countOf(count: number, [one, many]: readonly [string, string]) {
  return `${count} ${count === 1 ? one : many}`;
}

function withoutNulls(errors: Record<string, string[] | null | undefined>) {
  return Object.fromEntries(Object.entries(errors).filter((entry): entry is [string, string[]] => !!entry[1]));
}
