/**
 * The organisation's matching of its spreadsheets' columns to the item import's fields (item_import_column), kept
 * when the organiser matches a file's columns by hand and offered on its next file. Keyed by the event's
 * organisation, found from the event: an organisation's choices never reach another's imports.
 */
import { and, eq, inArray } from "drizzle-orm";
import { db } from "~/db.server";
import { clientOfEvent } from "~/events/client-of-event.server";
import { item_import_column } from "~drizzle/schema";
import {
  fieldOfColumn,
  IMPORT_FIELD_LABELS,
  isImportField,
  type ColumnMap,
  type ImportField,
} from "./item-import-columns";
import { choiceField } from "./item-import-options";

/** The choices the event's organisation made before, for the columns it named. */
export async function savedColumnMap(eventId: number): Promise<ColumnMap> {
  const clientId = await clientOfEvent(eventId, db);
  const rows = await db
    .select({ column: item_import_column.column_name, field: item_import_column.field })
    .from(item_import_column)
    .where(eq(item_import_column.client_id, clientId));
  const map: ColumnMap = {};
  for (const row of rows) if (row.field === null || isImportField(row.field)) map[row.column] = row.field;
  return map;
}

/**
 * Keeps the organiser's choice for each column: a choice that is what the column's name already says is no choice
 * (forgotten, so the names decide again); any other is kept, "not imported" for a column the names do not know too
 * (so that the next file with it is not stopped to ask again).
 */
export async function saveColumnChoices(eventId: number, choices: ColumnMap): Promise<void> {
  const clientId = await clientOfEvent(eventId, db);
  const entries = Object.entries(choices);
  const sameAsName = ([column, field]: [string, ImportField | null]) =>
    fieldOfColumn(column) !== undefined && field === fieldOfColumn(column);
  const byName = entries.filter(sameAsName);
  const chosen = entries.filter((entry) => !sameAsName(entry));
  await db.transaction(async (tx) => {
    if (byName.length > 0) {
      await tx.delete(item_import_column).where(
        and(
          eq(item_import_column.client_id, clientId),
          inArray(
            item_import_column.column_name,
            byName.map(([column]) => column),
          ),
        ),
      );
    }
    for (const [column, field] of chosen) {
      await tx
        .insert(item_import_column)
        .values({ client_id: clientId, column_name: column, field })
        .onConflictDoUpdate({
          target: [item_import_column.client_id, item_import_column.column_name],
          set: { field, updated_at: new Date() },
        });
    }
  });
}

export type ColumnChoices = { map: ColumnMap } | { error: string };

/**
 * Reads the mapping form's choices, one per column of the file posted back: an item field, or "" for not imported;
 * a field chosen for two columns is refused.
 */
export function readColumnChoices(form: FormData, columns: { name: string; column: string }[]): ColumnChoices {
  const map: ColumnMap = {};
  const columnOfField = new Map<ImportField, string>();
  for (const { name, column } of columns) {
    const value = String(form.get(choiceField(column)) ?? "");
    if (value !== "" && !isImportField(value))
      throw new Response("This field is not one the import fills.", { status: 400 });
    const field = value === "" ? null : value;
    if (field !== null) {
      const other = columnOfField.get(field);
      if (other !== undefined)
        return { error: `“${other}” and “${name}” are both chosen as the ${IMPORT_FIELD_LABELS[field]}: keep one.` };
      columnOfField.set(field, name);
    }
    map[column] = field;
  }
  return { map };
}
