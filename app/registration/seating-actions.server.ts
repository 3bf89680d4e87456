/**
 * What the seating screen's forms ask for (/admin/registration/seating), read and carried out: a move (intent
 * "move": `guest` repeated for the guests shown together, `only` to take just one of them, `to` a table id or
 * "unseated"), and adding, editing and deleting a table (FormDialog forms, `dialog` names the one to reopen).
 */
import { z } from "zod";
import { moveGuests } from "./seating.server";
import { createTable, deleteTable, TableFieldError, tableSchema, updateTable } from "./tables.server";
import type { Database } from "~/db/connection.server";
import type { DialogRefusal } from "~/ui/form-dialog";

export type SeatingActionResult =
  | { kind: "done"; message: string; isMove: boolean }
  | { kind: "move-refused"; message: string }
  | { kind: "dialog-refused"; refusal: DialogRefusal };

const id = z.coerce.number().int().positive();
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
    if (!parsed.success) return { kind: "move-refused", message: "Choose a table to seat them at, or Unseated." };
    const { guest, only, to } = parsed.data;
    if (only && !guest.includes(only))
      return { kind: "move-refused", message: "That guest is not in this party. Nobody was moved." };
    const result = await moveGuests(db, eventId, {
      guestIds: only ? [only] : guest,
      to: to === "unseated" ? null : to,
    });
    return result.ok
      ? { kind: "done", message: result.message, isMove: true }
      : { kind: "move-refused", message: result.message };
  }

  if (intent === "create-table" || intent === "update-table") {
    const dialog = String(form.get("dialog") ?? "");
    const values = { name: String(form.get("name") ?? ""), capacity: String(form.get("capacity") ?? "") };
    const parsed = tableSchema.safeParse(values);
    if (!parsed.success)
      return { kind: "dialog-refused", refusal: { dialog, fieldErrors: parsed.error.flatten().fieldErrors, values } };
    try {
      if (intent === "create-table") {
        await createTable(db, eventId, parsed.data);
        return {
          kind: "done",
          message: `${parsed.data.name} added, with ${parsed.data.capacity} seats`,
          isMove: false,
        };
      }
      const tblId = id.safeParse(form.get("table"));
      if (!tblId.success || !(await updateTable(db, eventId, tblId.data, parsed.data))) {
        return {
          kind: "dialog-refused",
          refusal: { dialog, formError: "This table no longer exists. Close this and reload the page.", values },
        };
      }
      return { kind: "done", message: `${parsed.data.name} saved, with ${parsed.data.capacity} seats`, isMove: false };
    } catch (error) {
      if (!(error instanceof TableFieldError)) throw error;
      return { kind: "dialog-refused", refusal: { dialog, fieldErrors: { [error.field]: [error.message] }, values } };
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
