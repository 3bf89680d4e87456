import { useFetcher } from "@remix-run/react";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { ruleMaxLength } from "~/forms/form-contract";
import { SelectOptions } from "~/ui/select-options";
import { INLINE_EDIT_INTENT, type GridColumn, type InlineEditRefusal } from "../grid-types";
import { showCell } from "./grid-cell";

/**
 * A cell edited in place: the value with an edit button; Enter or leaving the field saves it (intent
 * "inline-edit" to the route's action), Escape puts it back. While saving, the new value shows; a refusal shows
 * beside the field, which stays open with what was typed.
 */
export function GridInlineCell<Row>({
  column,
  row,
  id,
  rowLabel,
}: {
  column: GridColumn<Row>;
  row: Row;
  id: string;
  rowLabel: string;
}) {
  const fetcher = useFetcher<Partial<InlineEditRefusal> & { ok?: boolean }>({ key: `inline-${column.id}-${id}` });
  const [editing, setEditing] = useState(false);
  // The answer whose refusal the person dismissed with Escape: it is not shown again.
  const [dismissed, setDismissed] = useState<unknown>(null);
  // A value the field's rule refuses, found before sending it.
  const [localError, setLocalError] = useState<string | null>(null);
  const cancelled = useRef(false);
  const inputRef = useRef<HTMLInputElement & HTMLSelectElement>(null);
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const errorId = useId();
  const edit = column.edit!;
  const current = column.editValue?.(row) ?? stringValue(column.value(row));
  const maxLength = useMemo(() => (edit.type === "text" ? ruleMaxLength(edit.rule) : undefined), [edit]);
  const error =
    localError ??
    (fetcher.state === "idle" && fetcher.data !== dismissed ? fetcher.data?.inlineError?.message : undefined);
  const pendingValue = fetcher.state !== "idle" ? String(fetcher.formData?.get("value") ?? "") : null;

  useEffect(() => {
    if (editing) {
      cancelled.current = false;
      inputRef.current?.focus();
    }
  }, [editing]);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) {
      setEditing(false);
    }
  }, [fetcher.state, fetcher.data]);

  const label = `${column.header} of ${rowLabel}`;

  if (!editing) {
    return (
      <span className="grid__editable">
        <span>{pendingValue !== null ? pendingValue : showCell(column, row)}</span>
        <button
          ref={editButtonRef}
          type="button"
          className="grid__edit"
          aria-label={`Edit ${label}`}
          onClick={() => setEditing(true)}
        >
          ✎
        </button>
      </span>
    );
  }

  const save = () => {
    if (cancelled.current || fetcher.state !== "idle") return;
    const value = inputRef.current?.value ?? "";
    if (value === current && !error) {
      setEditing(false);
      return;
    }
    const checked = edit.type === "text" ? edit.rule.safeParse(value) : undefined;
    if (checked && !checked.success) {
      setLocalError(checked.error.issues[0].message);
      return;
    }
    setLocalError(null);
    setDismissed(fetcher.data);
    fetcher.submit({ intent: INLINE_EDIT_INTENT, id, field: column.id, value }, { method: "post" });
  };
  const cancel = () => {
    cancelled.current = true;
    setLocalError(null);
    setDismissed(fetcher.data);
    setEditing(false);
    requestAnimationFrame(() => editButtonRef.current?.focus());
  };

  const common = {
    className: "control-sm",
    "aria-label": label,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId : undefined,
    defaultValue: pendingValue ?? current,
    onKeyDown: (event: React.KeyboardEvent) => {
      if (event.key === "Enter") {
        event.preventDefault();
        save();
      } else if (event.key === "Escape") {
        event.preventDefault();
        cancel();
      }
    },
    onBlur: save,
    disabled: fetcher.state !== "idle",
  };

  return (
    <span className="grid__editor">
      {edit.type === "select" ? (
        <select ref={inputRef} {...common}>
          <SelectOptions options={edit.options} />
        </select>
      ) : edit.type === "number" ? (
        <input ref={inputRef} type="text" inputMode="decimal" {...common} />
      ) : (
        <input ref={inputRef} type="text" maxLength={maxLength} {...common} />
      )}
      {error ? (
        <span id={errorId} className="grid__edit-error" role="alert">
          {error}
        </span>
      ) : null}
    </span>
  );
}

function stringValue(value: unknown): string {
  return value === null || value === undefined ? "" : String(value);
}
