/**
 * The steps of a spreadsheet import, as its forms post them (ui/csv-check-form.tsx, ui/import-report.tsx) and the
 * routes that import declare them: check the file (nothing saved), match its columns by hand, import the rows.
 */
export const IMPORT_INTENT = { check: "check", map: "map", import: "import" } as const;
