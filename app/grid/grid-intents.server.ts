/**
 * A grid's two kinds of post as intents of a screen's intent action (forms/intent-action.server.ts): an edit in
 * place of one cell, and an action on the selected rows. Admin lists declare them through listAction; a screen with a
 * grid and forms of its own (raw data, inventory) declares them beside its other intents.
 */
import { data } from "@remix-run/node";
import { z, type ZodTypeAny } from "zod";
import { type DeclareIntent, type IntentAnswer, type IntentCall } from "~/forms/intent-action.server";
import { Refusal } from "~/forms/refusal";
import { inlineEditSaved, readInlineEdit, readSelectedIds, refuseBulk, refuseInlineEdit } from "./grid-forms.server";
import { INLINE_EDIT_INTENT } from "./grid-types";
import type { FormReply } from "~/forms/form-contract";

/**
 * An edit in place: the field's rule checks the value, then `save` stores it (false: the row is not there, said
 * with `gone`). A refusal, the rule's or a `Refusal` thrown by `save`, is shown beside the cell.
 */
export function inlineEditIntent<Access>(
  declare: DeclareIntent<Access>,
  grid: {
    rules: Record<string, ZodTypeAny>;
    save: (call: IntentCall<Access>, id: number, field: string, value: unknown) => Promise<boolean>;
    gone: string;
  },
) {
  return declare({
    formId: INLINE_EDIT_INTENT,
    schema: z.object({}),
    refusal: (reply, { form }) => refuseInlineEdit(readInlineEdit(form, grid.rules)!, firstMessage(reply)),
    run: async (call) => {
      const edit = readInlineEdit(call.form, grid.rules);
      if (!edit) throw new Response("This edit is not one the grid makes.", { status: 400 });
      const parsed = grid.rules[edit.field].safeParse(edit.value);
      if (!parsed.success) throw new Refusal(parsed.error.issues[0].message);
      if (!(await grid.save(call, edit.id, edit.field, parsed.data))) throw new Refusal(grid.gone);
      return data(inlineEditSaved());
    },
  });
}

/**
 * An action on the selected rows: `select` is said when none is; a `Refusal` thrown by `act` is shown in the grid's
 * action bar, after "Nothing was deleted." for a delete.
 */
export function bulkIntent<Access>(
  declare: DeclareIntent<Access>,
  name: string,
  bulk: { select: string; act: (call: IntentCall<Access> & { ids: number[] }) => Promise<IntentAnswer> },
) {
  return declare({
    formId: name,
    schema: z.object({}),
    refusal: (reply) => refuseBulk(firstMessage(reply)),
    run: async (call) => {
      const ids = readSelectedIds(call.form);
      if (!ids) throw new Refusal(bulk.select);
      try {
        return await bulk.act({ ...call, ids });
      } catch (error) {
        if (name === "delete" && error instanceof Refusal) throw new Refusal(`Nothing was deleted. ${error.message}`);
        throw error;
      }
    },
  });
}

/** The refusal's one message, for the grid's action bar or cell. */
function firstMessage(reply: FormReply) {
  return Object.values(reply.error ?? {}).flatMap((messages) => messages ?? [])[0] ?? "";
}
