/**
 * The action of an admin list screen (docs/architecture.md, "Admin lists"): a grid of rows with a dialog to add and
 * edit one, edits in place, and actions on the selected rows. A route declares what its list does, in domain calls,
 * and this turns each post into one of them:
 * - `intent=create|update` (the row's dialog): the form is parsed with the dialog's schema; the answer is a redirect
 *   back with a toast, or a refusal (form-contract.ts) beside the fields.
 * - `intent=inline-edit`: one field, checked with the rule of the same name in the dialog's schema.
 * - an intent of `forms`: another form of the screen (a setting of the list), parsed with its schema.
 * - any other intent: an action on the selected rows.
 * Each is an intent of one intent action (forms/intent-action.server.ts), so access is checked first, for every
 * post, and an unknown intent is refused as everywhere. A domain function refuses with a `Refusal`; anything else it
 * throws is a bug (500). Every domain call gets the event id, and each one keeps to its event's (or organisation's)
 * rows.
 */
import { type ActionFunctionArgs } from "@remix-run/node";
import { type z, type ZodTypeAny } from "zod";
import { requireEventPermission } from "~/auth/access.server";
import { intentAction, type Intent } from "~/forms/intent-action.server";
import { readPostedForm } from "~/forms/posted-form.server";
import { Refusal } from "~/forms/refusal";
import { rowId } from "~/forms/rules";
import { bulkIntent, inlineEditIntent } from "~/grid/grid-intents.server";
import { BULK_INTENT, INLINE_EDIT_INTENT } from "~/grid/grid-types";
import { editRowFormId, LIST_DIALOG_INTENT, newRowFormId, rowIdField, type ListDialogForm } from "./list-dialog";
import type { Permission } from "~/auth/permissions";

/** What a list's domain calls get: the event, and the post itself for the few that read more than the schema. */
export type ListCall = { eventId: number; form: FormData };

/** What access gives a list's intents. */
type ListAccess = Omit<ListCall, "form">;

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
 * Answers one post to a list screen: the list, declared as intents of one intent action (intent-action.server.ts).
 * Called from the route's `action` function (not built at module level: the browser build loads the route module
 * too, where this module is empty).
 */
export async function listAction<Schema extends ZodTypeAny>({ request }: ActionFunctionArgs, spec: ListSpec<Schema>) {
  const [one, many] = spec.noun;
  const gone = spec.gone ?? `This ${one} no longer exists. Reload the page.`;
  // What access and reading the post found, for the intents' form ids and messages (this one post's).
  let dialogForm: ListDialogForm<Schema> | undefined;
  let readErrors: Record<string, string[]> = {};
  const { dialog, inline, forms = {}, bulk = {} } = spec;

  return intentAction(request, {
    access: async (request) => {
      const { eventId } = await requireEventPermission(request, spec.permission);
      if (dialog) dialogForm = typeof dialog.form === "function" ? await dialog.form(eventId) : dialog.form;
      return { eventId };
    },
    readForm: async (request) => {
      if (!spec.readForm) return readPostedForm(request);
      const read = await spec.readForm(request);
      readErrors = read.fieldErrors ?? {};
      return read.form;
    },
    // Declared from the last to be looked up to the first: a dialog's intent before an inline edit, before the
    // screen's other forms, before an action on the selected rows.
    intents: (declare) => {
      const intents: Record<string, Intent<ListAccess, never>> = {};
      for (const [name, act] of Object.entries(bulk)) {
        const select =
          spec.bulkSelect?.[name] ??
          (name === BULK_INTENT.delete ? `Select the ${many} to delete first.` : `Select the ${many} first.`);
        intents[name] = bulkIntent(declare, name, { select, act });
      }
      for (const [name, other] of Object.entries(forms)) {
        const save = other.save as (call: ListCall, input: unknown) => Promise<string>;
        intents[name] = declare({ formId: other.formId ?? name, schema: other.schema, run: save });
      }
      if (inline) {
        intents[INLINE_EDIT_INTENT] = inlineEditIntent(declare, {
          rules: inline.rules,
          save: (call, id, field, value) => inline.save({ ...call, id }, field, value),
          gone,
        });
      }
      const { create, update } = dialog ?? {};
      const dialogIntent = {
        schema: () => dialogForm!.schema,
        otherErrors: () => readErrors,
      };
      if (create) {
        intents[LIST_DIALOG_INTENT.create] = declare({
          ...dialogIntent,
          formId: () => newRowFormId(dialogForm!),
          run: (call, input: z.output<Schema>) => create(call, input),
        });
      }
      if (update) {
        intents[LIST_DIALOG_INTENT.update] = declare({
          ...dialogIntent,
          formId: (form) => editRowFormId(dialogForm!, editedRow(form)),
          run: async (call, input: z.output<Schema>) => {
            const title = await update({ ...call, id: editedRow(call.form) }, input);
            if (title === null) throw new Refusal(gone);
            return title;
          },
        });
      }
      return intents;
    },
  });

  /** The row the dialog edits, from its hidden field; a post that does not say is not one of ours. */
  function editedRow(form: FormData) {
    const parsed = rowId.safeParse(form.get(rowIdField(dialogForm!)));
    if (!parsed.success) throw new Response(`This form does not say which ${one}.`, { status: 400 });
    return parsed.data;
  }
}

/** "1 donor", "3 donors": counts in the toasts. */
export function countOf(count: number, [one, many]: readonly [string, string]) {
  return `${count} ${count === 1 ? one : many}`;
}
