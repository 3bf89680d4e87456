import { Form } from "@remix-run/react";
import { Button } from "./button";
import { FormAlert } from "./form-alert";

/**
 * The first step of a CSV import: choose the file and have it checked (posts intent=check), nothing imported yet;
 * the file's refusal below it. `id` names the file input (`${id}-file`) and the message (`${id}-error`).
 */
export function CsvCheckForm({ id, error, busy }: { id: string; error: string | undefined; busy: boolean }) {
  return (
    <>
      <Form method="post" encType="multipart/form-data" className="import-form">
        <input type="hidden" name="intent" value="check" />
        <label className="field__label" htmlFor={`${id}-file`}>
          CSV file
        </label>
        <input
          id={`${id}-file`}
          type="file"
          name="file"
          accept=".csv,text/csv"
          required
          aria-describedby={error ? `${id}-error` : undefined}
        />
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
