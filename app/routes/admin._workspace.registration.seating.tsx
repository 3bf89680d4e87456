import { type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireEventPermission } from "~/auth/access.server";
import { db } from "~/db.server";
import { intentAction } from "~/forms/intent-action.server";
import { Refusal } from "~/forms/refusal";
import { loadSeating, moveGuests } from "~/registration/seating.server";
import {
  DELETE_TABLE,
  MOVE_FORM,
  moveSchema,
  SEATING_INTENT,
  tableIdSchema,
  tableSchema,
} from "~/registration/table-form";
import { createTable, deleteTable, suggestedTableName, updateTable } from "~/registration/tables.server";
import { SeatingScreen } from "~/registration/ui/seating-screen";
import seatingHref from "~/styles/seating.css";
import { titleMeta } from "~/ui/error-page";

export const meta = titleMeta("Seating · Registration · Gavel");

export const links: LinksFunction = () => [{ rel: "stylesheet", href: seatingHref }];

/** /admin/registration/seating: the split view of unseated parties and tables (can_register). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_register");
  const [seating, suggestedName] = await Promise.all([loadSeating(db, eventId), suggestedTableName(db, eventId)]);
  return { ...seating, suggestedName, eventId };
}

/**
 * A move (a party dragged or sent to a table), and adding, editing and deleting a table (FormDialog forms: the
 * `dialog` field names the one to reopen with its messages).
 */
export async function action({ request }: ActionFunctionArgs) {
  return intentAction(request, {
    access: (request) => requireEventPermission(request, "can_register"),
    intents: (intent) => ({
      [SEATING_INTENT.move]: intent({
        formId: MOVE_FORM,
        schema: moveSchema,
        unparsed: "Choose a table to seat them at, or Unseated.",
        replaceHistory: true,
        run: async ({ eventId }, { guest, only, to }) => {
          if (only && !guest.includes(only)) throw new Refusal("That guest is not in this party. Nobody was moved.");
          const moved = await moveGuests(db, eventId, {
            guestIds: only ? [only] : guest,
            to: to === "unseated" ? null : to,
          });
          if (!moved.ok) throw new Refusal(moved.message);
          return moved.message;
        },
      }),
      [SEATING_INTENT.createTable]: intent({
        formId: dialogName,
        schema: tableSchema,
        run: async ({ eventId }, table) => {
          await createTable(db, eventId, table);
          return `${table.name} added, with ${table.capacity} seats`;
        },
      }),
      [SEATING_INTENT.updateTable]: intent({
        formId: dialogName,
        schema: tableSchema.merge(tableIdSchema),
        run: async ({ eventId }, { table: tblId, ...table }) => {
          if (!tblId || !(await updateTable(db, eventId, tblId, table)))
            throw new Refusal("This table no longer exists. Close this and reload the page.");
          return `${table.name} saved, with ${table.capacity} seats`;
        },
      }),
      [SEATING_INTENT.deleteTable]: intent({
        formId: DELETE_TABLE,
        schema: tableIdSchema,
        run: async ({ eventId }, { table: tblId }) => {
          const deleted = tblId ? await deleteTable(db, eventId, tblId) : null;
          if (!deleted) return "That table was already deleted";
          const unseated =
            deleted.unseated === 0
              ? ""
              : deleted.unseated === 1
                ? "; its guest is unseated"
                : `; its ${deleted.unseated} guests are unseated`;
          return `${deleted.name} deleted${unseated}`;
        },
      }),
    }),
  });
}

/** The dialog's name, as FormDialog posts it: "new-table" or "edit-table-<id>". */
const dialogName = (form: FormData) => String(form.get("dialog") ?? "");

export default function SeatingPage() {
  return <SeatingScreen {...useLoaderData<typeof loader>()} />;
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
