/**
 * What the seating screen's forms ask for (/admin/registration/seating), read and carried out: a move (intent
 * "move": `guest` repeated for the guests shown together, `only` to take just one of them, `to` a table id or
 * "unseated"), and adding, editing and deleting a table (FormDialog forms, `dialog` names the one to reopen).
 */
import { z } from "zod";
import { parseForm } from "~/forms/form-contract";
import { refuseForm, refuseSubmission, refuseWith } from "~/forms/reply.server";
import { rowId } from "~/forms/rules";
import { moveGuests } from "./seating.server";
import { MOVE_FORM, tableSchema } from "./table-form";
import { createTable, deleteTable, TableFieldError, updateTable } from "./tables.server";
import type { Database } from "~/db/connection.server";

/** Done (the route redirects with the message as a toast), or refused: the 400 answer in the form contract's shape. */
export type SeatingActionResult =
  { kind: "done"; message: string; isMove: boolean } | { kind: "refused"; answer: ReturnType<typeof refuseForm> };

const refuseMove = (message: string): SeatingActionResult => ({
  kind: "refused",
  answer: refuseForm(MOVE_FORM, message),
});

const id = rowId;
const moveSchema = z.object({
  guest: z.array(id).min(1).max(1000),
  only: z.union([z.literal(""), id]).optional(),
  to: z.union([z.literal("unseated"), id]),
});

export async function runSeatingAction(db: Database, eventId: number, form: FormData): Promise<SeatingActionResult> {
  const intent = form.get("intent");
  if (intent === "move") {
    const parsed = moveSchema.safeParse({
      guest: form.getAll("guest"),
      only: form.get("only") ?? undefined,
      to: form.get("to") ?? "",
    });
    if (!parsed.success) return refuseMove("Choose a table to seat them at, or Unseated.");
    const { guest, only, to } = parsed.data;
    if (only && !guest.includes(only)) return refuseMove("That guest is not in this party. Nobody was moved.");
    const result = await moveGuests(db, eventId, {
      guestIds: only ? [only] : guest,
      to: to === "unseated" ? null : to,
    });
    return result.ok ? { kind: "done", message: result.message, isMove: true } : refuseMove(result.message);
  }

  if (intent === "create-table" || intent === "update-table") {
    // The dialog's name, as FormDialog posts it: "new-table" or "edit-table-<id>".
    const formId = String(form.get("dialog") ?? "");
    const submission = parseForm(form, tableSchema);
    if (submission.status !== "success") return { kind: "refused", answer: refuseSubmission(formId, submission) };
    const table = submission.value;
    try {
      if (intent === "create-table") {
        await createTable(db, eventId, table);
        return { kind: "done", message: `${table.name} added, with ${table.capacity} seats`, isMove: false };
      }
      const tblId = id.safeParse(form.get("table"));
      if (!tblId.success || !(await updateTable(db, eventId, tblId.data, table))) {
        return {
          kind: "refused",
          answer: refuseSubmission(formId, submission, {
            formErrors: ["This table no longer exists. Close this and reload the page."],
          }),
        };
      }
      return { kind: "done", message: `${table.name} saved, with ${table.capacity} seats`, isMove: false };
    } catch (error) {
      if (!(error instanceof TableFieldError)) throw error;
      return { kind: "refused", answer: refuseWith(formId, submission, error) };
    }
  }

  if (intent === "delete-table") {
    const tblId = id.safeParse(form.get("table"));
    const deleted = tblId.success ? await deleteTable(db, eventId, tblId.data) : null;
    if (!deleted) return { kind: "done", message: "That table was already deleted", isMove: false };
    const unseated =
      deleted.unseated === 0
        ? ""
        : deleted.unseated === 1
          ? "; its guest is unseated"
          : `; its ${deleted.unseated} guests are unseated`;
    return { kind: "done", message: `${deleted.name} deleted${unseated}`, isMove: false };
  }

  throw new Response("This form does not say what to do.", { status: 400 });
}
