/**
 * Reading a row's id from an address or a form (client-safe). Ids are PostgreSQL integers: a number above
 * 2,147,483,647 reaches the database as an error (a 500), so it is read as "no such row", like any other text
 * that is not an id.
 */
export const MAX_ROW_ID = 2_147_483_647;

/** The id the text holds, or null: digits only, at least 1, at most the integer column's ceiling. */
export function readRowId(value: FormDataEntryValue | string | null | undefined): number | null {
  if (typeof value !== "string" || !/^\d{1,10}$/.test(value.trim())) return null;
  const id = Number(value.trim());
  return id >= 1 && id <= MAX_ROW_ID ? id : null;
}
