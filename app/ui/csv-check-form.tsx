import { Form } from "@remix-run/react";
import { IMPORT_INTENT } from "~/forms/import-steps";
import { Button } from "./button";
import { FormAlert } from "./form-alert";
import type { ReactNode } from "react";

/**
 * The first step of a CSV import: choose the file and have it checked (posts intent=check), nothing imported yet;
 * the file's refusal below it. `id` names the file input (`${id}-file`) and the message (`${id}-error`); an import
 * that reads workbooks too says so in `label` and `accept`, and its options (`children`) post with the file.
 */
export function CsvCheckForm({
  id,
  error,
  busy,
  label = "CSV file",
  accept = ".csv,text/csv",
  children,
}: {
  id: string;
  error: string | undefined;
  busy: boolean;
  label?: string;
  accept?: string;
  children?: ReactNode;
}) {
  return (
    <>
      <Form method="post" encType="multipart/form-data" className="import-form">
        <input type="hidden" name="intent" value={IMPORT_INTENT.check} />
        <label className="field__label" htmlFor={`${id}-file`}>
          {label}
        </label>
        <input
          id={`${id}-file`}
          type="file"
          name="file"
          accept={accept}
          required
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {children}
        <Button type="submit" variant="secondary" disabled={busy}>
          Check the file
        </Button>
      </Form>
      {error ? (
        <div id={`${id}-error`}>
          <FormAlert>{error}</FormAlert>
        </div>
      ) : null}
    </>
  );
}
